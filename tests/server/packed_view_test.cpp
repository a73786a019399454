// Packed views (docs/protocol.md, "Packed views"): a connection that names a game's view
// dictionary in Hello gets that game's view updates compressed alone against it; the same
// audience's other connections get them plain, and both say exactly the same.
#include <doctest/doctest.h>

#include <zlib.h>

#include <set>
#include <string>
#include <vector>

#include "engine/registry.hpp"
#include "match_driver.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "serve_process.hpp"
#include "server_fixture.hpp"

using namespace starport;
using namespace starport::server;
using namespace starport::server::testing;

namespace {

google::protobuf::RepeatedPtrField<std::string> names(std::initializer_list<std::string> list) {
  google::protobuf::RepeatedPtrField<std::string> out;
  for (const std::string& n : list) out.Add()->assign(n);
  return out;
}

// The view updates among `c`'s frames, as what they say (unpacked), without what the
// session wrote in front (request id, stream handle).
std::vector<std::string> update_bodies(const test_client& c) {
  std::vector<std::string> out;
  for (const test_client::frame& fr : c.frames) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(fr.bytes));
    if (m.has_view()) out.push_back(m.view().SerializeAsString());
  }
  return out;
}

}  // namespace

TEST_CASE("packed views: every game has its own dictionary, named by game and hash, with its own ID") {
  std::set<std::uint32_t> ids;
  for (const engine::game_info* g : engine::games()) {
    const view_dictionary* d = find_view_dictionary(g->id);
    REQUIRE_MESSAGE(d != nullptr, "no dictionary for " << g->id << ": starport train-dictionary (docs/protocol.md)");
    CHECK(d->hash.size() == 16);
    CHECK(d->bytes.size() >= 1024);
    CHECK(d->id >= 1);
    CHECK(d->id <= 31);
    CHECK(ids.insert(d->id).second);
    CHECK(d->name() == std::string(g->id) + ":" + std::string(d->hash));
  }
  CHECK(view_dictionaries().size() == engine::games().size());
}

TEST_CASE("packed views: Hello's names turn on a dictionary only with the server's own hash") {
  const view_dictionary& war = *find_view_dictionary("space_war");
  const view_dictionary& race = *find_view_dictionary("space_race");
  CHECK(accepted_dictionaries(names({war.name()})) == 1u << war.id);
  CHECK(accepted_dictionaries(names({war.name(), race.name()})) == (1u << war.id | 1u << race.id));
  CHECK(accepted_dictionaries(names({"space_war:0000000000000000"})) == 0);
  CHECK(accepted_dictionaries(names({"space_war"})) == 0);
  CHECK(accepted_dictionaries(names({"nope:" + std::string(war.hash)})) == 0);
  CHECK(accepted_dictionaries(names({":", "", std::string(300, 'x') + war.name()})) == 0);
  // Only the first 16 entries count.
  google::protobuf::RepeatedPtrField<std::string> many;
  for (int i = 0; i < 16; ++i) many.Add()->assign("junk:" + std::to_string(i));
  many.Add()->assign(war.name());
  CHECK(accepted_dictionaries(many) == 0);
}

TEST_CASE("packed views: a packed update unpacks to the same bytes and is smaller, and broken ones are refused") {
  const view_dictionary& war = *find_view_dictionary("space_war");
  v1::ViewUpdate u;
  u.set_patch(std::string("\x0a\x02\x08\x01\x90\x01\x03", 7));
  u.add_log_refs(3);
  u.add_log_refs(1);
  u.set_stopped_turns(1);
  u.set_full_turns(2);
  const std::string plain = u.SerializeAsString();
  std::string packed, back;
  pack_view(war, plain, packed);
  REQUIRE(unpack_view(packed, back));
  CHECK(back == plain);
  CHECK(static_cast<unsigned char>(packed[0]) == war.id);   // the dictionary's ID, then deflate
  CHECK(packed.size() < plain.size());

  // Empty and garbage; a frame that names another dictionary; one cut short; one larger
  // than the reader allows.
  CHECK_FALSE(unpack_view("", back));
  CHECK_FALSE(unpack_view("garbage that is no zstd frame", back));
  const view_dictionary& race = *find_view_dictionary("space_race");
  std::string other;
  pack_view(race, plain, other);
  CHECK(unpack_view(other, back));   // it names its own dictionary
  other[0] = static_cast<char>(31);  // the frame's dictionary ID: one no dictionary has
  CHECK_FALSE(unpack_view(other, back));
  CHECK_FALSE(unpack_view(packed.substr(0, packed.size() - 2), back));
  CHECK_FALSE(unpack_view(packed + "tail", back));   // nothing may follow the update
  const std::string big(5000, 'x');
  std::string big_packed;
  pack_view(war, big, big_packed);
  CHECK_FALSE(unpack_view(big_packed, back, 4999));
  CHECK(unpack_view(big_packed, back, 5000));
}

