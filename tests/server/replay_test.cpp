// Replays through the server: lists, perspectives, and how fast a long match seeks over
// the wire (a figure, not a timed assertion).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>

#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"
#include "engine/space_war/state.hpp"
#include "match_driver.hpp"
#include "server/protocol/view_diff.hpp"
#include "starport/v1/space_war.pb.h"
#include "server_fixture.hpp"

using namespace starport::server::testing;
namespace engine = starport::engine;
using starport::server::apply_diff;

namespace {

v1::ClientMessage list_replays(bool mine) {
  v1::ClientMessage m;
  m.mutable_list_replays()->set_mine(mine);
  return m;
}

}  // namespace

TEST_CASE("replay: lists and perspectives of a long finished match and its seek time over the wire") {
  // One person against five instant bots acts far faster than the default message rate.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port()), stranger(f.port());
  a.hello("Ada");
  stranger.hello("Sam");
  const table t = start_match(a, {}, space_war_lobby(6, 1000), {"random", "random", "random", "random", "random"});
  play_against_bots(a, t.match_id, 2000000);
  await_over(a, t.match_id);

  const v1::ServerMessage mine = a.request(list_replays(true));
  REQUIRE(mine.replay_list().replays_size() == 1);
  const v1::ReplaySummary& summary = mine.replay_list().replays(0);
  CHECK(summary.finished());
  CHECK(summary.players_size() == 6);
  const std::uint32_t total = summary.actions();
  CHECK(stranger.request(list_replays(false)).replay_list().replays_size() == 1);
  CHECK(stranger.request(list_replays(true)).replay_list().replays_size() == 0);

  const v1::ServerMessage own = a.request(open_replay(t.match_id, total / 2, true));
  CHECK(own.replay_frame().perspective() == "seat 0");
  const v1::ServerMessage all = stranger.request(open_replay(t.match_id, total / 2, false));
  REQUIRE(all.has_replay_frame());
  CHECK(all.replay_frame().perspective() == "everything");
  CHECK(all.replay_frame().total_steps() == total);
  CHECK(all.replay_frame().action_log_size() == static_cast<int>(total));
  CHECK(all.replay_frame().match().revealed_salt().size() == 32);
  CHECK(stranger.request(open_replay(std::string(32, 'f'), 0, false)).error().code() == v1::NOT_FOUND);

  std::uint64_t x = 99;
  double worst = 0, sum = 0;
  const int jumps = 200;
  for (int i = 0; i < jumps; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const auto step = static_cast<std::uint32_t>((x >> 33) % (total + 1));
    const auto t0 = std::chrono::steady_clock::now();
    const v1::ServerMessage frame = stranger.request(open_replay(t.match_id, step, false));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CHECK(frame.replay_frame().step() == step);
    worst = std::max(worst, ms);
    sum += ms;
  }
  std::printf("replay over the wire: %u actions, %d random OpenReplay round trips, mean %.2f ms, worst %.2f ms\n",
              total, jumps, sum / jumps, worst);
}

// ---- every registered game: a replay ends as the match did ------------------------------

namespace {

namespace pb = google::protobuf;

// A lobby for `game` with `options` (JSON), the host in seat 0 and bots of `bot` elsewhere,
// started; returns the match id once the host holds the first snapshot (its bytes in
// `snapshot`).
std::string start_game(test_client& host, const std::string& game, int seats, const std::string& options_json,
                       const std::string& bot, std::string& snapshot) {
  const engine::game_info* g = engine::find_game(game);
  REQUIRE(g);
  auto options = g->new_options();
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(options_json, *options, error), error);
  v1::LobbySettings settings;
  settings.set_game(game);
  settings.set_seats(static_cast<std::uint32_t>(seats));
  settings.set_options(options->SerializeAsString());
  const v1::ServerMessage created = host.request(create_lobby(settings));
  REQUIRE_MESSAGE(created.has_lobby(), created.ShortDebugString());
  const std::string lobby_id = created.lobby().lobby_id();
  for (int s = 1; s < seats; ++s)
    REQUIRE(host.request(add_bot(lobby_id, bot, static_cast<std::uint32_t>(s))).has_lobby());
  if (g->decks) {
    // A deck game: the host brings its first starter deck (bots took theirs when added).
    v1::ClientMessage choose;
    choose.mutable_choose_deck()->set_lobby_id(lobby_id);
    choose.mutable_choose_deck()->set_deck_id("starter:" + g->decks->starters()[0].id);
    const v1::ServerMessage chosen = host.request(choose);
    REQUIRE_MESSAGE(chosen.has_lobby(), chosen.ShortDebugString());
  }
  v1::ClientMessage start;
  start.mutable_start_match()->set_lobby_id(lobby_id);
  const v1::ServerMessage started = host.request(start);
  REQUIRE_MESSAGE(started.has_lobby(), started.ShortDebugString());
  const std::string match_id = started.lobby().match_id();
  REQUIRE_FALSE(match_id.empty());
  const v1::ServerMessage snap = host.read_until(
      [&](const v1::ServerMessage& m) { return m.has_view() && m.view().match_id() == match_id && m.view().snapshot(); });
  snapshot = snap.view().view();
  return match_id;
}

