// What leaves the server, byte for byte, where it is built by hand (server/protocol/frames).
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "server/protocol/frames.hpp"
#include "server/protocol/stream_handle.hpp"
#include "server/session/connection_streams.hpp"

namespace v1 = starport::v1;
using starport::server::encode;
using starport::server::with_request_id;
using starport::server::with_welcome_fields;

TEST_CASE("wire: an answer built by putting the request id in front parses as the message with that id") {
  v1::ServerMessage m;
  v1::ViewUpdate& u = *m.mutable_view();
  u.set_match_id("m-0123456789abcdef");
  u.set_number(42);
  u.set_view(std::string("\x08\x01\x12\x03" "abc", 7));
  u.set_log_line("{seat:0} flips.");
  const std::string plain = *encode(m);
  // Every varint length: 1 to 5 bytes, and the edges between them.
  for (std::uint32_t id : {1u, 127u, 128u, 16383u, 16384u, 2097151u, 2097152u, 268435455u, 268435456u, 0xffffffffu}) {
    CAPTURE(id);
    v1::ServerMessage parsed;
    REQUIRE(parsed.ParseFromString(*with_request_id(plain, id)));
    CHECK(parsed.request_id() == id);
    v1::ServerMessage expected = m;
    expected.set_request_id(id);
    // The same message, and as long as encoding it whole would make it.
    CHECK(parsed.SerializeAsString() == expected.SerializeAsString());
    CHECK(with_request_id(plain, id)->size() == expected.ByteSizeLong());
  }
}

TEST_CASE("wire: a Welcome with shared fields added parses as the Welcome holding them, and is as long") {
  v1::Welcome shared;   // as the game catalog: the same for every Welcome
  for (int i = 0; i < 40; ++i) {
    v1::GameInfo& g = *shared.add_games();
    g.set_id("game_" + std::to_string(i));
    g.set_title(std::string(static_cast<std::size_t>(i) * 3, 'T'));   // Welcomes past one- and two-byte lengths
    g.add_bots()->set_summary("plays the largest card");
  }
  const std::string fields = shared.SerializeAsString();
  for (int lobbies : {0, 1, 200}) {
    CAPTURE(lobbies);
    v1::ServerMessage m;
    m.set_request_id(7);
    v1::Welcome& w = *m.mutable_welcome();
    w.set_protocol_version(v1::PROTOCOL_V3);
    w.set_account_id("a-1");
    w.set_token("0123456789abcdef0123456789abcdef");
    for (int l = 0; l < lobbies; ++l) w.add_lobbies("lobby-" + std::to_string(l));
    v1::ServerMessage expected = m;
    expected.mutable_welcome()->MergeFrom(shared);
    const auto frame = with_welcome_fields(m, fields);
    v1::ServerMessage parsed;
    REQUIRE(parsed.ParseFromString(*frame));
    CHECK(parsed.SerializeAsString() == expected.SerializeAsString());
    CHECK(frame->size() == expected.ByteSizeLong());
  }
}

namespace {
// Destroyed at exit after the handles' registry was first used (so after it, were it an
// ordinary function-local static): as a fuzzer's server torn down from an atexit handler.
std::unique_ptr<starport::server::stream_handle> held_past_exit;
}  // namespace

TEST_CASE("wire: a stream handle may be freed during exit, after every other static") {
  held_past_exit = std::make_unique<starport::server::stream_handle>();
  CHECK(held_past_exit->value() > 0);
  { starport::server::stream_handle freed_before_exit; }   // the free list holds a number at exit
}

TEST_CASE("wire: stream handles are the smallest free numbers, unique among live matches, and given again once freed") {
  using starport::server::stream_handle;
  auto a = std::make_unique<stream_handle>();
  auto b = std::make_unique<stream_handle>();
  CHECK(a->value() != b->value());
  const std::uint32_t freed = a->value();
  a.reset();
  stream_handle c;
  CHECK(c.value() == freed);   // a diff's handle stays 1–2 bytes however many matches have run
  stream_handle d;
  CHECK(d.value() != b->value());
  CHECK(d.value() != c.value());
}

TEST_CASE("wire: a stream handle put in front of a shared frame parses as the frame with ServerMessage.stream set, and is as long") {
  v1::ServerMessage m;
  m.mutable_view()->set_patch(std::string("\x05\x01", 2));
  m.mutable_view()->add_log_refs(3);
  const std::string plain = *encode(m);
  for (std::uint32_t handle : {0u, 1u, 127u, 128u, 16383u, 16384u, 268435456u, 0xffffffffu}) {
    CAPTURE(handle);
    std::array<unsigned char, 6> prefix{};
    const std::size_t size = starport::server::stream_prefix(handle, prefix);
    // After the request id too: the answer to an action carries both.
    const std::string wire = std::string(reinterpret_cast<const char*>(prefix.data()), size) + *with_request_id(plain, 9);
    v1::ServerMessage parsed;
    REQUIRE(parsed.ParseFromString(wire));
    v1::ServerMessage expected = m;
    expected.set_request_id(9);
    expected.set_stream(handle);
    CHECK(parsed.SerializeAsString() == expected.SerializeAsString());
    CHECK(wire.size() == expected.ByteSizeLong());   // 0 is unsent, as proto3 would
  }
}

TEST_CASE("wire: a connection names its first match 0, the next the smallest free handle, and frees a match's once it no longer follows it") {
  starport::server::connection_streams streams;
  std::set<std::uint32_t> followed{40};
  auto following = [&](std::uint32_t match) { return followed.count(match) > 0; };
  CHECK(streams.handle_for(40, following) == 0);   // unsent on every frame of a page's one match
  followed.insert(7);
  CHECK(streams.handle_for(7, following) == 1);
  CHECK(streams.handle_for(40, following) == 0);   // the same match keeps its handle
  followed.erase(40);                               // ended, or left
  CHECK(streams.handle_for(7, following) == 1);     // nothing freed while no new match comes
  CHECK(streams.size() == 2);
  followed.insert(3);
  CHECK(streams.handle_for(3, following) == 0);     // 40's handle, its MatchInfo says so
  CHECK(streams.size() == 2);
  followed.insert(9);
  CHECK(streams.handle_for(9, following) == 2);
  // A late frame of 40, which has no handle now and is followed no more: no handle, so the
  // session drops it rather than name it with a handle the page knows for another match.
  CHECK_FALSE(streams.handle_for(40, following).has_value());
  CHECK(streams.size() == 3);
  // 7 ended but keeps its handle until a new match needs one: its late frames still read right.
  followed.erase(7);
  CHECK(streams.handle_for(7, following) == 1);
}
