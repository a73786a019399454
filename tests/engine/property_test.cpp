// The shared property harness: every registered game, thousands of random playouts.
// Properties (docs/engine.md, "What every game guarantees"):
//  1. every listed legal action passes check; sampled unlisted actions fail it;
//  2. a refused action changes nothing;
//  3. options + seed + actions replay to an equal state;
//  4. a viewer's view does not change when another seat's hidden cards are shuffled;
//  5. every match ends within the game's documented bound;
//  6. an action's public description never tells others what their views hide: two legal
//     actions of the same kind (a secret choice between cards, say) that leave every other
//     viewer's view the same are described the same. Different kinds are public decisions
//     (trigger or decline) that views may simply stop showing, so they are not compared.
//     The same holds for describe_effects() after each of them. Choices that leave even
//     the actor's own view the same hide nothing, so they may be told apart.
//  7. the words do not depend on hidden cards either: describe() of every legal action,
//     describe_effects() of the last one and preferred_action() (for every preference
//     choice) stay the same when any seat's hidden cards are shuffled, and every
//     "{seat:N}" in them names a seat of the table. Card ids are part of the views, so 4.
//     also checks that a face-down card carries no id that would tell copies apart.
// STARPORT_PROPERTY_PLAYOUTS scales the number of playouts (the sanitizer build runs fewer).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"

using namespace starport::engine;

namespace {

int playouts_per_game() {
  const char* env = std::getenv("STARPORT_PROPERTY_PLAYOUTS");
  return env ? std::max(1, std::atoi(env)) : 2000;
}

// Option sets each game is exercised with, beyond its defaults.
const std::map<std::string, std::vector<std::string>> extra_options = {
    {"space_war", {R"({"auto_flip": true})", R"({"contest_limit": 40})"}},
    {"space_race", {R"({"variant": "COLD_WAR"})", R"({"variant": "JFK", "jfk_decks": 3})"}},
    {"terminus", {R"({"first_player": 1})", R"({"round_limit": 2})"}},
    {"scoundrels", {R"({"deliveries_to_win": 2, "turn_limit": 12})", R"({"first_player": 1, "turn_limit": 3})"}},
    {"quasar_search", {R"({"difficulty": "HARD"})", R"({"difficulty": "EASY", "challenge_limit": 5})"}},
};

std::vector<std::string> option_sets(const game_info& g) {
  std::vector<std::string> sets = {"{}"};
  if (auto it = extra_options.find(std::string(g.id)); it != extra_options.end())
    sets.insert(sets.end(), it->second.begin(), it->second.end());
  return sets;
}

std::string serialized_view(const match& m, viewer who) {
  std::string out;
  m.view(who)->SerializeToString(&out);   // deterministic for our messages: no maps
  return out;
}

// Who plays next: the lowest seat that must act, else the lowest that may.
int seat_to_play(const match& m) {
  const int seat = next_seat(m);
  return seat >= 0 ? seat : std::countr_zero(static_cast<unsigned>(m.may_act()));
}

// An action that is probably not legal: random seat, kind and arguments.
action random_action(rng& r, const game_info& g, int seats) {
  action a;
  a.seat = static_cast<std::uint8_t>(r.below(static_cast<std::uint32_t>(seats)));
  a.kind = static_cast<std::uint16_t>(r.below(static_cast<std::uint32_t>(g.action_names.size() + 2)));
  a.argc = static_cast<std::uint8_t>(r.below(3));
  for (int i = 0; i < a.argc; ++i) a.args[i] = static_cast<std::int32_t>(r.below(12)) - 2;
  return a;
}

// Where two "\x1f"-separated word lists part: the first entry that differs, each side's.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  const std::size_t from = a.rfind('\x1f', at == 0 ? 0 : at - 1);
  const std::size_t start = from == std::string::npos ? 0 : from + 1;
  auto entry = [&](const std::string& s) { return s.substr(start, s.find('\x1f', start) - start); };
  return "'" + entry(a) + "' became '" + entry(b) + "'";
}