const v1::Outcome& outcome_of(const pb::Message& view) {
  const pb::FieldDescriptor* f = view.GetDescriptor()->FindFieldByName("outcome");
  REQUIRE(f);
  return dynamic_cast<const v1::Outcome&>(view.GetReflection()->GetMessage(view, f));
}

std::vector<v1::Action> legal_of(const pb::Message& view) {
  const pb::FieldDescriptor* f = view.GetDescriptor()->FindFieldByName("legal_actions");
  REQUIRE(f);
  std::vector<v1::Action> out;
  const pb::Reflection* r = view.GetReflection();
  for (int i = 0; i < r->FieldSize(view, f); ++i)
    out.push_back(dynamic_cast<const v1::Action&>(r->GetRepeatedMessage(view, f, i)));
  return out;
}

std::string outcome_text(const v1::Outcome& o) {
  std::string out = std::string(o.over() ? "over" : "running") + " winners";
  for (std::uint32_t w : o.winners()) out += " " + std::to_string(w);
  return out + " reason " + o.reason();
}

struct finished {
  std::string match_id;
  v1::MatchInfo info;                      // the last MatchInfo the player was sent
  engine::message_ptr view;                // the player's view at the end
  std::vector<std::string> log;            // every live log line, in order
  std::vector<engine::message_ptr> views;  // every view the player was sent, in order
};

// Plays seat 0 (the first legal action each time) against bots until the match is over and
// both the MatchInfo and the view say so.
finished play_game(test_client& c, const std::string& game, int seats, const std::string& options_json,
                   const std::string& bot, bool keep_views = false) {
  const engine::game_info* g = engine::find_game(game);
  finished out;
  std::string bytes;
  out.match_id = start_game(c, game, seats, options_json, bot, bytes);
  out.view = g->new_view();
  REQUIRE(out.view->ParseFromString(bytes));
  std::uint64_t number = c.matches[out.match_id].number;
  std::uint64_t acted_on = UINT64_MAX;
  for (int guard = 0; guard < 400000; ++guard) {
    const v1::MatchInfo& info = c.matches[out.match_id].info;
    if (info.over() && outcome_of(*out.view).over()) break;
    const std::vector<v1::Action> legal = legal_of(*out.view);
    if (!legal.empty() && acted_on != number) {
      acted_on = number;
      c.send(play_action(out.match_id, number, legal.front()));
    }
    const v1::ServerMessage m = c.read();
    if (m.has_error() && m.error().code() != v1::STALE_VIEW) FAIL("refused: " << m.ShortDebugString());
    if (!m.has_view() || m.view().match_id() != out.match_id) continue;
    const v1::ViewUpdate& u = m.view();
    if (u.snapshot()) {
      out.view->Clear();
      REQUIRE(out.view->ParseFromString(u.view()));
    } else {
      REQUIRE(apply_diff(*out.view, u.patch()));
    }
    number = u.number();
    if (!u.log_line().empty()) out.log.push_back(u.log_line());
    if (keep_views) {
      out.views.push_back(g->new_view());
      out.views.back()->CopyFrom(*out.view);
    }
  }
  out.info = c.matches[out.match_id].info;
  REQUIRE(out.info.over());
  REQUIRE(outcome_of(*out.view).over());
  return out;
}

}  // namespace

