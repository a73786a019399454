// Options, decks, Mission and Player Setup, explicit positions.
#include <algorithm>
#include <bit>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

using engine::refuse;
using engine::rule_error;

namespace {

int per_act_of(const pb::Options& o) {
  if (o.challenges_per_act() != 0) return static_cast<int>(o.challenges_per_act());
  switch (o.difficulty()) {
    case pb::Options::EASY: return 6;
    case pb::Options::HARD: return 10;
    default: return 8;
  }
}

// EASY: one more Morale token per player at Act Setup.
int morale_bonus_of(const pb::Options& o) { return o.difficulty() == pb::Options::EASY ? 1 : 0; }

}  // namespace

std::string state::seat_label(int seat) const { return std::string(faction_of(seat).name); }

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats)
    return refuse(rule_error::bad_options, "Quasar Search is for 1 to 4 players");
  if (!pb::Options::Difficulty_IsValid(options.difficulty()))
    return refuse(rule_error::bad_options, "unknown difficulty");
  if (options.challenges_per_act() > 20)
    return refuse(rule_error::bad_options, "at most 20 Challenges per Act");
  if (options.challenge_limit() > 200)
    return refuse(rule_error::bad_options, "the Challenge limit is at most 200");
  return engine::ok();
}

engine::card_index state::index_of(copy_id c) const {
  const player& p = players_[owner_of(c)];
  if (slot_of(c) == lost_slot) {
    for (std::size_t i = 0; i < content_->pool.size(); ++i)
      if (content_->pool[i].kind == card_kind::lost_in_space) return static_cast<engine::card_index>(i);
    return 0;
  }
  return p.list[slot_of(c)];
}

void state::take_list(int s, std::span<const engine::card_index> list) {
  player& p = players_[s];
  p.list_size = 0;
  for (engine::card_index i : list) {
    if (p.list_size >= max_deck_cards || i >= content_->pool.size()) break;
    const copy_id c = make_copy(s, p.list_size);
    p.list[p.list_size++] = i;
    const player_card& card = content_->pool[i];
    if (card.kind == card_kind::faction) {
      if (p.faction_card == no_card) {
        p.faction_card = c;
        p.faction = card.faction;
      }
    } else if (card.kind != card_kind::lost_in_space) {
      p.deck.push(c);
    }
  }
}

void state::init(const content_set& content, int seats, const pb::Options& options,
                 std::span<const engine::deck_list> decks) {
  content_ = &content;
  seats_ = static_cast<std::uint8_t>(seats);
  per_act_ = static_cast<std::uint8_t>(per_act_of(options));
  limit_ = static_cast<std::uint8_t>(options.challenge_limit() ? options.challenge_limit()
                                                               : default_challenge_limit);
  morale_bonus_ = static_cast<std::uint8_t>(morale_bonus_of(options));
  // Mission Setup: the Mission and the Sequence 1 Act in the Mission Zone.
  act_ = static_cast<std::uint8_t>(std::max(0, find_act(content, 1)));
  // Player Setup: Faction cards in play, decks shuffled.
  for (int s = 0; s < seats; ++s) {
    take_list(s, decks[static_cast<std::size_t>(s)]);
    player& p = players_[s];
    random_.shuffle(p.deck.cards.data(), p.deck.size);
  }
  step_ = phase::player_setup;
  sub_ = 0;
}

state::state(const content_set& content, int seats, const pb::Options& options,
             std::span<const engine::deck_list> decks, std::uint64_t seed)
    : random_(seed) {
  init(content, seats, options, decks);
  advance();
}

// ---- Positions -------------------------------------------------------------------------------

namespace {

// The Rank cards a seat may pick at Act Setup: those not used this cycle (all, once every
// one was used).
std::uint8_t rank_used_mask(const faction_def& f, const pb::SeatPosition& s) {
  std::uint8_t used = 0;
  for (std::uint32_t v : s.ranks_used())
    for (int r = 0; r < rank_cards; ++r)
      if (f.ranks[static_cast<std::size_t>(r)] == v && !(used >> r & 1u)) {
        used = static_cast<std::uint8_t>(used | 1u << r);
        break;
      }
  return used == (1u << rank_cards) - 1u ? 0 : used;
}

int rank_choices(const faction_def& f, const pb::SeatPosition& s) {
  return rank_cards - std::popcount(static_cast<unsigned>(rank_used_mask(f, s)));
}

// The Rank card index `value` names among those still to pick, or -1.
int rank_slot(const faction_def& f, const pb::SeatPosition& s, int value) {
  const std::uint8_t used = rank_used_mask(f, s);
  for (int r = 0; r < rank_cards; ++r)
    if (f.ranks[static_cast<std::size_t>(r)] == value && !(used >> r & 1u)) return r;
  return -1;
}

bool position_step_ok(pb::Step s) {
  return s == pb::STEP_UNSPECIFIED || s == pb::ACT_SETUP || s == pb::CHALLENGE_SETUP ||
         s == pb::CONFRONTATION || s == pb::PRE_RESOLUTION;
}

}  // namespace

