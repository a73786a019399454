// The field-level view diff (server/protocol/view_diff.hpp): a client that starts from a
// snapshot and applies every streamed patch holds exactly the view the server would send
// whole — for every registered game, every seat count, each seat's view and the
// spectator's; and a patch says only what changed, down to nested fields and list elements.
// STARPORT_DIFF_MATCHES scales the number of random matches per game and seat count.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/protocol/view_diff.hpp"
#include "starport/v1/space_war.pb.h"

using namespace starport;
using engine::viewer;
using google::protobuf::Message;

namespace {

int matches_per_seat_count() {
  const char* env = std::getenv("STARPORT_DIFF_MATCHES");
#if defined(STARPORT_SANITIZED)
  constexpr int fallback = 1;   // the sanitizer build is ~20x slower (CI time); the loop still reaches 1,000 states
#else
  constexpr int fallback = 10;
#endif
  return env ? std::max(1, std::atoi(env)) : fallback;
}

// SplitMix64: the test's own choices (bots per seat, which past view to diff against).
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// "Equal" is byte equality of the deterministic serialization, the strictest notion the
// wire can observe.
std::string exact_bytes(const Message& m) {
  std::string out;
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  m.ByteSizeLong();   // SerializeWithCachedSizes trusts the cached sizes: refresh them first
  m.SerializeWithCachedSizes(&coded);
  return out;
}

// One viewer's stream: the server's last view and the client's reconstruction of it.
struct stream {
  viewer who;
  engine::message_ptr sent;      // what the server last sent
  engine::message_ptr client;    // snapshot + every diff applied
};

struct counts {
  std::uint64_t states = 0;
  std::uint64_t diffs = 0;
  std::uint64_t empty = 0;
  std::uint64_t patch_bytes = 0;
  std::uint64_t view_bytes = 0;
};

std::string varint(std::uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  return out + static_cast<char>(v);
}

// A patch entry's key: field (or list index) << 2 | op.
std::string key(std::uint64_t number, std::uint64_t op) { return varint(number << 2 | op); }

// Length-prefixed.
std::string framed(const std::string& bytes) { return varint(bytes.size()) + bytes; }

// Applies the diff between the stream's last view and `now`, then checks the client copy.
void advance(stream& s, const Message& now, counts& c) {
  const std::string patch = server::diff_views(*s.sent, now);
  const std::string expected = exact_bytes(now);
  bool same = exact_bytes(*s.sent) == expected;
  REQUIRE(patch.empty() == same);
  if (patch.empty()) ++c.empty;
  c.patch_bytes += patch.size();
  c.view_bytes += expected.size();
  REQUIRE(server::apply_diff(*s.client, patch));
  REQUIRE(exact_bytes(*s.client) == expected);
  s.sent->CopyFrom(now);
  ++c.diffs;
}

void run_match(const engine::game_info& g, int seats, std::uint64_t seed, counts& c) {
  engine::message_ptr options = g.new_options();
  REQUIRE(g.validate(seats, *options));
  auto m = g.create(seats, *options, seed);
  std::vector<std::unique_ptr<engine::bot>> bots;
  for (int s = 0; s < seats; ++s) {
    const engine::bot_entry& b = g.bots[mix(seed + s) % g.bots.size()];
    bots.push_back(b.make(mix(seed ^ (0x51ull << s))));
  }
  std::vector<stream> streams;
  for (int v = -1; v < seats; ++v) {
    viewer who = v < 0 ? viewer::spectator() : viewer::of_seat(v);
    stream s{who, m->view(who), g.new_view()};
    s.client->CopyFrom(*s.sent);   // the snapshot
    streams.push_back(std::move(s));
  }
  engine::message_ptr now = g.new_view();
  std::vector<engine::action> scratch;
  for (int step = 0; step < 5000; ++step) {
    int seat = engine::next_seat(*m);
    if (seat < 0) break;
    engine::action a = engine::bot_move(*m, seat, *bots[seat], scratch);
    REQUIRE(m->play(a));
    ++c.states;
    for (stream& s : streams) {
      now->Clear();
      m->view_into(s.who, *now);
      advance(s, *now, c);
    }
  }
  // No action since the last diff: every stream's next diff is empty.
  for (stream& s : streams) {
    now->Clear();
    m->view_into(s.who, *now);
    CHECK(server::diff_views(*s.sent, *now).empty());
  }
}

}  // namespace

