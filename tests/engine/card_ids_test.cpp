// engine::card_ids: ids as dealt until renewed on the way out of a pile; an old id names nothing.
#include <doctest/doctest.h>

#include "engine/core/card_ids.hpp"

using starport::engine::card_ids;

TEST_CASE("card ids: as dealt, a renewed copy takes the next fresh id and its old one names nothing") {
  card_ids<8> ids;
  CHECK(ids.of(0) == 1);
  CHECK(ids.of(7) == 8);
  CHECK(ids.copy_of(3, 8) == 2);
  ids.renew(2);
  CHECK(ids.of(2) == 9);            // fresh ids start past every dealt one
  CHECK(ids.copy_of(9, 8) == 2);
  CHECK(ids.copy_of(3, 8) == -1);   // its dealt id is gone
  ids.renew(2);
  CHECK(ids.of(2) == 10);           // each renewal is new again
  CHECK(ids.copy_of(9, 8) == -1);
  CHECK(ids.copy_of(0, 8) == -1);
  CHECK(ids.copy_of(-4, 8) == -1);
  CHECK(ids.copy_of(4, 3) == -1);   // only the first `count` copies are in play
}

TEST_CASE("card ids: two tables renewed alike are equal, whichever copy went first") {
  card_ids<4> a, b;
  CHECK(a == b);
  a.renew(1);
  b.renew(3);
  CHECK_FALSE(a == b);
  CHECK(a.of(1) == b.of(3));   // the same fresh number: it says nothing about which copy
}
