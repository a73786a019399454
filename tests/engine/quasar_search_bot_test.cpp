// Quasar Search bots (issue 17 "Bots"): a team of heuristic teammates wins the Mission more
// often than a team of random bots, no bot ever plays an illegal action, and the heuristic
// makes the choices its conventions promise in posed situations. Bots are asked exactly as
// a client is: their own seat's view and legal actions. docs/rules/quasar_search_cards.md,
// "Bots", has the figures over 1,000 games; STARPORT_QUASAR_BOT_GAMES plays more games here.
#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/quasar_search/state.hpp"

namespace qs = starport::quasar_search;
namespace eng = starport::engine;
namespace qpb = starport::quasar_search::v1;

namespace {

struct tally {
  int games = 0, wins = 0;
  std::map<char, int> endings;
};

int games_from_env(int fallback) {
  const char* s = std::getenv("STARPORT_QUASAR_BOT_GAMES");
  return s ? std::max(1, std::atoi(s)) : fallback;
}

// A team of `bot` in every seat plays `games` Missions (starters dealt from the seed).
tally team(std::string_view bot, int seats, int games, std::uint64_t first_seed,
           qpb::Options::Difficulty difficulty = qpb::Options::STANDARD) {
  const auto& info = eng::info_of<qs::state>();
  qpb::Options options;
  options.set_difficulty(difficulty);
  tally t;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    auto m = info.create(seats, options, seed);
    std::vector<std::unique_ptr<eng::bot>> bots;
    for (int s = 0; s < seats; ++s) bots.push_back(info.find_bot(bot)->make(seed * 8 + static_cast<std::uint64_t>(s)));
    const auto p = eng::play_out(*m, bots, 100000, false);
    // Finished: no bot offered an action the rules refused (play_out stops at the first).
    REQUIRE_MESSAGE(p.finished, "seed " << seed);
    const auto o = m->result();
    const int winners = eng::seat_total(o.winners);
    // Cooperative: everybody wins or nobody does.
    CHECK((winners == 0 || winners == seats));
    ++t.games;
    t.wins += winners == seats;
    const auto* st = &static_cast<const eng::match_of<qs::state>&>(*m).state();
    t.endings[st->ending() ? st->ending() : '-']++;
  }
  return t;
}

std::string describe(const tally& t) {
  std::string s = std::to_string(t.wins) + "/" + std::to_string(t.games) + " endings";
  for (const auto& [letter, n] : t.endings) s += std::string(" ") + letter + ":" + std::to_string(n);
  return s;
}

}  // namespace

TEST_CASE("Quasar Search bots, the bot list: random first, then the heuristic teammate") {
  const auto bots = qs::state::bots();
  REQUIRE(bots.size() == 2);
  CHECK(bots[0].name == "random");
  CHECK(bots[1].name == "heuristic");
  CHECK(!bots[1].summary.empty());
}

TEST_CASE("Quasar Search bots, random and heuristic teams of 1 to 4 finish every Mission with legal actions") {
  for (int seats = 1; seats <= 4; ++seats)
    for (std::string_view bot : {"random", "heuristic"}) {
      CAPTURE(seats);
      CAPTURE(bot);
      const tally t = team(bot, seats, 15, 900 + static_cast<std::uint64_t>(seats) * 31);
      CHECK(t.games == 15);
    }
}

TEST_CASE("Quasar Search bots, a team of heuristic teammates wins more Missions than a team of random bots") {
  // Fixed seeds: the figures are the same on every run (1,000 games each: the docs).
  const int games = games_from_env(150);
  const tally heuristic = team("heuristic", 2, games, 1);
  const tally random = team("random", 2, games, 1);
  MESSAGE("2 seats, standard: heuristic " << describe(heuristic) << ", random " << describe(random));
  CHECK(heuristic.wins > random.wins + games / 10);
}

// ---- Posed situations ------------------------------------------------------------------------

