// Issue 12, item 2: a seat's preferences (SetPreferences) are honoured by the server, so
// a reload, a timeout or a restart keeps them; only that seat learns them; what they answer
// is played at once with the cause "preference" and says so in the log. These use Space
// War's first preference, "auto_flip" ("Flip for me", choice 1).
#include <doctest/doctest.h>

#include <algorithm>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

// Space War's preferences as Welcome lists them.
const v1::GameInfo& space_war_info(const v1::Welcome& w) {
  for (const v1::GameInfo& g : w.games())
    if (g.id() == "space_war") return g;
  throw std::runtime_error("no space_war in Welcome");
}

v1::ClientMessage set_preferences(const std::string& match_id, std::vector<std::uint32_t> choices) {
  v1::ClientMessage m;
  m.mutable_set_preferences()->set_match_id(match_id);
  for (std::uint32_t c : choices) m.mutable_set_preferences()->add_choices(c);
  return m;
}

std::vector<std::uint32_t> preferences_of(const v1::MatchInfo& info) {
  return {info.your_preferences().begin(), info.your_preferences().end()};
}

bool by_preference(const v1::ServerMessage& m) {
  return m.has_view() && m.view().log_line().find("(by preference)") != std::string::npos;
}

}  // namespace

TEST_CASE("preferences: Welcome lists each game's preferences with labels and choices") {
  server_fixture f;
  test_client a(f.port());
  const v1::Welcome w = a.hello("Ada");
  const v1::GameInfo& sw = space_war_info(w);
  REQUIRE(sw.preferences_size() >= 1);
  CHECK(sw.preferences(0).id() == "auto_flip");
  for (const v1::PreferenceInfo& p : sw.preferences()) {
    CHECK_FALSE(p.label().empty());
    CHECK_FALSE(p.summary().empty());
    CHECK(p.choices_size() >= 2);
  }
}

TEST_CASE("preferences: bad SetPreferences get a sentence and change nothing") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), watcher(f.port());
  const v1::Welcome w = a.hello("Ada");
  b.hello("Bea");
  watcher.hello("Wes");
  const int count = space_war_info(w).preferences_size();
  REQUIRE(count >= 1);
  const int flip_choices = space_war_info(w).preferences(0).choices_size();
  const table t = start_match(a, {&b}, space_war_lobby(2, 40));

  struct refusal {
    test_client* who;
    v1::ClientMessage ask;
    v1::ErrorCode code;
  };
  std::vector<std::uint32_t> too_many(static_cast<std::size_t>(count) + 1, 0);
  const refusal refusals[] = {
      {&watcher, set_preferences(t.match_id, {1}), v1::FORBIDDEN},                       // holds no seat
      {&a, set_preferences(t.match_id, too_many), v1::BAD_REQUEST},                      // more than the game has
      {&a, set_preferences(t.match_id, {static_cast<std::uint32_t>(flip_choices)}), v1::BAD_REQUEST},   // no such choice
      {&a, set_preferences("0123456789abcdef0123456789abcdef", {1}), v1::NOT_FOUND},     // no such match
  };
  for (const refusal& r : refusals) {
    const v1::ServerMessage answer = r.who->request(r.ask);
    CHECK_MESSAGE(error_of(answer) == r.code, r.ask.ShortDebugString());
    const std::string& detail = answer.error().detail();
    CHECK_MESSAGE((detail.size() > 10 && detail.front() >= 'A' && detail.front() <= 'Z' && detail.back() == '.'), detail);
  }
  // Nothing changed: Ada still flips by hand, and her seat has no preferences.
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(t.match_id);
  const v1::ServerMessage info = a.request(resync);
  REQUIRE(info.has_match());
  CHECK(info.match().your_preferences_size() == 0);
  CHECK(play_one(t));
}