TEST_CASE("replay: for every registered game and variant, the last replay frame's outcome is the match's") {
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  struct game_case {
    std::string game, options;
    int seats;
  };
  std::vector<game_case> cases;
  for (const engine::game_info* g : engine::games()) {
    const std::string id(g->id);
    if (id == "space_race") {
      cases.push_back({id, R"({"variant": "STANDARD"})", 2});
      cases.push_back({id, R"({"variant": "COLD_WAR"})", 3});
      cases.push_back({id, R"({"variant": "JFK", "jfk_decks": 1})", 1});
      cases.push_back({id, R"({"variant": "JFK", "jfk_decks": 3})", 1});
    } else if (id == "space_war") {
      cases.push_back({id, R"({"contest_limit": 60})", 3});
    } else {
      cases.push_back({id, "{}", g->default_seats});   // a game added later is covered too
    }
  }
  int n = 0;
  for (const game_case& gc : cases) {
    CAPTURE(gc.game);
    CAPTURE(gc.options);
    test_client a(f.port());
    a.hello("Ada " + std::to_string(n++));
    const std::string bot = std::string(engine::find_game(gc.game)->bots.back().name);   // the game's own
    finished live = play_game(a, gc.game, gc.seats, gc.options, bot);
    const std::string said = outcome_text(live.info.outcome());
    CHECK(outcome_text(outcome_of(*live.view)) == said);

    v1::ServerMessage frame = a.request(open_replay(live.match_id, 0xffffffffu, false));
    REQUIRE_MESSAGE(frame.has_replay_frame(), frame.ShortDebugString());
    const v1::ReplayFrame& r = frame.replay_frame();
    CHECK(r.step() == r.total_steps());
    CHECK(outcome_text(r.match().outcome()) == said);
    auto last = engine::find_game(gc.game)->new_view();
    REQUIRE(last->ParseFromString(r.view()));
    CHECK(outcome_text(outcome_of(*last)) == said);
    MESSAGE(gc.game << " " << gc.options << ": " << said << ", " << r.total_steps() << " replay steps");
  }
}

TEST_CASE("replay: every Space War contest is its own view update live and its own replay step, its cards named") {
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port());
  a.hello("Ada");
  finished live = play_game(a, "space_war", 2, R"({"contest_limit": 30})", "heuristic", true);
  // Live: each contest's face-up cards reached the player in some view, contest by contest.
  std::set<std::uint32_t> seen;
  for (const auto& v : live.views) {
    const auto& view = dynamic_cast<const starport::space_war::v1::View&>(*v);
    const std::uint32_t number = starport::space_war::last_contest_number(view);
    if (number && view.last_contest().revealed().ids_size() >= 2) seen.insert(number);
  }
  const auto& end = dynamic_cast<const starport::space_war::v1::View&>(*live.view);
  const std::uint32_t contests = starport::space_war::last_contest_number(end);
  REQUIRE(contests > 0);
  CHECK(seen.size() == contests);
  // Replay: one step per logged action, and each contest ends on its own step.
  const v1::ServerMessage last = a.request(open_replay(live.match_id, 0xffffffffu, false));
  const v1::ReplayFrame& r = last.replay_frame();
  REQUIRE(r.action_log_size() == static_cast<int>(r.total_steps()));
  // Every contest names its cards before (or as) it ends: the flip that reveals them, or
  // the power decision after the reveal that ends it.
  int ended = 0;
  bool named = false;
  for (const std::string& line : r.action_log()) {
    named = named || line.find(" reveals ") != std::string::npos;
    const bool ends = line.find(" wins the Battle") != std::string::npos || line.find(" wins the War") != std::string::npos ||
                      line.find("Peace: Contest") != std::string::npos || line.find("has no winner") != std::string::npos;
    if (!ends) continue;
    ++ended;
    CHECK_MESSAGE(named, line);
    named = false;
  }
  CHECK(ended == static_cast<int>(contests));
  std::uint32_t previous = 0;
  int distinct = 0;
  for (std::uint32_t step = 0; step <= r.total_steps(); ++step) {
    const v1::ServerMessage fr = a.request(open_replay(live.match_id, step, false));
    starport::space_war::v1::View v;
    REQUIRE(v.ParseFromString(fr.replay_frame().view()));
    const std::uint32_t number = starport::space_war::last_contest_number(v);
    if (number != previous) {
      CHECK(number == previous + 1);   // never two contests in one step
      previous = number;
      ++distinct;
    }
  }
  CHECK(distinct == static_cast<int>(contests));
}

TEST_CASE("replay: the replay's log reads like the live log, effects included (Space War, JFK)") {
  // The live lines come from match_actor (describe, play, describe_effects, joined by
  // engine::join_words); the replay's from replay_cursor, the same way.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  const std::vector<std::pair<std::string, std::string>> games = {
      {"space_war", R"({"contest_limit": 20})"}, {"space_race", R"({"variant": "JFK", "jfk_decks": 2})"}};
  for (const auto& entry : games) {   // not a structured binding: clang 14 cannot capture one
    const std::string& game = entry.first;
    const std::string& options = entry.second;
    CAPTURE(game);
    test_client a(f.port());
    a.hello("Ada");
    finished live = play_game(a, game, game == "space_war" ? 2 : 1, options, "heuristic");
    const v1::ServerMessage frame = a.request(open_replay(live.match_id, 0xffffffffu, false));
    std::string live_log, replay_log;
    for (const std::string& l : live.log) live_log += l + "\n";
    for (const std::string& l : frame.replay_frame().action_log()) replay_log += l + "\n";
    CHECK(replay_log == live_log);
    CHECK(replay_log.find("reveals") + replay_log.find("Eastern bloc") != 2 * std::string::npos);
  }
}

