// A match's frames name it by the connection's own handle (ServerMessage.stream, docs/
// protocol.md "Stream handles"): unsent for the first match a connection follows, the next
// free number for another, written by the session in front of frames its whole audience
// shares — so every connection of an audience gets the same body.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport;
using namespace starport::server;
using namespace starport::server::testing;

namespace {

// The match frames (MatchInfo, view updates) among `c`'s frames from `from` on, as sent.
std::vector<v1::ServerMessage> match_frames(const test_client& c, std::size_t from = 0) {
  std::vector<v1::ServerMessage> out;
  for (std::size_t i = from; i < c.frames.size(); ++i) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(c.frames[i].bytes));
    if (m.has_match() || m.has_view()) out.push_back(m);
  }
  return out;
}

// The update as its audience shares it: what the session wrote in front taken away.
std::string shared_body(v1::ServerMessage m) {
  m.clear_stream();
  m.clear_request_id();
  return m.SerializeAsString();
}

void watch(test_client& c, const std::string& match_id) {
  v1::ClientMessage w;
  w.mutable_watch()->set_match_id(match_id);
  REQUIRE(c.request(w).has_match());
  c.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot() && m.view().match_id() == match_id; });
}

}  // namespace

TEST_CASE("stream handles: a connection's first match goes unnamed, a second is named 1 on its every frame, and an audience shares one body") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), c(f.port()), d(f.port()), both(f.port()), second_only(f.port());
  a.hello("Ada");
  b.hello("Bea");
  c.hello("Cy");
  d.hello("Dee");
  both.hello("Wes");
  second_only.hello("Xan");
  const table first = start_match(a, {&b}, space_war_lobby(2, 60));
  const table second = start_match(c, {&d}, space_war_lobby(2, 60));
  watch(both, first.match_id);
  watch(both, second.match_id);
  watch(second_only, second.match_id);
  for (int i = 0; i < 6; ++i) {
    REQUIRE(play_one(first, {&both}, static_cast<unsigned>(i)));
    REQUIRE(play_one(second, {&both, &second_only}, static_cast<unsigned>(i)));
  }

  // Players follow one match each: not a byte of naming on any of their frames.
  for (test_client* p : {&a, &b, &c, &d}) {
    const auto frames = match_frames(*p);
    CHECK(frames.size() > 6);
    for (const v1::ServerMessage& m : frames) CHECK(m.stream() == 0);
    for (const v1::ServerMessage& m : frames)
      if (m.has_view() && !m.view().snapshot()) CHECK(m.view().match_id().empty());   // the handle names it
  }

  // The watcher of both: the first match is 0, the second 1, from its MatchInfo on.
  std::vector<std::string> second_bodies_via_both;
  int diffs[2] = {0, 0};
  for (const v1::ServerMessage& m : match_frames(both)) {
    const std::string id = m.has_match() ? m.match().match_id() : m.view().match_id();
    if (!id.empty()) CHECK(m.stream() == (id == first.match_id ? 0u : 1u));
    REQUIRE(m.stream() < 2);
    if (m.has_view() && !m.view().snapshot()) ++diffs[m.stream()];
    if (m.has_view() && m.stream() == 1) second_bodies_via_both.push_back(shared_body(m));
  }
  CHECK(diffs[0] >= 6);
  CHECK(diffs[1] >= 6);
  CHECK(both.matches[first.match_id].gaps == 0);
  CHECK(both.matches[second.match_id].gaps == 0);

  // The spectators of the second match got the same bodies, each under its own handle
  // (0 for the one who follows only it).
  std::vector<std::string> second_bodies;
  for (const v1::ServerMessage& m : match_frames(second_only)) {
    CHECK(m.stream() == 0);
    if (m.has_view()) second_bodies.push_back(shared_body(m));
  }
  REQUIRE(second_bodies.size() == second_bodies_via_both.size());
  // The snapshots differ by the moment each watcher joined; every diff is the same bytes.
  for (std::size_t i = 1; i < second_bodies.size(); ++i) {
    CAPTURE(i);
    CHECK(second_bodies[i] == second_bodies_via_both[i]);
  }
  CHECK(second_only.matches[second.match_id].gaps == 0);
  CHECK(both.matches[second.match_id].number == second_only.matches[second.match_id].number);
}