TEST_CASE("streamed diffs reproduce every view of every game, seat and spectator") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    counts c;
    // Rounds of one match per seat count, until both the asked rounds and a thousand
    // states are reached: short games (Space Race) play more rounds (bounded).
    for (int i = 0; i < 200 && (i < matches_per_seat_count() || c.states < 1000); ++i) {
      for (int seats = std::max(1, g->min_seats); seats <= g->max_seats; ++seats) {
        CAPTURE(seats);
        std::uint64_t seed = mix(static_cast<std::uint64_t>(seats) * 100'003u + i);
        CAPTURE(seed);
        run_match(*g, seats, seed, c);
      }
    }
    MESSAGE(g->id << ": " << c.states << " states, " << c.diffs << " diffs (" << c.empty
                  << " empty), patches " << c.patch_bytes << " bytes against " << c.view_bytes
                  << " for whole views");
    CHECK(c.states >= 1000);   // "thousands of random states" per game
    CHECK(c.empty < c.diffs);  // the streams did change
    CHECK(c.patch_bytes * 2 < c.view_bytes);   // field-level: far less than resending the views
  }
}

TEST_CASE("a diff between unrelated views of the same game is exact too") {
  // Views from different matches and seat counts differ in almost every field, and
  // in repeated fields of different lengths: the diff must still land exactly.
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    engine::message_ptr options = g->new_options();
    std::vector<engine::message_ptr> views;
    for (int seats = std::max(1, g->min_seats); seats <= g->max_seats; ++seats) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        auto m = g->create(seats, *options, seed);
        std::vector<std::unique_ptr<engine::bot>> bots;
        for (int s = 0; s < seats; ++s) bots.push_back(engine::random_bot_entry.make(seed + s));
        engine::play_out(*m, bots, mix(seed) % 200, false);
        views.push_back(m->view(viewer::of_seat(0)));
        views.push_back(m->view(viewer::spectator()));
      }
    }
    for (std::size_t i = 0; i < views.size(); ++i) {
      for (std::size_t j = 0; j < views.size(); ++j) {
        const std::string patch = server::diff_views(*views[i], *views[j]);
        engine::message_ptr client = g->new_view();
        client->CopyFrom(*views[i]);
        REQUIRE(server::apply_diff(*client, patch));
        REQUIRE(exact_bytes(*client) == exact_bytes(*views[j]));
      }
    }
  }
}

TEST_CASE("identical views give an empty diff") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    auto m = g->create(g->min_seats, *g->new_options(), 7);
    engine::message_ptr a = m->view(viewer::of_seat(0));
    engine::message_ptr b = m->view(viewer::of_seat(0));
    const std::string patch = server::diff_views(*a, *b);
    CHECK(patch.empty());
    // Applying the empty diff changes nothing.
    std::string before = exact_bytes(*a);
    REQUIRE(server::apply_diff(*a, patch));
    CHECK(exact_bytes(*a) == before);
  }
}

TEST_CASE("presence is part of the value: absent and empty submessages differ") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    engine::message_ptr absent = g->new_view();
    const auto* d = absent->GetDescriptor();
    for (int i = 0; i < d->field_count(); ++i) {
      const auto* f = d->field(i);
      if (f->is_repeated() || f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE)
        continue;
      CAPTURE(f->name());
      engine::message_ptr empty = g->new_view();
      empty->GetReflection()->MutableMessage(empty.get(), f);   // present, all defaults
      const std::string there = server::diff_views(*absent, *empty);
      // SET of field f, an empty message: key, length 0.
      REQUIRE(there == key(static_cast<std::uint64_t>(f->number()), 0) + std::string(1, '\0'));
      engine::message_ptr client = g->new_view();
      REQUIRE(server::apply_diff(*client, there));
      CHECK(client->GetReflection()->HasField(*client, f));
      const std::string back = server::diff_views(*empty, *absent);
      CHECK(back == key(static_cast<std::uint64_t>(f->number()), 1));   // CLEAR
      REQUIRE(server::apply_diff(*client, back));
      CHECK_FALSE(client->GetReflection()->HasField(*client, f));
    }
  }
}


namespace sw = starport::space_war::v1;

namespace {

// A card as views carry it: its copy's id and its kind in the catalog.
sw::Card card(std::uint32_t id, std::uint32_t kind) {
  sw::Card c;
  c.set_id(id);
  c.set_kind(kind);
  return c;
}

// Diffs, applies, and checks the result is `after` exactly; returns the patch.
std::string round_trip(const sw::View& before, const sw::View& after) {
  const std::string patch = server::diff_views(before, after);
  sw::View client = before;
  REQUIRE(server::apply_diff(client, patch));
  REQUIRE(exact_bytes(client) == exact_bytes(after));
  return patch;
}

}  // namespace