TEST_CASE("replay: a reader that holds the log's first lines gets the rest - at any step and perspective - and a claim past the end gets none") {
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port());
  a.hello("Ada");
  const finished live = play_game(a, "space_war", 2, R"({"contest_limit": 20})", "heuristic");
  const v1::ReplayFrame whole = a.request(open_replay(live.match_id, 0, false)).replay_frame();
  const auto lines = static_cast<std::uint32_t>(whole.action_log_size());
  REQUIRE(lines == whole.total_steps());
  REQUIRE(lines > 20);
  CHECK(whole.log_from() == 0);
  for (const std::uint32_t known : {1u, 10u, lines - 1, lines, lines + 5, 0xffffffffu}) {
    for (const bool as_seat : {false, true}) {
      CAPTURE(known);
      CAPTURE(as_seat);
      const std::uint32_t step = known % (lines + 1);
      const v1::ServerMessage m = a.request(open_replay(live.match_id, step, as_seat, known));
      REQUIRE(m.has_replay_frame());
      const v1::ReplayFrame& r = m.replay_frame();
      const std::uint32_t from = std::min(known, lines);
      CHECK(r.step() == step);
      CHECK(r.log_from() == from);
      REQUIRE(static_cast<std::uint32_t>(r.action_log_size()) == lines - from);
      for (std::uint32_t i = from; i < lines; ++i) CHECK(r.action_log(static_cast<int>(i - from)) == whole.action_log(static_cast<int>(i)));
      // The rest of the frame is as a whole one's at that step.
      const v1::ReplayFrame full = a.request(open_replay(live.match_id, step, as_seat)).replay_frame();
      CHECK(r.view() == full.view());
      CHECK(r.perspective() == full.perspective());
    }
  }
  // A few steps of a long match: each with the log known costs a fraction of a whole frame.
  const std::size_t with = a.request(open_replay(live.match_id, 5, false, lines)).ByteSizeLong();
  const std::size_t without = a.request(open_replay(live.match_id, 5, false)).ByteSizeLong();
  MESSAGE("a replay step of a " << lines << "-move Space War match: " << without << " B with its log, " << with << " B without");
  CHECK(with * 4 < without);
}

TEST_CASE("replay: a Space War match whose every seat flips by preference has one replay step per flip (needs the server's SetPreferences)") {
  // The human seat plays Humans (no Power Card: nothing to decide but flips) with the
  // auto_flip preference; the bot seat flips as bots do. The server plays the preference
  // as logged actions, so every flip is a replay step and every contest ends on its own.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port());
  a.hello("Ada");
  std::string snapshot;
  const std::string match_id =
      start_game(a, "space_war", 2, R"({"contest_limit": 25, "factions": ["HUMANS", "GOBLINS"]})", "heuristic", snapshot);
  v1::ClientMessage prefs;
  prefs.mutable_set_preferences()->set_match_id(match_id);
  prefs.mutable_set_preferences()->add_choices(1);   // auto_flip: Flip for me
  const v1::ServerMessage answer = a.request(prefs);
  REQUIRE_MESSAGE(answer.has_match(), answer.ShortDebugString());
  REQUIRE(answer.match().your_preferences_size() >= 1);
  CHECK(answer.match().your_preferences(0) == 1);
  await_over(a, match_id);
  const v1::ServerMessage last = a.request(open_replay(match_id, 0xffffffffu, false));
  const v1::ReplayFrame& r = last.replay_frame();
  starport::space_war::v1::View end;
  REQUIRE(end.ParseFromString(r.view()));
  int flips = 0, ended = 0;
  for (const std::string& line : r.action_log()) {
    flips += line.find(" flips.") != std::string::npos || line.find(" cards to the War.") != std::string::npos;
    ended += line.find(" wins the Battle") != std::string::npos || line.find(" wins the War") != std::string::npos;
  }
  CHECK(flips == static_cast<int>(r.total_steps()));   // nothing but flips, one step each
  CHECK(ended == static_cast<int>(starport::space_war::last_contest_number(end)));
  CHECK(r.total_steps() >= 2 * starport::space_war::last_contest_number(end));
}
