// Quasar Search positions at any step: every phase from Act Setup to Act Cleanup, and inside
// a phase its waiting Required effects (ORDER), its Trigger window, the Ship Phase's Boons
// and Warps, and the prompt an effect has open. Each poses the situation, plays on from it,
// and checks that Hands stay hidden from the other seat and spectators.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "engine/core/match.hpp"
#include "engine/core/scenario.hpp"
#include "engine/quasar_search/state.hpp"
#include "tests/engine/position_json.hpp"
#include "tests/engine/position_mutator.hpp"

namespace qs = starport::quasar_search;
using starport::engine::action;
using starport::engine::viewer;

namespace {

qs::pb::Position position(std::string_view json) { return position_from_json<qs::pb::Position>(json); }

qs::state started(std::string_view json, int seats = 2) {
  const qs::pb::Position p = position(json);
  const starport::engine::verdict v = qs::state::validate(seats, qs::pb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  return qs::state(seats, qs::pb::Options(), p, 3);
}

std::string refusal_of(std::string_view json) {
  const starport::engine::verdict v = qs::state::validate(2, qs::pb::Options(), position(json));
  CHECK_FALSE(v);
  return v.detail;
}

std::string view_json(const qs::state& g, viewer who) {
  qs::pb::View v;
  g.view(who, v);
  return starport::engine::to_json(v, false);
}

// `name` (a card only `seat` may know of) is in no other seat's view nor the spectators'.
void hidden_from_others(const qs::state& g, int seat, const char* name) {
  for (int s = 0; s < g.seat_count(); ++s) {
    if (s == seat) continue;
    CHECK_MESSAGE(view_json(g, viewer::of_seat(s)).find(name) == std::string::npos, name);
  }
  CHECK_MESSAGE(view_json(g, viewer::spectator()).find(name) == std::string::npos, name);
}

int acting_seat(const qs::state& g) {
  for (int s = 0; s < g.seat_count(); ++s)
    if (starport::engine::has_seat(g.must_act(), s)) return s;
  return -1;
}

std::vector<action> legal_of(const qs::state& g, int seat) {
  std::vector<action> out;
  g.legal_actions(seat, out);
  return out;
}

const action* find_kind(const std::vector<action>& legal, qs::kind k, int arg0 = -1000) {
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(k) && (arg0 == -1000 || a.args[0] == arg0)) return &a;
  return nullptr;
}

// Plays timeouts until the Mission is over or `stop` holds (at most `limit` actions), building
// every viewer's view after each action.
template <class F>
int play_on(qs::state& g, int limit, F&& stop) {
  int n = 0;
  while (n < limit && !g.result().over && !stop(g)) {
    const int s = acting_seat(g);
    REQUIRE(s >= 0);
    const action a = g.timeout_action(s);
    REQUIRE(g.check(a));
    g.apply(a);
    for (int v = 0; v < g.seat_count(); ++v) (void)view_json(g, viewer::of_seat(v));
    (void)view_json(g, viewer::spectator());
    ++n;
  }
  return n;
}

// Two seats at Rank 3 (Helix Cartographers, seat 0) and 5 (Vanguard Wing, seat 1: the Team
// Leader), in Act 1; `extra` adds the step's own fields.
std::string base(const std::string& extra, const std::string& seat0 = "", const std::string& seat1 = "") {
  // An Act is resolved once its Challenge Deck is empty.
  const bool deck = extra.find("ACT_RESOLUTION") == std::string::npos;
  return std::string(R"({"morale": 4, )") +
         (deck ? R"("challengeDeck": ["Customs Inspection", "Loading the Cargo Bay"],)" : "") + extra +
         R"(, "seats": [
    {"faction": "Helix Cartographers", "rank": 3, "hand": ["Ballast Officer", "Rigger"],
     "deck": ["Cold Sleeper", "Cabin Steward"], "discard": ["Shuttle Pilot"])" + seat0 + R"(},
    {"faction": "Vanguard Wing", "rank": 5, "hand": ["Void Marine", "Comms Specialist"],
     "deck": ["Deckhand", "Veteran Engineer"])" + seat1 + "}]}";
}

const char* revealed = R"(, "confronting": "Rigger")";
const char* revealed1 = R"(, "confronting": "Gunnery Chief")";

}  // namespace