void check_hidden_information(const match& m, rng& r) {
  const int seats = m.seat_count();
  for (int v = -1; v < seats; ++v) {
    viewer who = v < 0 ? viewer::spectator() : viewer::of_seat(v);
    const std::string before = serialized_view(m, who);
    for (int other = 0; other < seats; ++other) {
      if (other == v) continue;
      auto scrambled = m.clone();
      scrambled->scramble_hidden(other, r);
      // Whose turn timer stops is public too (match::awaiting_answer).
      if (v < 0) CHECK_MESSAGE(scrambled->awaiting_answer() == m.awaiting_answer(), m.info().id << ": seat " << other << "'s hidden cards moved whose clock stops");
      if (serialized_view(*scrambled, who) != before) {
        FAIL_CHECK(m.info().id << ": viewer " << v << " saw seat " << other << "'s hidden cards move: "
                               << m.view(who)->ShortDebugString() << "\n  became\n"
                               << scrambled->view(who)->ShortDebugString());
        return;
      }
    }
  }
}

// Every "{seat:N}" names a seat of the table and every "{card:K}" a kind of the game's
// catalog (what the clients fill them from).
void check_refs(const match& m, const std::string& words) {
  const auto refs = [&](std::string_view open, std::size_t bound, std::string_view what) {
    for (std::size_t at = words.find(open); at != std::string::npos; at = words.find(open, at + 1)) {
      const std::size_t close = words.find('}', at);
      const bool closed = close != std::string::npos;
      REQUIRE_MESSAGE(closed, m.info().id << ": unclosed " << what << " reference in '" << words << "'");
      const std::string digits = words.substr(at + open.size(), close - at - open.size());
      const bool number = !digits.empty() && digits.size() < 9 && digits.find_first_not_of("0123456789") == std::string::npos;
      REQUIRE_MESSAGE(number, m.info().id << ": bad " << what << " reference in '" << words << "'");
      const bool known = static_cast<std::size_t>(std::stoi(digits)) < bound;
      CHECK_MESSAGE(known, m.info().id << ": '" << words << "' names no " << what << " of the game");
    }
  };
  refs("{seat:", static_cast<std::size_t>(m.seat_count()), "seat");
  refs("{card:", m.info().cards().size(), "card");
}

// Everything the server may say or do for a seat without asking it, as one string: the
// words for every legal action of every seat, the last action's effects, and what each
// seat's preferences would play (one preference at a time, every choice).
std::string public_words(const match& m, int skip_describe_of) {
  std::string out = m.describe_effects() + "\x1f";
  std::vector<action> legal;
  for (int s = 0; s < m.seat_count(); ++s) {
    if (s != skip_describe_of) {
      m.legal_actions(s, legal);
      for (const action& a : legal) out += m.describe(a) + "\x1f";
    }
    const auto prefs = m.info().preferences;
    for (std::size_t i = 0; i < prefs.size(); ++i)
      for (std::size_t c = 1; c < prefs[i].choices.size(); ++c) {
        std::vector<std::uint8_t> choices(prefs.size(), 0);
        choices[i] = static_cast<std::uint8_t>(c);
        const std::optional<action> pa = m.preferred_action(s, choices);
        if (!pa) continue;
        const bool own = pa->seat == s;
        REQUIRE_MESSAGE(own, m.info().id << ": a preference plays for another seat");
        const bool legal_move = static_cast<bool>(m.check(*pa));
        REQUIRE_MESSAGE(legal_move, m.info().id << ": preference " << prefs[i].id << " chose the illegal "
                                                  << m.info().action_text(*pa));
        out += std::to_string(i) + ":" + std::to_string(c) + "=" + m.info().action_text(*pa) + "\x1f";
      }
  }
  return out;
}

void check_hidden_words(const match& m, rng& r) {
  check_refs(m, m.describe_effects());
  std::vector<action> legal;
  for (int s = 0; s < m.seat_count(); ++s) {
    m.legal_actions(s, legal);
    for (const action& a : legal) check_refs(m, m.describe(a));
  }
  for (int other = 0; other < m.seat_count(); ++other) {
    // describe() of `other`'s own actions may name its own cards that the action makes
    // public; everything else must not move.
    const std::string before = public_words(m, other);
    auto scrambled = m.clone();
    scrambled->scramble_hidden(other, r);
    if (const std::string after = public_words(*scrambled, other); after != before) {
      FAIL_CHECK(m.info().id << ": words or preferences changed when seat " << other
                             << "'s hidden cards moved: " << first_difference(before, after));
      return;
    }
  }
}

