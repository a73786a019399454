// permessage-deflate (RFC 7692) on game connections: agreed only when the server runs with
// --ws-compress and the client offers it, per connection; a whole match plays through it;
// the frame limit holds for what a frame inflates to (docs/capacity-measurements.md, "Compression").
#include <doctest/doctest.h>

#include <string>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

TEST_CASE("compression: with --ws-compress a client offering permessage-deflate gets it and plays a whole match through it") {
  server_fixture f({"--bot-delay-ms", "0", "--ws-compress"});
  test_client a(f.port(), true);
  test_client b(f.port());   // offers nothing, as an old client: the same table, frames as they are
  CHECK(a.extensions.starts_with("permessage-deflate"));
  CHECK(b.extensions.empty());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 40));
  // Many frames each way; not a fixed count: the server's seed decides, and a Conquest can
  // end a 40-contest match in under 20 contests (one run played 39 moves).
  CHECK(play_to_end(t) > 10);
  for (test_client* c : {&a, &b}) {
    const test_client::match_state& s = c->matches[t.match_id];
    CHECK(s.view.outcome().over());
    CHECK(s.gaps == 0);
    await_over(*c, t.match_id);
  }
  CHECK(a.matches[t.match_id].view.outcome().SerializeAsString() ==
        b.matches[t.match_id].view.outcome().SerializeAsString());
}

TEST_CASE("compression: off by default - an offer of permessage-deflate is not taken up") {
  server_fixture f;
  test_client a(f.port(), true);
  CHECK(a.extensions.empty());
  CHECK_FALSE(a.hello("Ada").account_id().empty());
}

TEST_CASE("compression: a small compressed frame that inflates past the frame limit closes the connection 1009") {
  server_fixture f({"--bot-delay-ms", "0", "--ws-compress"});
  test_client a(f.port(), true);
  REQUIRE(a.extensions.starts_with("permessage-deflate"));
  a.hello("Ada");
  // 1 MiB of zeros deflates to about a kilobyte; the limit (64 KiB) is on the message as
  // inflated, so the server stops inflating there.
  a.send_bytes(std::string(1 << 20, '\0'));
  CHECK(a.read_close_code() == 1009);
}