TEST_CASE("quasar_search Position: every step from ACT_SETUP to ACT_CLEANUP starts a match that plays on") {
  struct at {
    const char* step;
    std::string extra;
    bool revealed;
  };
  const at steps[] = {
      {"ACT_SETUP", "", false},
      {"ACT_START", "", false},
      {"CHALLENGE_SETUP", "", false},
      {"CHALLENGE_SETUP", R"("challenge": "Dock Traffic Jam")", false},
      {"CHALLENGE_START", R"("challenge": "Dock Traffic Jam")", false},
      {"PRE_CONFRONTATION", R"("challenge": "Dock Traffic Jam")", false},
      {"CONFRONTATION", R"("challenge": "Dock Traffic Jam")", false},
      {"PRE_RESOLUTION", R"("challenge": "Dock Traffic Jam")", true},
      {"RESOLUTION", R"("challenge": "Dock Traffic Jam")", true},
      {"PRE_CLEANUP", R"("challenge": "Dock Traffic Jam", "success": true, "successes": 1)", true},
      {"CLEANUP", R"("challenge": "Dock Traffic Jam", "failures": 1)", true},
      {"ACT_RESOLUTION", R"("successes": 3)", false},
      {"SHIP_PHASE", R"("nextAct": 2)", false},
      {"ACT_CLEANUP", R"("nextAct": 3)", false},
  };
  for (const at& a : steps) {
    CAPTURE(a.step);
    std::string extra = std::string(R"("step": ")") + a.step + "\"";
    if (!a.extra.empty()) extra += ", " + a.extra;
    qs::state g = started(base(extra, a.revealed ? revealed : "", a.revealed ? revealed1 : ""));
    CHECK_FALSE(g.result().over);
    CHECK(acting_seat(g) >= 0);
    hidden_from_others(g, 1, "Void Marine");
    play_on(g, 80, [](const qs::state&) { return false; });
  }
}

TEST_CASE("quasar_search Position: a stated phase is where play begins") {
  // CHALLENGE_SETUP with the Challenge stated: it is not drawn again (the Deck keeps both).
  qs::state a = started(base(R"("step": "PRE_CONFRONTATION", "challenge": "Dock Traffic Jam")"));
  CHECK(a.current_step() == qs::phase::confrontation);   // nothing to do before the picks
  CHECK(a.challenge_deck().size() == 2);
  CHECK(a.challenge() == qs::find_challenge(a.content(), "Dock Traffic Jam"));
  // RESOLUTION not judged yet: it is judged from the stated cards (Rigger 3 + Gunnery Chief 6
  // against All-Out 10 fails; the failure costs 1 Morale).
  qs::state r = started(base(R"("step": "RESOLUTION", "challenge": "Dock Traffic Jam")", revealed, revealed1));
  CHECK(r.failures() == 1);
  CHECK(r.morale() == 2);   // its Failure result, then the failure's own 1
  // With a Shift of +1 on Rigger it succeeds.
  qs::state s = started(base(R"("step": "RESOLUTION", "challenge": "Dock Traffic Jam")",
                             std::string(revealed) + R"(, "shift": 1)", revealed1));
  CHECK(s.successes() == 1);
  CHECK(s.morale() == 4);
}

TEST_CASE("quasar_search Position: Act Resolution takes the branch the Act's back names") {
  // Act 1: any successes with at most 2 failures → Act 2; more failures or broken Morale → Act 3.
  const auto next_act_after = [](const std::string& extra) {
    qs::state g = started(base(R"("step": "ACT_RESOLUTION", )" + extra));
    CHECK(g.current_step() == qs::phase::ship);   // the Team Leader's Boon
    CHECK(acting_seat(g) == 1);
    play_on(g, 40, [](const qs::state& x) { return x.current_step() == qs::phase::act_setup; });
    return static_cast<int>(g.act().sequence);
  };
  CHECK(next_act_after(R"("successes": 2, "failures": 2)") == 2);
  CHECK(next_act_after(R"("successes": 2, "failures": 3)") == 3);
  CHECK(next_act_after(R"("successes": 5, "morale": 0, "broken": true)") == 3);
  // Act 2's failure branch is Ending C: the Mission is over.
  const qs::state end = started(base(R"("step": "ACT_RESOLUTION", "act": 2, "failures": 3)"));
  CHECK(end.result().over);
  CHECK(end.ending() == 'C');
}