void check_descriptions(const match& m, int seat) {
  std::vector<action> legal;
  m.legal_actions(seat, legal);
  struct seen_action {
    std::uint16_t kind;
    std::string views;   // every other viewer's view after it
    std::string own;     // the actor's own view after it
    std::string words;
  };
  std::vector<seen_action> seen;
  for (const action& a : legal) {
    auto after = m.clone();
    std::string words = m.describe(a);
    REQUIRE(after->play(a));
    words += "\n" + after->describe_effects();   // what it set off is public too
    std::string others;
    for (int v = -1; v < m.seat_count(); ++v)
      if (v != seat) others += serialized_view(*after, v < 0 ? viewer::spectator() : viewer::of_seat(v));
    std::string own = serialized_view(*after, viewer::of_seat(seat));
    // A secret choice: only the actor's own view tells the two apart. When even that view
    // is the same (drawing 0 cards, then 1 by Emergency Financing, ends where drawing 1
    // does), no hidden card differs and the words may say which path was taken.
    for (const seen_action& other : seen)
      if (other.kind == a.kind && other.views == others && other.own != own && other.words != words)
        FAIL_CHECK(m.info().id << ": '" << words << "' and '" << other.words
                               << "' tell apart choices that the views hide");
    seen.push_back({a.kind, std::move(others), std::move(own), words});
  }
}

struct playout_stats {
  std::uint64_t actions = 0;
  std::uint64_t unlisted_probes = 0;
};

void run_playout(const game_info& g, int seats, const google::protobuf::Message& options,
                 std::uint64_t seed, std::uint64_t max_actions, bool deep, playout_stats& stats) {
  auto m = g.create(seats, options, seed);
  rng r(seed, 77);
  std::vector<action> legal, log;
  std::vector<std::unique_ptr<bot>> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(std::make_unique<random_bot>(seed * 31 + s));

  std::uint64_t step = 0;
  while (!m->result().over && step < max_actions) {
    const seat_mask acting = static_cast<seat_mask>(m->must_act() | m->may_act());
    REQUIRE_MESSAGE(acting != 0, g.id << ": nobody can act in an unfinished match");
    // A seat awaiting an answer is one that must act, and someone it waits for has a clock.
    const seat_mask awaiting = m->awaiting_answer();
    REQUIRE_MESSAGE((awaiting & ~m->must_act()) == 0, g.id << ": a seat awaits an answer with nothing to do");
    REQUIRE_MESSAGE((m->must_act() == 0 || (m->must_act() & ~awaiting) != 0), g.id << ": every seat awaits an answer");
    // 1. Listed actions pass; probes outside the list fail (RESIGN is always allowed, unlisted).
    for (int s = 0; s < seats; ++s) {
      m->legal_actions(s, legal);
      REQUIRE_MESSAGE(has_seat(acting, s) == !legal.empty(), g.id << ": seat " << s << " acting mask and legal list disagree");
      REQUIRE(std::is_sorted(legal.begin(), legal.end(), [](const action& a, const action& b) {
        return std::tie(a.kind, a.argc, a.args) < std::tie(b.kind, b.argc, b.args);
      }));
      for (const action& a : legal) REQUIRE_MESSAGE(m->check(a), g.id << ": listed " << g.action_text(a) << " refused");
    }
    for (int probe = 0; probe < (deep ? 8 : 2); ++probe) {
      action a = random_action(r, g, seats);
      if (a.kind == resign_kind) continue;
      m->legal_actions(a.seat, legal);
      if (std::find(legal.begin(), legal.end(), a) != legal.end()) continue;
      ++stats.unlisted_probes;
      // 2. A refused action changes nothing.
      auto before = m->clone();
      verdict v = m->play(a);
      REQUIRE_MESSAGE(!v, g.id << ": unlisted " << g.action_text(a) << " was accepted");
      REQUIRE(v.code != rule_error::none);
      REQUIRE(m->same_state(*before));
    }
    if (deep && step % 25 == 0) check_hidden_information(*m, r);
    if (deep && step % 10 == 0) check_hidden_words(*m, r);
    if (deep && step % 5 == 0)
      for (int s = 0; s < seats; ++s)
        if (has_seat(acting, s)) check_descriptions(*m, s);

    const int seat = seat_to_play(*m);
    action a = bot_move(*m, seat, *bots[seat], legal);
    REQUIRE(m->play(a));
    log.push_back(a);
    ++step;
  }
  // 5. It ended within the bound.
  REQUIRE_MESSAGE(m->result().over, g.id << " seed " << seed << " did not end within " << max_actions << " actions");
  // 3. Replay equality.
  auto replayed = g.create(seats, options, seed);
  for (const action& a : log) REQUIRE(replayed->play(a));
  REQUIRE(replayed->same_state(*m));
  stats.actions += step;
}

}  // namespace

