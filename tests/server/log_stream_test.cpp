// Log lines over real view streams (docs/protocol.md, "Log lines"): each stream's table of
// shapes is its own, a connection joining a stream empties the table for the others too
// (log_reset), and every page reads the same lines. test_client decodes as a page does.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport;
using namespace starport::server;
using namespace starport::server::testing;

namespace {

std::vector<std::string> tail(const std::vector<std::string>& all, std::size_t n) {
  return {all.end() - static_cast<std::ptrdiff_t>(std::min(n, all.size())), all.end()};
}

}  // namespace

TEST_CASE("log lines: shapes travel once per stream, a joining connection resets the stream, every page reads the same lines") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), watcher(f.port());
  a.hello("Ada");
  b.hello("Bea");
  watcher.hello("Wes");
  const table t = start_match(a, {&b}, space_war_lobby(2, 60));
  for (int i = 0; i < 16; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));

  // After the first contests the recurring lines ("{seat:N} flips.", the winner) go as numbers.
  const std::vector<v1::ViewUpdate> sent = wire_updates(b);
  const auto coded_without_text = std::count_if(sent.begin(), sent.end(), [](const v1::ViewUpdate& u) {
    return !u.snapshot() && u.log_refs_size() > 0 && u.log_line().empty();
  });
  CHECK(coded_without_text >= 4);
  CHECK(std::none_of(sent.begin(), sent.end(), [](const v1::ViewUpdate& u) { return u.log_reset(); }));

  // Ada opens a second page (seat 0's stream gets a second connection) and Wes watches.
  test_client again(f.port());
  again.resume(a.token);
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(t.match_id);
  REQUIRE(again.request(resync).has_match());
  again.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  REQUIRE(watcher.request(watch).has_match());
  watcher.read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });

  for (int i = 0; i < 16; ++i) REQUIRE(play_one(t, {&again, &watcher}, static_cast<unsigned>(i)));
  const std::vector<std::string>& lines = b.matches[t.match_id].log;
  REQUIRE(lines.size() >= 32);
  // Ada's first page kept its stream's lines right across the reset; the others agree.
  CHECK(a.matches[t.match_id].log == lines);
  CHECK(tail(again.matches[t.match_id].log, 20) == tail(lines, 20));
  CHECK(tail(watcher.matches[t.match_id].log, 20) == tail(lines, 20));
  // Ada's first page was told (its table was emptied with the second page's snapshot);
  // Bea's stream had no newcomer and never was.
  const std::vector<v1::ViewUpdate> to_a = wire_updates(a);
  CHECK(std::count_if(to_a.begin(), to_a.end(), [](const v1::ViewUpdate& u) { return u.log_reset(); }) == 1);
  const std::vector<v1::ViewUpdate> to_b = wire_updates(b);
  CHECK(std::none_of(to_b.begin(), to_b.end(), [](const v1::ViewUpdate& u) { return u.log_reset(); }));
}