TEST_CASE("quasar_search Position: the Ship Phase's Warps of the Team Leader, then the other seat's Boon, then the next Act") {
  qs::state g = started(base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 1},
    "prompt": {"kind": "OPEN_WARP", "seat": 1, "count": 2})", R"(, "hand": ["Ballast Officer", "Targeting Array"])"));
  CHECK(g.current_step() == qs::phase::ship);
  CHECK(g.must_act() == 2);
  std::vector<action> legal = legal_of(g, 1);
  CHECK(legal.size() == 3);   // Warp Void Marine, Warp Comms Specialist, PASS
  hidden_from_others(g, 1, "Void Marine");
  hidden_from_others(g, 0, "Targeting Array");
  const action* warp = find_kind(legal, qs::kind::pick);
  REQUIRE(warp != nullptr);
  g.apply(*warp);
  CHECK(g.seat(1).warp.size == 1);   // face up now: every viewer sees it
  CHECK(view_json(g, viewer::of_seat(0)).find(std::string(g.card_of(g.seat(1).warp.cards[0]).name)) != std::string::npos);
  g.apply(*find_kind(legal_of(g, 1), qs::kind::pass));
  // Helix Cartographers' Boon: a Lesson (its Discard Zone), its Project, or Glory.
  CHECK(g.must_act() == 1);
  legal = legal_of(g, 0);
  REQUIRE(find_kind(legal, qs::kind::boon, qs::boon_project) != nullptr);
  g.apply(*find_kind(legal, qs::kind::boon, qs::boon_project));
  CHECK(g.seat(0).projects.size == 1);
  g.apply(*find_kind(legal_of(g, 0), qs::kind::pass));
  CHECK(g.act().sequence == 2);
  CHECK(g.current_step() == qs::phase::act_setup);
}

TEST_CASE("quasar_search view: a card says it is a Project and names its keywords") {
  qs::state g = started(base(R"("step": "ACT_START")", R"(, "hand": ["Scrap Golem", "Vanguard Ace", "Fusion Reactor", "Rigger"])"));
  qs::pb::View v;
  g.view(viewer::of_seat(0), v);
  std::map<std::string, std::pair<bool, std::vector<std::string>>> seen;
  for (const qs::pb::PlayerCard& c : v.seats(0).hand())
    seen[c.name()] = {c.project(), std::vector<std::string>(c.keywords().begin(), c.keywords().end())};
  CHECK(seen["Scrap Golem"] == std::pair<bool, std::vector<std::string>>{false, {"Overcommit"}});
  CHECK(seen["Vanguard Ace"] == std::pair<bool, std::vector<std::string>>{false, {"Adrenaline 1"}});
  CHECK(seen["Fusion Reactor"] == std::pair<bool, std::vector<std::string>>{true, {}});
  CHECK(seen["Rigger"] == std::pair<bool, std::vector<std::string>>{false, {}});
}

TEST_CASE("quasar_search: what a Ship Phase Boon puts in play is for the next Act, Act Cleanup takes only the Act's own") {
  // Seat 0 holds a Project and a Lesson from the Act; its Ship Phase Boon adds one more. Act
  // Cleanup discards the two from the Act and leaves the new one in play (docs/rules/quasar_search.md).
  const auto names = [](const qs::state& g, auto zone) {
    std::vector<std::string> out;
    for (auto c : zone.items()) out.emplace_back(g.card_of(c).name);
    return out;
  };
  for (const int outcome : {qs::boon_project, qs::boon_lesson}) {
    CAPTURE(outcome);
    qs::state g = started(base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 1},
      "prompt": {"kind": "OPEN_WARP", "seat": 1, "count": 2})",
                               R"(, "hand": ["Ballast Officer", "Fusion Reactor"], "projects": ["Pocket Hangar"], "lessons": ["Deckhand"])"));
    const auto take = [&g](int seat, qs::kind k, int arg0 = -1000) {
      const std::vector<action> legal = legal_of(g, seat);
      const action* a = find_kind(legal, k, arg0);
      REQUIRE(a != nullptr);
      g.apply(*a);
    };
    take(1, qs::kind::pass);   // seat 1 warps nothing
    take(0, qs::kind::boon, outcome);
    take(0, qs::kind::pass);   // nor seat 0
    REQUIRE(g.act().sequence == 2);
    const std::vector<std::string> discard = names(g, g.seat(0).discard);
    CHECK(std::find(discard.begin(), discard.end(), "Pocket Hangar") != discard.end());
    CHECK(std::find(discard.begin(), discard.end(), "Deckhand") != discard.end());
    if (outcome == qs::boon_project) {
      CHECK(g.seat(0).projects.size == 1);
      CHECK(names(g, g.seat(0).projects) == std::vector<std::string>{"Fusion Reactor"});
      CHECK(g.seat(0).lessons.size == 0);
    } else {
      CHECK(names(g, g.seat(0).lessons) == std::vector<std::string>{"Shuttle Pilot"});   // the top of its Discard
      CHECK(g.seat(0).projects.size == 0);
    }
    // The next Act's Cleanup is an ordinary one: nothing is kept past it.
    CHECK(g.seat(0).next_act_projects == 0);
    CHECK(g.seat(0).next_act_lessons == 0);
  }
}