verdict state::validate(const content_set& c, int seats, const pb::Options& options,
                        const pb::Position& pos) {
  if (verdict v = validate(seats, options); !v) return v;
  if (pos.seats_size() != seats) return refuse(rule_error::bad_options, "the position lists one entry per seat");
  if (!position_step_ok(pos.step()))
    return refuse(rule_error::bad_options, "a position starts at ACT_SETUP, CHALLENGE_SETUP, CONFRONTATION or PRE_RESOLUTION");
  if (find_act(c, pos.act() ? static_cast<int>(pos.act()) : 1) < 0)
    return refuse(rule_error::bad_options, "no Act with that sequence number");
  for (const std::string& n : pos.challenge_deck())
    if (find_challenge(c, n) < 0) return refuse(rule_error::bad_options, "unknown Challenge in the Challenge Deck");
  for (const std::string& n : pos.sensors())
    if (find_challenge(c, n) < 0) return refuse(rule_error::bad_options, "unknown Challenge in Sensors");
  if (pos.challenge_deck_size() + pos.sensors_size() > max_challenge_deck)
    return refuse(rule_error::bad_options, "too many Challenges");
  const bool needs_challenge = pos.step() == pb::CONFRONTATION || pos.step() == pb::PRE_RESOLUTION;
  if (needs_challenge && find_challenge(c, pos.challenge()) < 0)
    return refuse(rule_error::bad_options, "this step needs the Challenge in play");
  if (pos.rank_picks() && pos.step() != pb::ACT_SETUP && pos.step() != pb::STEP_UNSPECIFIED)
    return refuse(rule_error::bad_options, "rank_picks is an ACT_SETUP field");
  if (pos.energy() > 1000 || pos.morale() > 200) return refuse(rule_error::bad_options, "Energy or Morale out of range");
  for (const pb::SeatPosition& s : pos.seats()) {
    const int f = find_faction(c, s.faction());
    if (f < 0) return refuse(rule_error::bad_options, "unknown faction");
    int cards = 1;
    auto zone = [&](const auto& names, bool allow_lost) -> bool {
      for (const std::string& n : names) {
        const int i = find_card(c, n);
        if (i < 0) return false;
        const card_kind k = c.pool[static_cast<std::size_t>(i)].kind;
        if (k == card_kind::faction) return false;
        if (k == card_kind::lost_in_space && !allow_lost) return false;
        ++cards;
      }
      return true;
    };
    if (!zone(s.hand(), false) || !zone(s.deck(), false) || !zone(s.discard(), false) ||
        !zone(s.warp(), false) || !zone(s.projects(), false) || !zone(s.lessons(), false) ||
        !zone(s.overcommit(), false))
      return refuse(rule_error::bad_options, "unknown card, or a Faction / Lost in Space card in a zone");
    for (const std::string& n : s.projects())
      if (c.pool[static_cast<std::size_t>(find_card(c, n))].kind != card_kind::project)
        return refuse(rule_error::bad_options, "only Projects go in the Projects zone");
    if (s.projects_size() > max_personal || s.lessons_size() > max_personal || s.overcommit_size() > 4)
      return refuse(rule_error::bad_options, "too many cards in the Personal Zone");
    if (!s.confronting().empty() && pos.step() != pb::CONFRONTATION && pos.step() != pb::PRE_RESOLUTION)
      return refuse(rule_error::bad_options, "confronting is a CONFRONTATION or PRE_RESOLUTION field");
    if (s.shift() != 0 && pos.step() != pb::PRE_RESOLUTION)
      return refuse(rule_error::bad_options, "shift is a PRE_RESOLUTION field");
    if (pos.step() == pb::CONFRONTATION && !s.confronting().empty()) {
      // A secret pick made already: the card stays in the Hand or Projects until the reveal.
      const bool held = std::find(s.hand().begin(), s.hand().end(), s.confronting()) != s.hand().end() ||
                        std::find(s.projects().begin(), s.projects().end(), s.confronting()) != s.projects().end();
      if (!held) return refuse(rule_error::bad_options, "a CONFRONTATION pick (confronting) is a card of that seat's Hand or Projects");
      if (s.overcommit_size() > 0)
        return refuse(rule_error::bad_options, "a seat under Overcommit confronts with its Deck's top card, not a pick (confronting)");
    }
    if (pos.step() == pb::PRE_RESOLUTION) {
      const int i = find_card(c, s.confronting());
      if (i < 0 || c.pool[static_cast<std::size_t>(i)].kind == card_kind::faction)
        return refuse(rule_error::bad_options, "PRE_RESOLUTION needs each seat's confronting card");
      if (c.pool[static_cast<std::size_t>(i)].kind != card_kind::lost_in_space) ++cards;
      if (s.shift() < -20 || s.shift() > 20) return refuse(rule_error::bad_options, "Shift out of range");
    }
    if (cards > max_deck_cards) return refuse(rule_error::bad_options, "too many cards for one seat");
    const faction_def& fd = c.factions[static_cast<std::size_t>(f)];
    if (s.rank() != 0 && std::find(fd.ranks.begin(), fd.ranks.end(), s.rank()) == fd.ranks.end())
      return refuse(rule_error::bad_options, "that faction has no Rank card of that value");
    if (pos.step() != pb::ACT_SETUP && pos.step() != pb::STEP_UNSPECIFIED && s.rank() == 0)
      return refuse(rule_error::bad_options, "a Rank card is in play after Act Setup");
    if (s.glory() > 1000) return refuse(rule_error::bad_options, "Glory out of range");
    if (s.rank_pick() != 0 && !pos.rank_picks())
      return refuse(rule_error::bad_options, "rank_pick is a pick made while Rank picks are open (rank_picks)");
    if (pos.rank_picks()) {
      if (s.rank() != 0) return refuse(rule_error::bad_options, "no Rank card is in play while Rank picks are open (rank)");
      if (s.rank_pick() != 0 && rank_slot(fd, s, static_cast<int>(s.rank_pick())) < 0)
        return refuse(rule_error::bad_options, "rank_pick names a Rank card that faction has and has not used this cycle");
    }
  }
  if (pos.rank_picks()) {
    if (pos.successes() != 0 || pos.failures() != 0)
      return refuse(rule_error::bad_options, "an Act that has just begun has no successes or failures");
    bool open = false;
    for (const pb::SeatPosition& s : pos.seats())
      if (s.rank_pick() == 0 && rank_choices(c.factions[static_cast<std::size_t>(find_faction(c, s.faction()))], s) > 1) open = true;
    if (!open) return refuse(rule_error::bad_options, "every seat has picked its Rank (rank_pick): the picks would be revealed");
  }
  if (pos.step() == pb::CONFRONTATION) {
    bool open = false;
    for (const pb::SeatPosition& s : pos.seats())
      if (s.confronting().empty() && s.overcommit_size() == 0 && (s.hand_size() > 0 || s.projects_size() > 0)) open = true;
    if (!open) return refuse(rule_error::bad_options, "every seat has picked its confronting card: the Confrontation would be revealed");
  }
  return engine::ok();
}