namespace {

qpb::SeatPosition seat_at(std::string_view faction, unsigned rank, std::vector<std::string> hand,
                          std::string confronting = "") {
  qpb::SeatPosition s;
  s.set_faction(std::string(faction));
  s.set_rank(rank);
  for (const std::string& n : hand) s.add_hand(n);
  for (std::string_view n : {"Rigger", "Comms Specialist", "Shuttle Pilot", "Gunnery Chief"}) s.add_deck(std::string(n));
  if (!confronting.empty()) s.set_confronting(confronting);
  return s;
}

qs::state posed(qpb::Step step, std::string_view challenge, std::vector<qpb::SeatPosition> seats, unsigned energy = 0) {
  qpb::Position pos;
  pos.set_step(step);
  pos.set_act(static_cast<unsigned>(qs::challenges()[static_cast<std::size_t>(
                                        qs::find_challenge(qs::standard_content(), challenge))].act));
  pos.set_challenge(std::string(challenge));
  pos.set_morale(8);
  pos.set_energy(energy);
  for (const std::string_view n : {"Dock Traffic Jam", "Supply Haggling"}) pos.add_challenge_deck(std::string(n));
  for (auto& s : seats) *pos.add_seats() = s;
  const qpb::Options options;
  const eng::verdict v = qs::state::validate(static_cast<int>(seats.size()), options, pos);
  REQUIRE_MESSAGE(static_cast<bool>(v), v.detail);
  return qs::state(static_cast<int>(seats.size()), options, pos, 7);
}

// The card the heuristic confronts with for `seat`, by name (it reads its own view only).
std::string heuristic_confronts(const qs::state& g, int seat) {
  std::vector<eng::action> legal;
  g.legal_actions(seat, legal);
  REQUIRE_FALSE(legal.empty());
  qpb::View v;
  g.view(eng::viewer::of_seat(seat), v);
  auto bot = eng::info_of<qs::state>().find_bot("heuristic")->make(1);
  const eng::action a = bot->choose(v, legal);
  REQUIRE(a.kind == static_cast<std::uint16_t>(qs::kind::confront));
  for (const qpb::Seat& s : v.seats())
    for (const qpb::PlayerCard& c : s.hand())
      if (static_cast<std::int32_t>(c.id()) == a.args[0]) return c.name();
  return "?";
}

// Heuristic bots in every seat play on until the Challenge in play is judged (the rules run
// on through Cleanup when nobody has a decision, so the Act's tally says how it went).
// True: it succeeded.
bool play_to_judgement(eng::match_of<qs::state>& m) {
  const auto& info = eng::info_of<qs::state>();
  std::vector<std::unique_ptr<eng::bot>> bots;
  for (int s = 0; s < m.seat_count(); ++s) bots.push_back(info.find_bot("heuristic")->make(3));
  std::vector<eng::action> scratch;
  const int judged = m.state().successes() + m.state().failures();
  const int before = m.state().successes();
  for (int guard = 0; guard < 200 && m.state().successes() + m.state().failures() == judged; ++guard) {
    const int seat = eng::next_seat(m);
    REQUIRE(seat >= 0);
    REQUIRE(m.play(eng::bot_move(m, seat, *bots[static_cast<std::size_t>(seat)], scratch)));
  }
  REQUIRE(m.state().successes() + m.state().failures() == judged + 1);
  return m.state().successes() == before + 1;
}

}  // namespace

TEST_CASE("Quasar Search bots, All-Out: the heuristic brings its share with the smallest card that reaches it") {
  // Loading the Cargo Bay: All-Out 6 per player, 12 at two seats: a share of 6.
  const auto g = posed(qpb::CONFRONTATION, "Loading the Cargo Bay",
                       {seat_at("Lumen Choir", 4, {"Deckhand", "Shuttle Pilot", "Void Marine", "Gunnery Chief"}),
                        seat_at("Vanguard Wing", 5, {"Rigger", "Rigger"})});
  CHECK(heuristic_confronts(g, 0) == "Gunnery Chief");
}

TEST_CASE("Quasar Search bots, Low Profile: the heuristic keeps under its share with its largest card that does") {
  // Static Whispers: Low Profile 3 per player, 6 at two seats: a share of 3.
  const auto g = posed(qpb::CONFRONTATION, "Static Whispers",
                       {seat_at("Lumen Choir", 4, {"Void Marine", "Rigger", "Cabin Steward", "Shuttle Pilot"}),
                        seat_at("Vanguard Wing", 5, {"Rigger", "Rigger"})});
  CHECK(heuristic_confronts(g, 0) == "Rigger");
}

TEST_CASE("Quasar Search bots, Spearhead: the smallest card that reaches it, else the card the team needs least") {
  // Nebula Current: Spearhead 9.
  const auto reach = posed(qpb::CONFRONTATION, "Nebula Current",
                           {seat_at("Lumen Choir", 4, {"Deckhand", "Last-Ditch Burn", "All Hands", "Gunnery Chief"}),
                            seat_at("Vanguard Wing", 5, {"Rigger"})});
  CHECK(heuristic_confronts(reach, 0) == "All Hands");
  const auto short_of_it = posed(qpb::CONFRONTATION, "Nebula Current",
                                 {seat_at("Lumen Choir", 1, {"Shuttle Pilot", "Deckhand", "Gunnery Chief"}),
                                  seat_at("Vanguard Wing", 5, {"Rigger"})});
  CHECK(heuristic_confronts(short_of_it, 0) == "Deckhand");
}

TEST_CASE("Quasar Search bots, Thread the Needle: once revealed, the heuristic Shifts onto the exact total") {
  // Calibrate the Sensors: Thread the Needle 5 per player, 10 at two seats; 4 + 5 = 9, and
  // Trim Jets may Shift itself by 1.
  eng::match_of<qs::state> m(posed(qpb::PRE_RESOLUTION, "Calibrate the Sensors",
                                   {seat_at("Lumen Choir", 4, {"Rigger"}, "Trim Jets"),
                                    seat_at("Vanguard Wing", 5, {"Rigger"}, "Shuttle Pilot")}));
  CHECK_FALSE(m.state().judge());
  CHECK(play_to_judgement(m));
}

TEST_CASE("Quasar Search bots, the heuristic pays for no Shift the Challenge does not need") {
  // Already 5 + 5 = 10 on Thread the Needle 10: the Choir's "Spend 1 Glory: Shift 2" stays unused.
  auto first = seat_at("Lumen Choir", 4, {"Rigger"}, "Shuttle Pilot");
  first.set_glory(3);
  eng::match_of<qs::state> m(posed(qpb::PRE_RESOLUTION, "Calibrate the Sensors",
                                   {first, seat_at("Vanguard Wing", 5, {"Rigger"}, "Shuttle Pilot")}));
  CHECK(m.state().judge());
  CHECK(play_to_judgement(m));
  CHECK(m.state().seat(0).glory == 3);
}