TEST_CASE("quasar_search Position: a Ship Phase's cards for the next Act are stated by count, in the Ship Phase only") {
  CHECK(refusal_of(base(R"("step": "SHIP_PHASE", "nextAct": 2)", R"(, "lessons": ["Deckhand"], "nextActLessons": 2)"))
            .find("next_act") != std::string::npos);
  CHECK(refusal_of(base(R"("step": "ACT_START")", R"(, "lessons": ["Deckhand"], "nextActLessons": 1)")).find("SHIP_PHASE") !=
        std::string::npos);
  qs::state g = started(base(R"("step": "SHIP_PHASE", "nextAct": 2)", R"(, "lessons": ["Deckhand"], "nextActLessons": 1)"));
  play_on(g, 40, [](const qs::state& x) { return x.current_step() == qs::phase::act_setup; });
  REQUIRE(g.act().sequence == 2);
  bool kept = false;
  for (auto c : g.seat(0).lessons.items()) kept = kept || g.card_of(c).name == "Deckhand";
  CHECK(kept);
}

TEST_CASE("quasar_search Position: waiting Required effects ask the Team Leader's ORDER") {
  // Pre-Cleanup of a success: Chain of Command (seat 1 confronts) draws the Team Leader a card,
  // Overclocked Core (seat 0) Demands 1 Energy; the Team Leader orders them (a Demand the
  // team cannot pay costs Morale, which could break it before the draw happens).
  const std::string pre_cleanup = R"("step": "PRE_CLEANUP", "challenge": "Dock Traffic Jam", "success": true, "successes": 1)";
  qs::state g = started(base(pre_cleanup + R"(, "pending": [
      {"owner": 1, "card": "Chain of Command", "seat": 1},
      {"owner": 0, "card": "Overclocked Core", "seat": 1}])",
                             R"(, "confronting": "Overclocked Core")", R"(, "confronting": "Chain of Command")"));
  CHECK(g.must_act() == 2);
  std::vector<action> legal = legal_of(g, 1);
  CHECK(legal.size() == 2);
  CHECK(legal[0].kind == static_cast<std::uint16_t>(qs::kind::order));
  CHECK(view_json(g, viewer::spectator()).find("PROMPT_ORDER") != std::string::npos);
  g.apply(legal[1]);   // the Demand first: no Energy to pay it, 1 Morale lost; then the draw
  CHECK(g.morale() == 3);
  CHECK(g.seat(1).hand.size == 3);   // only the Deck was open: drawn without a question
  hidden_from_others(g, 1, "Deckhand");
  // The Scout Drone's Sensors happens for the Team Leader ("team"), never for seat 0.
  CHECK(refusal_of(base(pre_cleanup + R"(, "pending": [{"owner": 0, "card": "Scout Drone", "seat": 0}])",
                        R"(, "confronting": "Scout Drone")", revealed1)) ==
        std::string("a pending effect happens for a seat it names (pending.seat)"));
}