TEST_CASE("a nested scalar that changed is sent alone: the list element's field, not the list") {
  sw::View before;
  before.set_contest(4);
  for (std::uint32_t i = 0; i < 2; ++i) {
    sw::Seat& s = *before.add_seats();
    s.set_seat(i);
    s.set_power(sw::INACTIVE);
    s.set_power_name("Dwarven Armor");
  }
  sw::View after = before;
  after.mutable_seats(0)->set_power(sw::ACTIVE);
  // seats (8) LIST { length 2, element 0 PATCH { power (5) SET ACTIVE (2) } }
  const std::string list = varint(2) + key(0, 1) + framed(key(5, 0) + varint(2));
  CHECK(round_trip(before, after) == key(8, 3) + framed(list));
}

TEST_CASE("a cleared nested message and a shortened list carry removal markers") {
  sw::View before;
  before.mutable_last_contest()->set_number(3);
  before.mutable_last_contest()->add_events("Dwarves 7 beats Elves 5");
  before.mutable_last_contest()->add_events("Dwarves take 2 cards");
  before.add_seats()->set_seat(0);
  before.add_seats()->set_seat(1);
  sw::View after = before;
  after.mutable_last_contest()->mutable_events()->RemoveLast();
  after.mutable_seats()->RemoveLast();
  // seats (8) LIST { length 1 }; last_contest (10) PATCH { events (8) LIST { length 1 } }
  CHECK(round_trip(before, after) ==
        key(8, 3) + framed(varint(1)) + key(10, 2) + framed(key(8, 3) + framed(varint(1))));
  after.clear_last_contest();
  after.clear_seats();
  CHECK(round_trip(before, after) == key(8, 1) + key(10, 1));
}

TEST_CASE("an insertion at the front of a list copies the tail instead of resending it") {
  sw::View before;
  for (std::uint32_t i = 1; i <= 5; ++i) {
    sw::BattlefieldCard& b = *before.add_battlefield();
    b.set_owner(i % 2);
    b.set_face_up(true);
    *b.mutable_card() = card(i, i);
  }
  sw::View after;
  sw::BattlefieldCard& first = *after.add_battlefield();
  first.set_owner(1);   // face down: no card
  for (const sw::BattlefieldCard& b : before.battlefield()) *after.add_battlefield() = b;
  const std::string patch = round_trip(before, after);
  // battlefield (9) LIST { length 6, element 0 SET {owner 1}, element 1 COPY from 0, count 5 }
  const std::string element("\x08\x01", 2);   // the element as protobuf writes it: owner 1
  CHECK(patch == key(9, 3) + framed(varint(6) + key(0, 0) + framed(element) + key(1, 2) + varint(0) + varint(5)));
}

TEST_CASE("a list element matched by its stable id is patched where it moved to") {
  // The omniscient view's deck: the top card left, the next one changed (Strength).
  sw::View before;
  sw::Seat& s = *before.add_seats();
  for (std::uint32_t i = 1; i <= 4; ++i) *s.add_deck() = card(i, i);
  sw::View after = before;
  after.mutable_seats(0)->mutable_deck()->DeleteSubrange(0, 1);
  after.mutable_seats(0)->mutable_deck(0)->set_kind(9);
  const std::string patch = round_trip(before, after);
  // seats LIST { 1, element 0 PATCH { deck (11) LIST { 3, element 0 MOVE from 1 {kind 9},
  //                                                   element 1 COPY from 2, count 2 } } }
  const std::string deck = varint(3) + key(0, 3) + varint(1) + framed(key(8, 0) + varint(9)) + key(1, 2) +
                           varint(2) + varint(2);
  CHECK(patch == key(8, 3) + framed(varint(1) + key(0, 1) + framed(key(11, 3) + framed(deck))));
}

TEST_CASE("a card that moves to another list starts from the old card by its id - BASE - instead of being resent") {
  // The omniscient view (replays): a Battle's card moves from the Battlefield to its captor's discard.
  sw::View before;
  before.add_seats()->set_power_name("Peace");   // so a patch of the seat is shorter than the seat again
  sw::Card& c = *before.add_battlefield()->mutable_card();
  c.set_id(7);
  c.set_kind(17);
  sw::View after;
  *after.add_seats() = before.seats(0);
  *after.mutable_seats(0)->add_discard() = c;
  // seats (8) LIST { length 1, element 0 PATCH { discard (12) LIST { length 1, element 0
  //   PATCH from empty { BASE 7 } } } }, battlefield (9) CLEAR
  const std::string discard = varint(1) + key(0, 1) + framed(varint(0) + varint(7));
  const std::string seat = key(12, 3) + framed(discard);
  CHECK(round_trip(before, after) == key(8, 3) + framed(varint(1) + key(0, 1) + framed(seat)) + key(9, 1));
  // A BASE naming an id the old view does not hold is refused, the view kept.
  sw::View empty;
  CHECK_FALSE(server::apply_diff(empty, server::diff_views(before, after)));
  CHECK(empty.seats_size() == 0);
}