TEST_CASE("preferences: auto-flip is played by the server at once, with the cause in the log, and only that seat learns the choices") {
  server_fixture f;
  test_client a(f.port()), watcher(f.port());
  a.hello("Ada");
  watcher.hello("Wes");
  const table t = start_match(a, {}, space_war_lobby(2, 30), {"heuristic"});
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  REQUIRE(watcher.request(watch).has_match());
  const v1::ServerMessage answer = a.request(set_preferences(t.match_id, {1}));
  REQUIRE(answer.has_match());
  CHECK(preferences_of(answer.match()) == std::vector<std::uint32_t>{1});
  CHECK(answer.match().your_seat() == 0);
  // Ada answers only what her preference leaves to her (powers); her flips come by themselves.
  int sent = 0;
  std::uint64_t acted_on = UINT64_MAX;
  for (int i = 0; i < 200000 && !a.matches[t.match_id].info.over(); ++i) {
    test_client::match_state& s = a.matches[t.match_id];
    if (s.view.legal_actions_size() > 0 && acted_on != s.number) {
      acted_on = s.number;
      a.send(play_action(t.match_id, s.number, s.view.legal_actions(0)));
      ++sent;
    }
    const v1::ServerMessage m = a.read();
    // A view that offered the flip her preference already answered is stale, nothing worse.
    if (m.has_error()) REQUIRE_MESSAGE(m.error().code() == v1::STALE_VIEW, m.ShortDebugString());
  }
  REQUIRE(a.matches[t.match_id].info.over());
  int answered = 0;
  for (const std::string& line : a.matches[t.match_id].log)
    answered += line.find("(by preference)") != std::string::npos ? 1 : 0;
  CHECK(answered >= 5);   // a flip of hers in every contest (a match may end early)
  // The spectator reads the same public lines, and never Ada's choices.
  watcher.read_until([&](const v1::ServerMessage& m) { return m.has_match() && m.match().over(); });
  watcher.fence();
  CHECK(watcher.matches[t.match_id].log == a.matches[t.match_id].log);
  for (const test_client::frame& fr : watcher.frames) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(fr.bytes));
    if (m.has_match()) CHECK(m.match().your_preferences_size() == 0);
  }
}

TEST_CASE("preferences: kept across a reload (another connection of the seat) and across kill -9 and a restart") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "60"});
  std::string a_token, b_token, match_id;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    // Bea plays the Humans, who have no Power Card: her flips are her only decisions, so
    // auto-flip answers all of them and nobody waits on her (a Power would ask her).
    v1::LobbySettings settings = space_war_lobby(2, 40);
    sw::Options options;
    options.set_contest_limit(40);
    options.add_factions(sw::DWARVES);
    options.add_factions(sw::HUMANS);
    settings.set_options(options.SerializeAsString());
    const table t = start_match(a, {&b}, settings);
    match_id = t.match_id;
    REQUIRE(play_one(t));   // Ada flips by hand; Bea's flip is due
    // Bea asks for auto-flip; her second page (a reload) learns it, Ada's does not.
    test_client b2(f.port());
    b2.resume(b.token);
    v1::ClientMessage resync;
    resync.mutable_resync()->set_match_id(match_id);
    REQUIRE(b2.request(resync).has_match());
    const v1::ServerMessage answer = b.request(set_preferences(match_id, {1}));
    REQUIRE(answer.has_match());
    const v1::ServerMessage told = b2.read_until([](const v1::ServerMessage& m) {
      return m.has_match() && m.match().your_preferences_size() > 0;
    });
    CHECK(preferences_of(told.match()) == std::vector<std::uint32_t>{1});
    b.read_until(by_preference);
    test_client b3(f.port());
    b3.resume(b.token);
    const v1::ServerMessage again = b3.request(resync);
    REQUIRE(again.has_match());
    CHECK(preferences_of(again.match()) == std::vector<std::uint32_t>{1});
    a_token = a.token;
    b_token = b.token;
    f.server->kill9();
  }
  f.start();
  test_client a(f.port()), b(f.port());
  a.resume(a_token);
  b.resume(b_token);
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(match_id);
  const v1::ServerMessage info = b.request(resync);
  REQUIRE(info.has_match());
  CHECK(preferences_of(info.match()) == std::vector<std::uint32_t>{1});
  REQUIRE(a.request(resync).has_match());
  a.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  // Ada plays her flips; Bea's are still answered for her after the restart.
  int answered = 0;
  std::uint64_t acted_on = UINT64_MAX;
  for (int i = 0; i < 2000 && answered < 2; ++i) {
    test_client::match_state& s = a.matches[match_id];
    if (s.view.outcome().over()) break;
    if (s.view.legal_actions_size() > 0 && acted_on != s.number) {
      acted_on = s.number;
      a.send(play_action(match_id, s.number, s.view.legal_actions(0)));
    }
    if (by_preference(a.read())) ++answered;
  }
  CHECK(answered == 2);
}

TEST_CASE("preferences: choices back to the defaults stop the server answering") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 40));
  REQUIRE(a.request(set_preferences(t.match_id, {1})).has_match());
  a.read_until(by_preference);
  const v1::ServerMessage cleared = a.request(set_preferences(t.match_id, {0}));
  REQUIRE(cleared.has_match());
  CHECK(cleared.match().your_preferences_size() == 0);   // trailing defaults are not kept
}