TEST_CASE("quasar_search Position: a Trigger window with a Shift open plays on to Resolution") {
  // The Team Leader passed; Helix Cartographers paid 1 Energy for its Faction's Shift 1 and
  // Shifts Rigger (3) to 4: with Gunnery Chief (6) the All-Out 10 succeeds.
  const std::string window = R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "energy": 0,
    "triggerWindow": {"seat": 0})";
  const std::string used = R"(, "triggered": [{"card": "Helix Cartographers", "effect": 1}])";
  qs::state g = started(base(window + R"(, "prompt": {"kind": "OPEN_SHIFT", "seat": 0, "count": 1})",
                             std::string(revealed) + used, revealed1));
  CHECK(g.must_act() == 1);
  CHECK(legal_of(g, 0).size() == 3);   // -1, 0, +1
  g.apply(*find_kind(legal_of(g, 0), qs::kind::shift, 1));
  CHECK(g.successes() == 1);
  // Without the prompt the window has nothing left for seat 0: refused.
  CHECK(refusal_of(base(window, std::string(revealed) + used, revealed1)) ==
        std::string("trigger_window names a seat with no Triggered effect ready: the window would pass it by"));
  // With Energy the Faction's Trigger is offered again in seat 0's window.
  qs::state w = started(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "energy": 1,
    "triggerWindow": {"seat": 0})", revealed, revealed1));
  CHECK(w.must_act() == 1);
  CHECK(find_kind(legal_of(w, 0), qs::kind::trigger) != nullptr);
  CHECK(find_kind(legal_of(w, 0), qs::kind::pass) != nullptr);
}

TEST_CASE("quasar_search Position: each effect prompt can be posed, is asked of its seat and plays on") {
  struct open {
    const char* what;
    std::string json;
    int seat;
    qs::kind asked;
  };
  const std::string pre_cleanup = R"("step": "PRE_CLEANUP", "challenge": "Dock Traffic Jam", "success": true, "successes": 1)";
  const open prompts[] = {
      {"Draw with the Warp Zone open (Officer Training at Act Start)",
       base(R"("step": "ACT_START", "prompt": {"kind": "OPEN_DRAW", "seat": 1, "count": 2})", "",
            R"(, "warp": ["Rigger"], "projects": ["Officer Training"])"),
       1, qs::kind::draw_from},
      {"Act Setup's draw up to the Hand Size with the Warp Zone open",
       base(R"("step": "ACT_SETUP", "prompt": {"kind": "OPEN_DRAW", "seat": 0, "count": 8})", R"(, "warp": ["Gunnery Chief"])"),
       0, qs::kind::draw_from},
      {"Stockpile half done (Quartermaster's Trigger)",
       base(pre_cleanup + R"(, "triggerWindow": {"seat": 0}, "prompt": {"kind": "OPEN_STOCKPILE", "seat": 0, "count": 1, "putBack": 1})",
            R"(, "confronting": "Quartermaster", "triggered": [{"card": "Quartermaster"}])", revealed1),
       0, qs::kind::pick},
      {"Demand (Reckless Burn) with the Energy to pay",
       base(pre_cleanup + R"(, "energy": 3, "prompt": {"kind": "OPEN_DEMAND", "seat": 1, "count": 2})",
            R"(, "confronting": "Reckless Burn")", revealed1),
       1, qs::kind::decide},
      {"Discard (Static Whispers' failure), the other seat's still waiting",
       base(R"("step": "RESOLUTION", "act": 2, "challenge": "Static Whispers", "judged": true, "failures": 1,
              "pending": [{"from": "FROM_RESULT", "seat": 0}],
              "prompt": {"kind": "OPEN_DISCARD", "seat": 1, "count": 1})",
            revealed, revealed1),
       1, qs::kind::pick},
      {"two Boons (Ghost Ship Drifting's success)",
       base(R"("step": "RESOLUTION", "act": 2, "challenge": "Ghost Ship Drifting", "judged": true, "success": true, "successes": 1,
              "prompt": {"kind": "OPEN_BOON", "seat": 1, "count": 2})",
            revealed, revealed1),
       1, qs::kind::boon},
      {"Start a Project, two in Hand (a Ship Phase Boon)",
       base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 0}, "prompt": {"kind": "OPEN_PROJECT", "seat": 0, "count": 1})",
            R"(, "hand": ["Targeting Array", "Fusion Reactor", "Rigger"])"),
       0, qs::kind::pick},
      {"Warp in a Challenge Start (Pocket Hangar)",
       base(R"("step": "CHALLENGE_START", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 1},
              "prompt": {"kind": "OPEN_WARP", "seat": 1, "count": 1})",
            "", R"(, "projects": ["Pocket Hangar"], "triggered": [{"card": "Pocket Hangar"}])"),
       1, qs::kind::pick},
  };
  for (const open& o : prompts) {
    CAPTURE(std::string(o.what));
    qs::state g = started(o.json);
    CHECK(g.must_act() == starport::engine::seat_bit(o.seat));
    const std::vector<action> legal = legal_of(g, o.seat);
    CHECK(find_kind(legal, o.asked) != nullptr);
    CHECK(legal_of(g, 1 - o.seat).empty());
    // The choices of a prompt go to its seat only (a Demand's two are public); Hands stay hidden.
    qs::pb::View other;
    g.view(viewer::of_seat(1 - o.seat), other);
    CHECK((other.prompt().choices_size() == 0 || o.asked == qs::kind::decide));
    hidden_from_others(g, 1, "Void Marine");
    hidden_from_others(g, 0, "Ballast Officer");
    play_on(g, 60, [](const qs::state&) { return false; });
  }
}