TEST_CASE("packed views: a snapshot-sized update packs through zlib and unpacks the same, the dictionary used") {
  // 8 KiB and more (a snapshot with its log) go through zlib, the rest through preset_deflate;
  // any inflater given the dictionary reads both. A text the dictionary knows packs smaller
  // with it than without.
  const view_dictionary& war = *find_view_dictionary("space_war");
  std::string text;
  for (int i = 0; text.size() < 20000; ++i)
    text += std::string(war.bytes.substr(static_cast<std::size_t>(i * 97) % (war.bytes.size() - 64), 64)) + std::to_string(i);
  v1::ViewUpdate u;
  u.set_snapshot(true);
  u.set_view(text);
  const std::string plain = u.SerializeAsString();
  REQUIRE(plain.size() >= 8192);
  std::string packed, back;
  pack_view(war, plain, packed);
  REQUIRE(unpack_view(packed, back));
  CHECK(back == plain);
  CHECK(static_cast<unsigned char>(packed[0]) == war.id);
  // Without the dictionary the same stream does not inflate to the update.
  z_stream z{};
  REQUIRE(inflateInit2(&z, -15) == Z_OK);
  std::string out(plain.size() + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(packed.data() + 1);
  z.avail_in = static_cast<uInt>(packed.size() - 1);
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int result = inflate(&z, Z_FINISH);
  inflateEnd(&z);
  CHECK(result != Z_STREAM_END);
  // Just under the size: preset_deflate's stream, read the same way.
  const std::string smaller = plain.substr(0, 8000);
  pack_view(war, smaller, packed);
  REQUIRE(unpack_view(packed, back));
  CHECK(back == smaller);
}

TEST_CASE("packed views: in one audience a packed and a plain connection are told the same, and only the first packed") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), packed_watcher(f.port()), plain_watcher(f.port());
  a.packed = true;   // a seat of its own
  packed_watcher.packed = true;
  a.hello("Ada");
  b.hello("Bea");
  packed_watcher.hello("Pia");
  plain_watcher.hello("Ole");
  const table t = start_match(a, {&b}, space_war_lobby(2, 60));
  for (test_client* w : {&packed_watcher, &plain_watcher}) {
    v1::ClientMessage watch;
    watch.mutable_watch()->set_match_id(t.match_id);
    REQUIRE(w->request(watch).has_match());
    w->read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  }
  for (unsigned i = 0; i < 30; ++i) REQUIRE(play_one(t, {&packed_watcher, &plain_watcher}, i));

  struct tally {
    int updates = 0, packed = 0;
    std::size_t wire = 0, said = 0;
  };
  auto count = [](const test_client& c) {
    tally out;
    for (const test_client::frame& fr : c.frames) {
      v1::ServerMessage m;
      REQUIRE(m.ParseFromString(fr.bytes));
      if (!m.has_view()) continue;
      ++out.updates;
      out.packed += fr.packed ? 1 : 0;
      out.wire += fr.wire_size;
      out.said += fr.bytes.size();
    }
    return out;
  };
  for (test_client* c : {&a, &b, &packed_watcher, &plain_watcher}) c->fence();   // every frame sent is read
  const tally packed = count(packed_watcher), plain = count(plain_watcher);
  MESSAGE("spectators: " << packed.updates << " updates, " << packed.packed << " packed: " << packed.wire
                         << " B against " << plain.wire << " B plain");
  CHECK(packed.updates > 30);
  // Nearly every update is smaller packed (a tiny one may go plain: frames.hpp).
  CHECK(packed.packed * 10 > packed.updates * 8);
  CHECK(packed.wire < plain.wire);
  CHECK(plain.packed == 0);
  CHECK(plain.wire == plain.said);
  CHECK(count(a).packed * 10 > count(a).updates * 8);
  CHECK(count(b).packed == 0);
  // What an operator sees: the frames and bytes each form took, one count per connection.
  const tally seat_a = count(a), seat_b = count(b);
  const int packed_frames = packed.packed + seat_a.packed;
  const int plain_frames = plain.updates + seat_b.updates + (packed.updates - packed.packed) + (seat_a.updates - seat_a.packed);
  CHECK(metric(f.port(), "starport_view_frames_total{form=\"packed\"}") == packed_frames);
  CHECK(metric(f.port(), "starport_view_frames_total{form=\"plain\"}") == plain_frames);
  CHECK(metric(f.port(), "starport_view_bytes_total{form=\"packed\"}") > 0);
  CHECK(metric(f.port(), "starport_view_bytes_total{form=\"plain\"}") >
        metric(f.port(), "starport_view_bytes_total{form=\"packed\"}"));
  // The spectators' streams say the same, update for update (the snapshot each started with
  // aside: they watched a moment apart).
  const std::vector<std::string> packed_updates = update_bodies(packed_watcher);
  const std::vector<std::string> plain_updates = update_bodies(plain_watcher);
  REQUIRE(packed_updates.size() == plain_updates.size());
  for (std::size_t i = 1; i < packed_updates.size(); ++i) CHECK(packed_updates[i] == plain_updates[i]);
  // And a packed seat's views are whole: the match page's view equals its opponent's idea of the match.
  CHECK(a.matches[t.match_id].number == b.matches[t.match_id].number);
  CHECK(a.matches[t.match_id].gaps == 0);
}
