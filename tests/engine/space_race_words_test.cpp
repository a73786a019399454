// Space Race: the log's words. describe() names the ability used and every card that is or
// becomes public; describe_effects() names what an action set off (Control Cards revealed,
// the JFK opponent's moves). Hidden cards stay unnamed (Hand, Deck, face-down Universe).
#include "space_race_table.hpp"

namespace {

std::string words_of(const sr::state& s, const std::string& move) { return filled(s.describe(parse(move))); }

bool says(const std::string& text, const std::string& line) {
  CAPTURE(text);
  return text.find(line) != std::string::npos;
}

}  // namespace

TEST_CASE("Available Abilities words: 'uses Titan Rocket', then the card taken and where it went") {
  auto s = table({.seats = {{.agency = {"titan_rocket"}}, {}}, .universe = {"project_gemini", "espionage"}});
  choose(s, {S6, P6});
  play(s, "1 pass");   // Propaganda: seat 1; Technology: nobody; Space Program: seat 0
  REQUIRE(s.current_stage() == 2);
  const std::string rocket = use(0, s, "titan_rocket", 0);
  CHECK(words_of(s, rocket) ==
        "{seat:0} uses Titan Rocket: " + sr::describe(sr::card_of(s.seat(0).agency.cards[0].card).left));
  play(s, rocket);
  const std::string gemini = pick_universe(s, 0, "project_gemini");
  CHECK(words_of(s, gemini) == "{seat:0} takes Project Gemini from the Universe to its Agency.");
}

TEST_CASE("Manage words: a chosen Control Card stays unnamed until every seat has chosen, then all are named") {
  auto s = table({.seats = {{}, {}}});
  CHECK(words_of(s, "0 choose " + std::to_string(P6)) == "{seat:0} chooses a Control Card.");
  CHECK(words_of(s, "0 choose " + std::to_string(T6)) == "{seat:0} chooses a Control Card.");
  play(s, "0 choose " + std::to_string(P6));
  CHECK(filled(s.describe_effects()) == "");
  play(s, "1 choose " + std::to_string(T6));
  CHECK(says(filled(s.describe_effects()), "Control Cards: {seat:0} Propaganda VI, {seat:1} Technology VI."));
}