TEST_CASE("quasar_search Position: a prompt with what waits under it, a Boon's rest or the Trigger a discard pays for") {
  // Ghost Ship Drifting's two Boons for the Team Leader: the first starts a Project (two in
  // Hand: which one?), the second Boon waits under it.
  qs::state b = started(base(R"("step": "RESOLUTION", "act": 2, "challenge": "Ghost Ship Drifting", "judged": true,
      "success": true, "successes": 1, "prompt": {"kind": "OPEN_PROJECT", "seat": 1, "count": 1, "boonsAfter": 1})",
                             revealed, R"(, "confronting": "Gunnery Chief", "hand": ["Targeting Array", "Fusion Reactor", "Void Marine"])"));
  std::vector<action> legal = legal_of(b, 1);
  CHECK(legal.size() == 2);
  b.apply(legal[0]);
  CHECK(b.seat(1).projects.size == 1);
  CHECK(find_kind(legal_of(b, 1), qs::kind::boon) != nullptr);   // the second Boon
  hidden_from_others(b, 1, "Void Marine");
  // Jettison Crew's Trigger: discard 1 card, then Shift 2.
  qs::state j = started(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 0},
      "prompt": {"kind": "OPEN_DISCARD", "seat": 0, "count": 1, "paysFor": {"card": "Jettison Crew"}})",
                             R"(, "confronting": "Jettison Crew", "triggered": [{"card": "Jettison Crew"}])", revealed1));
  legal = legal_of(j, 0);
  CHECK(legal.size() == 2);
  j.apply(legal[0]);
  CHECK(j.seat(0).discard.size == 2);
  CHECK(find_kind(legal_of(j, 0), qs::kind::shift, 2) != nullptr);
  CHECK(refusal_of(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 0},
      "prompt": {"kind": "OPEN_DISCARD", "seat": 0, "count": 1, "paysFor": {"card": "Jettison Crew"}})",
                        R"(, "confronting": "Jettison Crew")", revealed1)) ==
        std::string("the Trigger a discard pays for is performed already: list it in triggered (prompt.pays_for)"));
  CHECK(refusal_of(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 0},
      "prompt": {"kind": "OPEN_DISCARD", "seat": 0, "count": 1, "paysFor": {"card": "Helix Cartographers", "effect": 1}})",
                        R"(, "confronting": "Jettison Crew", "triggered": [{"card": "Helix Cartographers", "effect": 1}])", revealed1)) ==
        std::string("pays_for names a Triggered effect of this phase whose cost is a discard (prompt.pays_for)"));
}