state::state(const content_set& c, int seats, const pb::Options& options, const pb::Position& pos,
             std::uint64_t seed)
    : random_(seed) {
  content_ = &c;
  seats_ = static_cast<std::uint8_t>(seats);
  per_act_ = static_cast<std::uint8_t>(per_act_of(options));
  limit_ = static_cast<std::uint8_t>(options.challenge_limit() ? options.challenge_limit()
                                                               : default_challenge_limit);
  morale_bonus_ = static_cast<std::uint8_t>(morale_bonus_of(options));
  act_ = static_cast<std::uint8_t>(find_act(c, pos.act() ? static_cast<int>(pos.act()) : 1));
  acts_played_ = static_cast<std::uint8_t>(pos.acts_played() ? pos.acts_played() : 1);
  challenges_played_ = static_cast<std::uint16_t>(pos.challenges_played());
  energy_ = static_cast<std::uint16_t>(pos.energy());
  morale_ = static_cast<std::uint8_t>(pos.morale());
  successes_ = static_cast<std::uint8_t>(pos.successes());
  failures_ = static_cast<std::uint8_t>(pos.failures());
  // Listed top first; the pile keeps the top at the back.
  for (int i = pos.challenge_deck_size() - 1; i >= 0; --i)
    challenge_deck_.push(static_cast<std::uint8_t>(find_challenge(c, pos.challenge_deck(i))));
  for (const std::string& n : pos.sensors()) sensors_.push(static_cast<std::uint8_t>(find_challenge(c, n)));
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = pos.seats(s);
    player& p = players_[s];
    const int f = find_faction(c, sp.faction());
    p.faction = static_cast<std::uint8_t>(f);
    auto add = [&](const std::string& name) -> copy_id {
      const copy_id copy = make_copy(s, p.list_size);
      p.list[p.list_size++] = static_cast<engine::card_index>(find_card(c, name));
      return copy;
    };
    p.faction_card = add(std::string(c.factions[static_cast<std::size_t>(f)].name));
    for (const std::string& n : sp.hand()) p.hand.push(add(n));
    for (int i = sp.deck_size() - 1; i >= 0; --i) p.deck.push(add(sp.deck(i)));
    for (const std::string& n : sp.discard()) p.discard.push(add(n));
    for (const std::string& n : sp.warp()) p.warp.push(add(n));
    for (const std::string& n : sp.projects()) p.projects.push(add(n));
    for (const std::string& n : sp.lessons()) p.lessons.push(add(n));
    for (const std::string& n : sp.overcommit()) p.overcommit.push(add(n));
    p.glory = static_cast<std::uint16_t>(sp.glory());
    const faction_def& fd = c.factions[static_cast<std::size_t>(f)];
    for (int r = 0; r < rank_cards; ++r) {
      if (fd.ranks[static_cast<std::size_t>(r)] == sp.rank() && p.rank == 0) {
        p.rank = static_cast<std::uint8_t>(sp.rank());
        p.ranks_used |= static_cast<std::uint8_t>(1u << r);
      }
    }
    for (std::uint32_t used : sp.ranks_used())
      for (int r = 0; r < rank_cards; ++r)
        if (fd.ranks[static_cast<std::size_t>(r)] == used && !(p.ranks_used >> r & 1u)) {
          p.ranks_used |= static_cast<std::uint8_t>(1u << r);
          break;
        }
    if (pos.step() == pb::PRE_RESOLUTION) {
      const int i = find_card(c, sp.confronting());
      if (c.pool[static_cast<std::size_t>(i)].kind == card_kind::lost_in_space) {
        p.confronting = make_copy(s, lost_slot);
      } else {
        p.confronting = add(sp.confronting());
      }
      p.chose = true;
      p.shift = static_cast<std::int8_t>(sp.shift());
    }
  }
  if (pos.rank_picks()) {
    // The Act has begun (its Challenge Deck dealt, hands as listed); Rank picks are open.
    deal_challenge_deck();
    for (int s = 0; s < seats; ++s) {
      player& p = players_[s];
      const pb::SeatPosition& sp = pos.seats(s);
      const faction_def& fd = c.factions[p.faction];
      p.ranks_used = rank_used_mask(fd, sp);
      p.rank = 0;
      p.rank_pick = -1;
      p.chose = false;
      if (sp.rank_pick() != 0) {
        p.rank_pick = static_cast<std::int8_t>(rank_slot(fd, sp, static_cast<int>(sp.rank_pick())));
      } else if (rank_choices(fd, sp) == 1) {
        for (int r = 0; r < rank_cards; ++r)
          if (!(p.ranks_used >> r & 1u)) p.rank_pick = static_cast<std::int8_t>(r);
      }
      p.chose = p.rank_pick >= 0;
    }
    step_ = phase::act_setup;
    sub_ = 2;
    push(frame{task::rank, 0, 0, 0, {}});
    advance();
    return;
  }
  switch (pos.step()) {
    case pb::CHALLENGE_SETUP:
      step_ = phase::challenge_setup;
      break;
    case pb::CONFRONTATION:
      challenge_ = static_cast<std::uint8_t>(find_challenge(c, pos.challenge()));
      step_ = phase::confrontation;
      break;
    case pb::PRE_RESOLUTION:
      challenge_ = static_cast<std::uint8_t>(find_challenge(c, pos.challenge()));
      revealed_ = true;
      step_ = phase::pre_resolution;
      break;
    default:
      step_ = phase::act_setup;
      --acts_played_;   // begin_act counts it
      break;
  }
  sub_ = 0;
  advance();
  if (pos.step() == pb::CONFRONTATION) {
    // Secret picks made already; the open CONFRONT waits for the others.
    for (int s = 0; s < seats; ++s) {
      const std::string& name = pos.seats(s).confronting();
      player& p = players_[s];
      if (name.empty() || p.chose) continue;
      const int want = find_card(c, name);
      for (copy_id x : p.hand.items())
        if (p.confronting == no_card && index_of(x) == want) p.confronting = x;
      for (copy_id x : p.projects.items())
        if (p.confronting == no_card && index_of(x) == want) p.confronting = x;
      p.chose = p.confronting != no_card;
    }
  }
}

}  // namespace starport::quasar_search