TEST_CASE("property harness: every game, random playouts (legality, replay, hidden information, termination)") {
  const int playouts = playouts_per_game();
  for (const game_info* g : games()) {
    for (const std::string& json : option_sets(*g)) {
      auto options = g->new_options();
      std::string error;
      REQUIRE_MESSAGE(from_json(json, *options, error), error);
      playout_stats stats;
      const int count = std::max(1, playouts / static_cast<int>(option_sets(*g).size()));
      int played = 0;
      for (int i = 0; i < count; ++i) {
        int seats = g->min_seats + i % (g->max_seats - g->min_seats + 1);
        if (!g->validate(seats, *options)) continue;
        run_playout(*g, seats, *options, 1000 + static_cast<std::uint64_t>(i), 2'000'000, i % 10 == 0, stats);
        ++played;
      }
      MESSAGE(g->id << " " << json << ": " << played << " playouts, " << stats.actions
                    << " actions, " << stats.unlisted_probes << " unlisted actions refused");
      CHECK(played > 0);
    }
  }
}

TEST_CASE("property harness: the same seed deals the same match, another seed deals another") {
  for (const game_info* g : games()) {
    auto options = g->new_options();
    auto a = g->create(g->min_seats, *options, 42);
    auto b = g->create(g->min_seats, *options, 42);
    auto c = g->create(g->min_seats, *options, 43);
    CHECK(a->same_state(*b));
    CHECK_FALSE(a->same_state(*c));
  }
}

TEST_CASE("property harness: check then apply_checked leaves the state play leaves") {
  // The server judges an action with check and then applies it without judging it again.
  for (const game_info* g : games()) {
    auto options = g->new_options();
    auto m = g->create(g->min_seats, *options, 11);
    std::vector<std::unique_ptr<bot>> bots;
    for (int s = 0; s < g->min_seats; ++s) bots.push_back(std::make_unique<random_bot>(s + 7u));
    const playout p = play_out(*m, bots, 300, true);
    auto played = g->create(g->min_seats, *options, 11);
    auto applied = g->create(g->min_seats, *options, 11);
    for (const action& a : p.log) {
      REQUIRE(played->play(a));
      REQUIRE(applied->check(a));
      applied->apply_checked(a);
    }
    CHECK(p.log.size() > 0);
    CHECK(applied->same_state(*played));
    CHECK(applied->same_state(*m));
  }
}

TEST_CASE("property harness: a recorded playout survives the replay file format") {
  for (const game_info* g : games()) {
    auto options = g->new_options();
    auto m = g->create(g->min_seats, *options, 9);
    std::vector<std::unique_ptr<bot>> bots;
    for (int s = 0; s < g->min_seats; ++s) bots.push_back(std::make_unique<random_bot>(s + 1u));
    playout p = play_out(*m, bots, 300, true);
    scenario sc;
    std::string error;
    REQUIRE_MESSAGE(parse_scenario(scenario_json(*g, g->min_seats, 9, *options, p.log), sc, error), error);
    auto replayed = sc.start();
    for (const action& a : sc.actions) REQUIRE(replayed->play(a));
    CHECK(replayed->same_state(*m));
  }
}