TEST_CASE("Hidden cards words: Clever Investments and draws into the Hand never name the card") {
  auto s = table({.seats = {{.hand = {"skylab"}, .agency = {"public_outreach"}}, {}}, .deck = {"moon_landing"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "public_outreach", 0));
  CHECK(words_of(s, "0 split 1") == "{seat:0} splits the ability 1 + 1.");
  play(s, "0 split 1");
  CHECK(words_of(s, "0 draw 1") == "{seat:0} draws 1 card.");
  play(s, "0 draw 1");
  CHECK_FALSE(says(filled(s.describe_effects()), "Moon Landing"));
}

TEST_CASE("JFK words: the opponent's Control Card and every card it takes, from the Universe and from the Deck") {
  auto s = table({.seats = {{.hand = {"skylab"}}}, .universe = {"espionage", "press_conference"},
                  .deck = {"moon_landing", "titan_rocket"}, .variant = srpb::JFK,
                  .opponent_controls = {"technology_3", "space_program_1"}, .opponent_deck = {"propaganda_6"}});
  play(s, "0 choose " + std::to_string(B6));
  const std::string effects = filled(s.describe_effects());
  CHECK(says(effects, "Control Cards: {seat:0} Breakthrough VI."));
  CHECK(says(effects, "The Eastern bloc plays Propaganda VI."));
  CHECK(says(effects, "The Eastern bloc takes Espionage from the Universe."));
  CHECK(says(effects, "The Eastern bloc takes Press Conference from the Universe."));
  CHECK(says(effects, "The Eastern bloc takes Moon Landing from the Deck."));
  // In that order: the Control Card first, then the Stages one after another.
  CHECK(effects.find("plays Propaganda VI") < effects.find("takes Espionage"));
  CHECK(effects.find("takes Espionage") < effects.find("takes Moon Landing"));
}

TEST_CASE("JFK Scoring: a loss to the Eastern bloc is named in the outcome and in the log") {
  // Round 7, nothing in the Agency: the opponent's level alone outscores the player.
  auto s = table({.seats = {{.hand = {"skylab"}, .used_controls = {"propaganda_1", "propaganda_3", "technology_1",
                                                                   "technology_3", "space_program_1", "space_program_3"}}},
                  .round = 7, .variant = srpb::JFK, .opponent_controls = {"technology_6", "space_program_6"},
                  .opponent_deck = {"propaganda_6"}});
  play(s, "0 choose " + std::to_string(B6));
  for (int guard = 0; guard < 20 && !s.result().over; ++guard) {
    std::vector<starport::engine::action> list;
    s.legal_actions(0, list);
    REQUIRE_FALSE(list.empty());
    starport::engine::action pick = list.front();
    for (const auto& a : list)
      if (a.kind == static_cast<std::uint16_t>(sr::kind::pass) || a.kind == static_cast<std::uint16_t>(sr::kind::done))
        pick = a;
    s.apply(pick);
  }
  REQUIRE(s.result().over);
  CHECK(s.result().winners == 0);
  CHECK(std::string(s.result().reason) == "eastern_bloc_won");
  CHECK(says(filled(s.describe_effects()), "The match is over: the Eastern bloc wins."));
}

namespace {

std::uint32_t id_in(const srpb::View& v, const std::string& code) {
  for (const auto& pile : v.universe())
    for (const auto& c : pile.cards()) if (c.code() == code) return c.id();
  for (const auto& seat : v.seats()) {
    for (const auto& a : seat.agency()) if (a.card().code() == code) return a.card().id();
    for (const auto& c : seat.hand()) if (c.code() == code) return c.id();
    for (const auto& c : seat.lab()) if (c.code() == code) return c.id();
  }
  for (const auto& c : v.face_down()) if (c.code() == code) return c.id();
  return 0;
}

srpb::View view_of(const sr::state& s, starport::engine::viewer who) {
  srpb::View v;
  s.view(who, v);
  return v;
}

}  // namespace

TEST_CASE("Card ids: a card keeps its id from the Universe into an Agency, for every viewer") {
  using starport::engine::viewer;
  auto s = table({.seats = {{.agency = {"titan_rocket"}}, {}}, .universe = {"project_gemini", "espionage"}});
  choose(s, {S6, P6});
  play(s, "1 pass");
  const std::uint32_t before = id_in(view_of(s, viewer::of_seat(1)), "project_gemini");
  CHECK(before != 0);
  CHECK(id_in(view_of(s, viewer::of_seat(0)), "project_gemini") == before);
  play(s, use(0, s, "titan_rocket", 0));
  play(s, pick_universe(s, 0, "project_gemini"));
  CHECK(id_in(view_of(s, viewer::of_seat(1)), "project_gemini") == before);
  CHECK(id_in(view_of(s, viewer::spectator()), "project_gemini") == before);
}

TEST_CASE("Card ids: a face-down Universe card turns up with a fresh id, so nobody learns where it came from") {
  using starport::engine::viewer;
  auto s = table({.seats = {{}, {}}, .universe = {"espionage"}, .face_down = {"titan_rocket"}});
  const std::uint32_t hidden = id_in(view_of(s, viewer::omniscient()), "titan_rocket");
  const std::uint32_t espionage = id_in(view_of(s, viewer::of_seat(0)), "espionage");
  CHECK(id_in(view_of(s, viewer::of_seat(0)), "titan_rocket") == 0);   // not sent while face down
  choose(s, {P6, T6});   // Unexpected Opportunities: the face-down cards turn face up
  const std::uint32_t shown = id_in(view_of(s, viewer::of_seat(1)), "titan_rocket");
  CHECK(shown != 0);
  CHECK(shown != hidden);
  CHECK(shown > 98);   // above every copy's first number: it cannot name a copy seen before
  CHECK(id_in(view_of(s, viewer::of_seat(1)), "espionage") == espionage);
}