TEST_CASE("quasar_search Position: Act Setup's draws half made, then the Rank picks") {
  qs::state g = started(base(R"("step": "ACT_SETUP", "prompt": {"kind": "OPEN_DRAW", "seat": 0, "count": 8})",
                             R"(, "warp": ["Gunnery Chief"])"));
  CHECK(g.acts_played() == 1);
  CHECK(g.challenge_deck().size() == 2);   // as listed, not dealt again
  // Seat 0 draws the Warp Zone's card, then only its Deck is open: the rest comes by itself,
  // then seat 1 (Deck only) draws by itself.
  const std::vector<action> legal = legal_of(g, 0);
  REQUIRE(legal.size() == 2);
  g.apply(legal.back());
  CHECK(g.seat(0).hand.size == 5);
  CHECK(g.seat(1).hand.size == 4);
  CHECK(g.current_step() == qs::phase::act_setup);
  CHECK(g.must_act() == 3);   // the secret Rank picks
  hidden_from_others(g, 1, "Veteran Engineer");
}

TEST_CASE("quasar_search Position: impossible steps, effects, windows and prompts are refused with the field and the reason") {
  CHECK(refusal_of(base(R"("step": "MISSION_RESOLUTION")")) ==
        std::string("a position starts at a step from ACT_SETUP to ACT_CLEANUP (step)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "challenge": "Dock Traffic Jam")")) ==
        std::string("no Challenge is in play at this step (challenge)"));
  CHECK(refusal_of(base(R"("step": "CLEANUP", "challenge": "Dock Traffic Jam")")) ==
        std::string("the steps after the reveal need each seat's confronting card (confronting)"));
  CHECK(refusal_of(base(R"("step": "PRE_CLEANUP", "challenge": "Dock Traffic Jam", "success": true)", revealed, revealed1)) ==
        std::string("a judged Challenge is counted already: successes (success) or failures is at least 1"));
  CHECK(refusal_of(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "success": true, "successes": 1)", revealed, revealed1)) ==
        std::string("success is a field of a judged Challenge (RESOLUTION with judged, PRE_CLEANUP, CLEANUP)"));
  CHECK(refusal_of(base(R"("step": "ACT_RESOLUTION", "broken": true)")) ==
        std::string("broken means Morale ran out: morale is 0"));
  CHECK(refusal_of(base(R"("step": "SHIP_PHASE", "nextAct": 4)")) ==
        std::string("SHIP_PHASE and ACT_CLEANUP need next_act, an Act the current Act's back names"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "nextAct": 2)")) ==
        std::string("next_act is a SHIP_PHASE or ACT_CLEANUP field"));
  CHECK(refusal_of(base(R"("step": "CONFRONTATION", "challenge": "Dock Traffic Jam", "pending": [{"from": "FROM_ACT", "seat": 1}])")) ==
        std::string("pending effects wait in a phase with effects (pending)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "pending": [{"owner": 0, "card": "Rigger", "seat": 0}])")) ==
        std::string("a pending effect is a Required effect of this phase (pending.effect)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "pending": [{"owner": 1, "card": "Officer Training", "seat": 1}])")) ==
        std::string("a pending effect's card is in play for its owner (pending.card)"));
  CHECK(refusal_of(base(R"("step": "RESOLUTION", "challenge": "Dock Traffic Jam", "judged": true, "success": true, "successes": 1,
                           "pending": [{"owner": 0, "card": "Helix Cartographers", "seat": 0}])", revealed, revealed1)) ==
        std::string("a Challenge's result effects wait at RESOLUTION once judged, and nothing else does (pending.from)"));
  CHECK(refusal_of(base(R"("step": "CHALLENGE_SETUP", "energy": 1, "triggerWindow": {"seat": 0})")) ==
        std::string("inside CHALLENGE_SETUP the Challenge is set up already (challenge)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "triggerWindow": {"seat": 0}, "pending": [{"from": "FROM_ACT", "seat": 1}])")) ==
        std::string("Required effects happen before the Trigger window and the Ship Phase's Boons (pending)"));
  CHECK(refusal_of(base(R"("step": "ACT_START")", R"(, "triggered": [{"card": "Helix Cartographers", "effect": 1}])")) ==
        std::string("triggered lists the Triggers performed in an open Trigger window (trigger_window)"));
  CHECK(refusal_of(base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "energy": 1, "triggerWindow": {"seat": 0})",
                        std::string(revealed) + R"(, "triggered": [{"card": "Helix Cartographers", "effect": 0}])", revealed1)) ==
        std::string("triggered names a Triggered effect of this phase (triggered.effect)"));
  CHECK(refusal_of(base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 0})")) ==
        std::string("ship_turn needs the prompt open on it: OPEN_BOON, OPEN_WARP or what the Boon set off (prompt)"));
  CHECK(refusal_of(base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 0}, "prompt": {"kind": "OPEN_WARP", "seat": 0, "count": 3})")) ==
        std::string("the Ship Phase Warps up to 2 (prompt.count)"));
  CHECK(refusal_of(base(R"("step": "PRE_CLEANUP", "challenge": "Dock Traffic Jam", "success": true, "successes": 1, "energy": 3,
                           "prompt": {"kind": "OPEN_DEMAND", "seat": 0, "count": 2})", revealed, revealed1)) ==
        std::string("the Team Leader decides a Demand (prompt.seat)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "prompt": {"kind": "OPEN_SHIFT", "seat": 0, "count": 1})")) ==
        std::string("a Shift needs the Confrontation revealed (prompt.kind)"));
  // Only the Deck is open to seat 0's Draw: it happens by itself, nothing is asked.
  CHECK(refusal_of(base(R"("step": "ACT_START", "prompt": {"kind": "OPEN_DRAW", "seat": 0, "count": 1})")) ==
        std::string("the prompt would resolve by itself (one possible answer or none), so it is never open (prompt)"));
  CHECK(refusal_of(base(R"("step": "ACT_SETUP", "prompt": {"kind": "OPEN_DRAW", "seat": 0, "count": 2})", R"(, "warp": ["Deckhand"])")) ==
        std::string("at Act Setup a seat draws up to its Hand Size: prompt.count is its Hand Size less its Hand"));
  CHECK(refusal_of(base(R"("step": "ACT_SETUP", "prompt": {"kind": "OPEN_BOON", "seat": 0, "count": 1})")) ==
        std::string("the prompt open at ACT_SETUP is a seat's draw up to its Hand Size, before the Rank picks (prompt.kind)"));
  CHECK(refusal_of(base(R"("step": "ACT_START", "prompt": {"kind": "OPEN_BOON", "seat": 0, "count": 0})")) ==
        std::string("prompt.count is 1 to 40"));
}