TEST_CASE("a oneof, a packed list and an enum change like any other value") {
  sw::View before;
  before.mutable_outcome()->add_winners(0);
  before.set_phase(sw::FLIP_PHASE);
  sw::View after = before;
  after.mutable_outcome()->add_winners(1);
  after.mutable_outcome()->set_over(true);
  after.set_phase(sw::GAME_OVER);
  round_trip(before, after);
  after.mutable_outcome()->clear_winners();
  round_trip(before, after);
}

TEST_CASE("apply_diff refuses a malformed patch and leaves the view alone") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    auto m = g->create(g->min_seats, *g->new_options(), 11);
    engine::message_ptr view = m->view(viewer::of_seat(0));
    const std::string before = exact_bytes(*view);
    const auto* d = view->GetDescriptor();
    std::uint64_t unknown = 1;
    while (d->FindFieldByNumber(static_cast<int>(unknown))) ++unknown;
    for (const std::string& bad :
         {key(unknown, 1),                                   // a field the View lacks
          key(0, 1),                                         // field number 0
          std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 11),   // a runaway varint
          key(3, 1) + key(2, 1),                             // fields out of order
          key(3, 1) + key(3, 1)}) {                          // a field twice
      CHECK_FALSE(server::apply_diff(*view, bad));
      CHECK(exact_bytes(*view) == before);
    }
  }
  sw::View view;
  view.set_offered_power("Peace");
  view.add_seats()->set_seat(1);
  const std::string before = exact_bytes(view);
  for (const std::string& bad :
       {key(13, 2) + framed(""),                             // PATCH of a string
        key(13, 3) + framed(varint(0)),                      // LIST of a singular field
        key(8, 0) + framed(""),                              // SET of a whole message list
        key(8, 3) + framed(varint(3)),                       // a list with a gap
        key(8, 3) + framed(varint(1) + key(0, 2) + varint(1) + varint(1)),   // COPY past the old list
        key(8, 3) + framed(varint(2) + key(1, 3) + varint(5) + framed("")),  // MOVE from past the old list
        key(8, 3) + framed(varint(1) + key(0, 1) + framed(varint(0) + varint(9))),   // BASE of a type with no id
        key(9, 3) + framed(varint(1) + key(0, 1) + framed(key(4, 2) + framed(varint(0) + varint(9)))),   // BASE: no such card
        key(8, 3) + framed(varint(2) + key(1, 0) + framed("") + key(0, 0) + framed("")),   // indexes back
        key(8, 3) + framed(varint(1u << 30)),                // a list too long to be true
        key(9, 3) + framed(varint(1) + key(0, 0) + framed("\x0a\x05")),      // an element that does not parse
        key(13, 0) + varint(40) + "short",                   // a string past the end
        key(4, 0) + "\x80",                                  // a truncated varint
        key(13, 1) + "\x01"}) {                              // trailing bytes that are no entry
    CHECK_FALSE(server::apply_diff(view, bad));
    CHECK(exact_bytes(view) == before);
  }
  // Nesting deeper than any view is refused, not followed.
  std::string deep;
  for (int i = 0; i < 100; ++i) deep = key(10, 2) + framed(deep);
  CHECK_FALSE(server::apply_diff(view, deep));
  CHECK(exact_bytes(view) == before);
}

TEST_CASE("diff_encoded refuses what is not a serialization of the type") {
  const google::protobuf::Descriptor& type = *sw::View::descriptor();
  sw::View v;
  v.set_contest(2);
  const std::string good = exact_bytes(v);
  for (const std::string& bad : {std::string("\x00\x01", 2), std::string("\x08\xff\xff", 3),
                                 std::string("\x0a\x7f\x01", 3), std::string("\x0b\x0c", 2),
                                 std::string("\xf8\x07\x01", 3),      // field 127: not in the View
                                 std::string("\x22\x01\x02", 3),      // contest (4) length-delimited
                                 std::string("\x20\x01\x20\x02", 4)}) {   // a singular field twice
    CHECK_FALSE(server::diff_encoded(good, bad, type));
    CHECK_FALSE(server::diff_encoded(bad, good, type));
  }
  REQUIRE(server::diff_encoded(good, good, type));
  CHECK(server::diff_encoded(good, good, type)->empty());
}
