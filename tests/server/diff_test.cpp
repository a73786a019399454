// The view diff (server/protocol/view_diff.hpp): a client that starts from a snapshot and applies
// every streamed diff holds exactly the view the server would send whole — for every
// registered game, every seat count, each seat's view and the spectator's.
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

using namespace starport;
using engine::viewer;
using google::protobuf::Message;

namespace {

int matches_per_seat_count() {
  const char* env = std::getenv("STARPORT_DIFF_MATCHES");
#if defined(STARPORT_SANITIZED)
  constexpr int fallback = 3;   // the sanitizer build is ~20x slower; still thousands of states
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
};

// Applies the diff between the stream's last view and `now`, then checks the client copy.
void advance(stream& s, const Message& now, counts& c) {
  server::view_diff d = server::diff_views(*s.sent, now);
  bool same = exact_bytes(*s.sent) == exact_bytes(now);
  REQUIRE(d.empty() == same);
  if (d.empty()) {
    CHECK(d.changed.empty());
    ++c.empty;
  }
  REQUIRE(server::apply_diff(*s.client, d.changed, d.cleared));
  REQUIRE(exact_bytes(*s.client) == exact_bytes(now));
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
    server::view_diff d = server::diff_views(*s.sent, *now);
    CHECK(d.empty());
  }
}

}  // namespace

TEST_CASE("streamed diffs reproduce every view of every game, seat and spectator") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    counts c;
    for (int seats = std::max(1, g->min_seats); seats <= g->max_seats; ++seats) {
      CAPTURE(seats);
      for (int i = 0; i < matches_per_seat_count(); ++i) {
        std::uint64_t seed = mix(static_cast<std::uint64_t>(seats) * 100'003u + i);
        CAPTURE(seed);
        run_match(*g, seats, seed, c);
      }
    }
    MESSAGE(g->id << ": " << c.states << " states, " << c.diffs << " diffs (" << c.empty
                  << " empty)");
    CHECK(c.states >= 1000);   // "thousands of random states" per game
    CHECK(c.empty < c.diffs);  // the streams did change
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
        server::view_diff d = server::diff_views(*views[i], *views[j]);
        engine::message_ptr client = g->new_view();
        client->CopyFrom(*views[i]);
        REQUIRE(server::apply_diff(*client, d.changed, d.cleared));
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
    server::view_diff d = server::diff_views(*a, *b);
    CHECK(d.empty());
    CHECK(d.cleared.empty());
    CHECK(d.changed.empty());
    // Applying the empty diff changes nothing.
    std::string before = exact_bytes(*a);
    REQUIRE(server::apply_diff(*a, d.changed, d.cleared));
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
      server::view_diff there = server::diff_views(*absent, *empty);
      REQUIRE(there.cleared == std::vector<std::uint32_t>{static_cast<std::uint32_t>(f->number())});
      engine::message_ptr client = g->new_view();
      REQUIRE(server::apply_diff(*client, there.changed, there.cleared));
      CHECK(client->GetReflection()->HasField(*client, f));
      server::view_diff back = server::diff_views(*empty, *absent);
      REQUIRE(server::apply_diff(*client, back.changed, back.cleared));
      CHECK_FALSE(client->GetReflection()->HasField(*client, f));
    }
  }
}

TEST_CASE("apply_diff refuses an unknown field number or garbage and leaves the view alone") {
  for (const engine::game_info* g : engine::games()) {
    CAPTURE(g->id);
    auto m = g->create(g->min_seats, *g->new_options(), 11);
    engine::message_ptr view = m->view(viewer::of_seat(0));
    const std::string before = exact_bytes(*view);
    const auto* d = view->GetDescriptor();
    std::uint32_t unknown = 1;
    while (d->FindFieldByNumber(static_cast<int>(unknown))) ++unknown;
    std::uint32_t known = static_cast<std::uint32_t>(d->field(0)->number());

    std::vector<std::uint32_t> with_unknown = {known, unknown};
    CHECK_FALSE(server::apply_diff(*view, "", with_unknown));
    CHECK(exact_bytes(*view) == before);

    std::vector<std::uint32_t> out_of_range = {known, 0xffffffffu};
    CHECK_FALSE(server::apply_diff(*view, "", out_of_range));
    CHECK(exact_bytes(*view) == before);

    // A tag with field number 0, a truncated varint and a length past the end: none parse.
    std::vector<std::uint32_t> cleared = {known};
    for (const std::string& garbage :
         {std::string("\x00\x01", 2), std::string("\x08\xff\xff", 3), std::string("\x0a\x7f\x01", 3),
          std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 11)}) {
      CHECK_FALSE(server::apply_diff(*view, garbage, cleared));
      CHECK(exact_bytes(*view) == before);
    }
  }
}

TEST_CASE("diff_encoded works on the wire records: any order, and refuses what is not wire data") {
  // Field 1 varint, field 2 length-delimited, field 3 fixed32, field 4 fixed64.
  const std::string a("\x08\x05\x12\x02hi\x1d\x01\x02\x03\x04\x21\x01\x02\x03\x04\x05\x06\x07\x08", 20);
  const std::string b("\x08\x05\x12\x02ho\x1d\x01\x02\x03\x04", 11);   // 2 changed, 4 gone
  std::optional<server::view_diff> d = server::diff_encoded(a, b);
  REQUIRE(d);
  CHECK(d->cleared == std::vector<std::uint32_t>{2, 4});
  CHECK(d->changed == std::string("\x12\x02ho", 4));

  // The same records in another order (a valid encoding too) compare field by field;
  // repeated elements keep their order, so a reordering of those is a change.
  const std::string shuffled("\x1d\x01\x02\x03\x04\x08\x05\x12\x02hi\x21\x01\x02\x03\x04\x05\x06\x07\x08", 20);
  d = server::diff_encoded(a, shuffled);
  REQUIRE(d);
  CHECK(d->empty());
  const std::string two("\x08\x01\x08\x02", 4), swapped("\x08\x02\x08\x01", 4);
  d = server::diff_encoded(two, swapped);
  REQUIRE(d);
  CHECK(d->cleared == std::vector<std::uint32_t>{1});
  CHECK(d->changed == swapped);

  // Applying: the cleared field's records go, `changed` merges in by field number.
  std::string view = a;
  const std::vector<std::uint32_t> cleared = {2, 4};
  REQUIRE(server::apply_encoded(view, std::string("\x12\x02ho", 4), cleared));
  CHECK(view == b);
  // A field `changed` carries but `cleared` does not name is merged after the view's own
  // records (a repeated field grows), as protobuf's MergeFrom would do.
  view = two;
  REQUIRE(server::apply_encoded(view, std::string("\x08\x03", 2), {}));
  CHECK(view == std::string("\x08\x01\x08\x02\x08\x03", 6));

  for (const std::string& garbage :
       {std::string("\x00\x01", 2),                              // field number 0
        std::string("\x08\xff\xff", 3),                          // truncated varint
        std::string("\x0a\x7f\x01", 3),                          // length past the end
        std::string("\x0b\x0c", 2),                              // a group
        std::string("\x1d\x01\x02", 3),                          // short fixed32
        std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 11)}) {
    CHECK_FALSE(server::diff_encoded(a, garbage));
    CHECK_FALSE(server::diff_encoded(garbage, a));
    std::string untouched = a;
    CHECK_FALSE(server::apply_encoded(untouched, garbage, cleared));
    CHECK(untouched == a);
  }
}