TEST_CASE("property harness: view_into a message that held another viewer's view gives exactly this viewer's") {
  // Servers build every audience's view into one reused message.
  for (const game_info* g : games()) {
    CAPTURE(g->id);
    auto m = g->create(g->max_seats, *g->new_options(), 23);
    std::vector<action> scratch;
    auto bot = random_bot_entry.make(5);
    for (int step = 0; step < 40; ++step) {
      const int seat = next_seat(*m);
      if (seat < 0) break;
      REQUIRE(m->play(bot_move(*m, seat, *bot, scratch)));
    }
    message_ptr reused = g->new_view();
    for (int v = 0; v <= g->max_seats; ++v) {
      const viewer who = v == g->max_seats ? viewer::spectator() : viewer::of_seat(v);
      m->view_into(viewer::omniscient(), *reused);   // everything, then this viewer's
      m->view_into(who, *reused);
      CHECK(reused->SerializeAsString() == m->view(who)->SerializeAsString());
    }
  }
}

// 5 again, against stubborn players: a random bot walks out of a loop by chance, but a seat
// that always takes the same listed action would not (a brawl after a trade started again
// and again, a fight pressed on against a healer, each once kept a live match going for
// ever). Four ways, by playout: one seat plays its first listed action whenever it may act
// (or its last) while the others play the game's own bot; or every seat plays its first;
// or even seats their first and odd seats their last.
TEST_CASE("property harness: seats that always play their first (or last) listed action cannot keep a match going") {
  const int playouts = std::max(4, playouts_per_game() / 4);
  static constexpr const char* ways[] = {"one seat its first, bots the rest", "one seat its last, bots the rest",
                                         "every seat its first", "even seats their first, odd seats their last"};
  for (const game_info* g : games()) {
    std::uint64_t actions = 0;
    for (int i = 0; i < playouts; ++i) {
      const int seats = g->min_seats + i % (g->max_seats - g->min_seats + 1);
      auto options = g->new_options();
      if (!g->validate(seats, *options)) continue;
      const std::uint64_t seed = 5000 + static_cast<std::uint64_t>(i);
      auto m = g->create(seats, *options, seed);
      const int way = i % 4;
      const int stubborn = way < 2 ? (i / 4) % seats : -1;
      std::vector<std::unique_ptr<bot>> bots;
      for (int s = 0; s < seats; ++s) bots.push_back(g->bots.back().make(seed * 31 + static_cast<std::uint64_t>(s)));
      std::vector<action> legal;
      std::uint64_t step = 0;
      for (; !m->result().over && step < 200'000; ++step) {
        action a;
        if (stubborn < 0) {
          const int seat = seat_to_play(*m);
          m->legal_actions(seat, legal);
          REQUIRE_MESSAGE(!legal.empty(), g->id << " seed " << seed << ": seat " << seat << " is to act with nothing to play");
          a = way == 2 || seat % 2 == 0 ? legal.front() : legal.back();
        } else {
          // The bots answer first, as a server's do (an offer is answered before its
          // proposer moves again); the stubborn seat plays whenever no one else must.
          const auto others = static_cast<unsigned>(m->must_act() & ~seat_bit(stubborn));
          m->legal_actions(stubborn, legal);
          if (others == 0 && !legal.empty()) {
            a = way == 0 ? legal.front() : legal.back();
          } else {
            const int seat = others ? std::countr_zero(others) : seat_to_play(*m);
            m->legal_actions(seat, legal);
            REQUIRE_MESSAGE(!legal.empty(), g->id << " seed " << seed << ": seat " << seat << " is to act with nothing to play");
            a = bot_move(*m, seat, *bots[static_cast<std::size_t>(seat)], legal);
          }
        }
        const verdict v = m->play(a);
        REQUIRE_MESSAGE(v, g->id << " seed " << seed << ": " << g->action_text(a) << " refused: " << std::string(v.detail));
      }
      REQUIRE_MESSAGE(m->result().over, g->id << " seed " << seed << ", " << seats << " seats, " << std::string(ways[way])
                                              << ": not over after " << step << " actions");
      actions += step;
    }
    MESSAGE(g->id << ": " << playouts << " stubborn playouts, " << actions << " actions");
  }
}