TEST_CASE("quasar_search Position: random edits of positions inside a phase are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<qs::state>();
  const std::string pre_cleanup = R"("step": "PRE_CLEANUP", "challenge": "Dock Traffic Jam", "success": true, "successes": 1)";
  const std::string examples[] = {
      base(pre_cleanup + R"(, "pending": [{"owner": 1, "card": "Chain of Command", "seat": 1},
                                         {"owner": 0, "card": "Scout Drone", "seat": 1}])",
           R"(, "confronting": "Scout Drone")", R"(, "confronting": "Chain of Command")"),
      base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 0},
              "prompt": {"kind": "OPEN_SHIFT", "seat": 0, "count": 1})",
           std::string(revealed) + R"(, "triggered": [{"card": "Helix Cartographers", "effect": 1}])", revealed1),
      base(R"("step": "SHIP_PHASE", "nextAct": 2, "shipTurn": {"seat": 1}, "prompt": {"kind": "OPEN_WARP", "seat": 1, "count": 2})"),
      base(R"("step": "RESOLUTION", "act": 2, "challenge": "Static Whispers", "judged": true, "failures": 1,
              "pending": [{"from": "FROM_RESULT", "seat": 0}], "prompt": {"kind": "OPEN_DISCARD", "seat": 1, "count": 1})",
           revealed, revealed1),
      base(R"("step": "PRE_RESOLUTION", "challenge": "Dock Traffic Jam", "triggerWindow": {"seat": 0},
              "prompt": {"kind": "OPEN_DISCARD", "seat": 0, "count": 1, "paysFor": {"card": "Jettison Crew"}})",
           R"(, "confronting": "Jettison Crew", "triggered": [{"card": "Jettison Crew"}])", revealed1),
      base(R"("step": "ACT_SETUP", "prompt": {"kind": "OPEN_DRAW", "seat": 0, "count": 8})", R"(, "warp": ["Gunnery Chief"])"),
  };
  int accepted = 0;
  std::uint64_t seed = 11;
  for (const std::string& json : examples) accepted += position_mutator::check(game, 2, qs::pb::Options(), position(json), 60, seed++);
  CHECK(accepted > 0);
}
