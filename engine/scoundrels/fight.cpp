// Fights in rounds: ship combat (intercept, ambush), boarding actions and brawls.
#include <algorithm>
#include <bit>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::seat_bit;

// Ship combat damage `from` deals to `to` this round: the attacks added up, less the
// defender's defensive bonuses. Each defence takes up to its amount off the total of the
// weapon kinds it covers (all kinds when it names none), like melee armour; the narrowest
// defences are counted first, so every defence is used where only it can help.
int state::combat_damage(int from, int to, bool defended) const {
  std::array<int, weapon_count> by_kind{};
  const bool ambush_round = fight_.from == fight_from::ambush_departure || fight_.from == fight_from::ambush_arrival;
  for (int b = 0; b < max_bays; ++b)
    if (working(from, b))
      for (const ability& a : card_of(ships_[from].bays[b].card).abilities) {
        if (a.kind != prim::attack) continue;
        if ((a.flags & flag_ambush_only) && !(ambush_round && from == fight_.attacker)) continue;
        by_kind[static_cast<int>(a.kind_of)] += a.amount;
      }
  // Pass 1: defences naming one kind; 2: several kinds; 3: every kind.
  for (int pass = 1; pass <= 3 && defended; ++pass)
    for (int b = 0; b < max_bays; ++b)
      if (working(to, b))
        for (const ability& a : card_of(ships_[to].bays[b].card).abilities) {
          if (a.kind != prim::defence) continue;
          if ((a.flags & flag_defending) && to != fight_.defender) continue;
          const int breadth = a.vs == 0 ? 3 : std::popcount(static_cast<unsigned>(a.vs)) == 1 ? 1 : 2;
          if (breadth != pass) continue;
          int left = a.amount;
          for (int k = 0; k < weapon_count && left > 0; ++k)
            if (a.vs == 0 || (a.vs >> k) & 1u) {
              const int n = std::min(left, by_kind[k]);
              by_kind[k] -= n;
              left -= n;
            }
        }
  int total = 0;
  for (int v : by_kind) total += v;
  return total;
}

// What one ability adds to its side's melee hits in this fight (boarding-only and
// brawl-only abilities count only there).
int state::melee_bonus(const ability& a) const {
  if ((a.flags & flag_boarding_only) && fight_.kind != fight_kind::boarding) return 0;
  if ((a.flags & flag_brawl_only) && fight_.kind != fight_kind::brawl) return 0;
  if (a.kind == prim::melee) return a.amount;
  if (a.kind == prim::boarding && fight_.kind == fight_kind::boarding) return a.amount;
  return 0;
}

// Melee hits of a side this round before the other side's defences, by kind: every conscious
// crew's own melee abilities, its equipped firearm (one) and explosive (one, thrown), boarding
// bonuses. An ability that names no kind hits as fists.
std::array<int, weapon_count> state::melee_hits_by_kind(int side) const {
  const int s = side == 0 ? fight_.attacker : fight_.defender;
  std::array<int, weapon_count> hits{};
  auto add = [&](const ability& a) {
    const int n = melee_bonus(a);
    if (n) hits[static_cast<std::size_t>(a.kind_of == weapon::none ? weapon::fists : a.kind_of)] += n;
  };
  for (int b = 0; b < max_bays; ++b) {
    if (!working(s, b) || card_of(ships_[s].bays[b].card).kind != card_kind::crew) continue;
    for (const ability& a : card_of(ships_[s].bays[b].card).abilities) add(a);
    bool gun = false, bomb = false;
    for (int i = 0; i < fight_.kit_count[side]; ++i) {
      const kit_entry& k = fight_.kit[side][i];
      if (k.item == no_card || k.bay != b || k.used) continue;
      const card& c = card_of(k.item);
      if ((c.kind == card_kind::firearm && !gun) || (c.kind == card_kind::explosive && !bomb)) {
        for (const ability& a : c.abilities) add(a);
        (c.kind == card_kind::firearm ? gun : bomb) = true;
      }
    }
  }
  return hits;
}

// The hits that get through `side`'s defences: each melee defence (a crew's own, or armour
// it wears) stops up to its amount of hits of the kinds it names (all kinds when it names
// none), like ship defences (docs/rules/scoundrels.md, "Melee").
int state::melee_taken(int side, std::array<int, weapon_count> hits) const {
  const int s = side == 0 ? fight_.attacker : fight_.defender;
  auto stop = [&](const ability& a) {
    int left = a.amount;
    for (int k = 0; k < weapon_count && left > 0; ++k)
      if (a.vs == 0 || (a.vs >> k) & 1u) {
        const int n = std::min(left, hits[static_cast<std::size_t>(k)]);
        hits[static_cast<std::size_t>(k)] -= n;
        left -= n;
      }
  };
  for (int b = 0; b < max_bays; ++b) {
    if (!working(s, b) || card_of(ships_[s].bays[b].card).kind != card_kind::crew) continue;
    for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
      if (a.kind == prim::melee_defence && !((a.flags & flag_boarding_only) && fight_.kind != fight_kind::boarding) &&
          !((a.flags & flag_brawl_only) && fight_.kind != fight_kind::brawl))
        stop(a);
    for (int i = 0; i < fight_.kit_count[side]; ++i)
      if (fight_.kit[side][i].item != no_card && fight_.kit[side][i].bay == b &&
          card_of(fight_.kit[side][i].item).kind == card_kind::armour)
        for (const ability& a : card_of(fight_.kit[side][i].item).abilities)
          if (a.kind == prim::melee_defence) stop(a);
  }
  int total = 0;
  for (int v : hits) total += v;
  return total;
}

void state::start_fight(fight_kind k, fight_from from, int attacker, int defender) {
  void_offers();
  offer_count_ = 0;
  const std::uint8_t origin = fight_.origin;
  fight_ = fight_state{};
  fight_.kind = k;
  fight_.from = from;
  fight_.attacker = static_cast<std::uint8_t>(attacker);
  fight_.defender = static_cast<std::uint8_t>(defender);
  fight_.origin = origin;
  fight_.location = ships_[defender].location;
  if (k == fight_kind::combat)
    ships_[attacker].attacked = static_cast<std::uint8_t>(ships_[attacker].attacked | seat_bit(defender));
  start_round();
}

void state::start_round() {
  ++fight_.round;
  fight_.repaired_a = fight_.repaired_d = 0;
  fight_.hit = {};
  fight_.escape_failed = false;
  if (fight_.kind == fight_kind::combat) {
    combat_round();
    return;
  }
  // Melee: in a boarding action both sides equip at the start of every round; in a brawl only
  // before the first.
  if (fight_.kind == fight_kind::boarding || fight_.round == 1) fight_.step = fight_step::equip_attacker;
  else melee_round();
}

void state::combat_round() {
  const bool ambush = fight_.from == fight_from::ambush_departure || fight_.from == fight_from::ambush_arrival;
  fight_.attack_a = static_cast<std::int8_t>(combat_damage(fight_.attacker, fight_.defender));
  fight_.attack_d = static_cast<std::int8_t>(ambush && fight_.round == 1 ? 0 : combat_damage(fight_.defender, fight_.attacker));
  round_note n;
  n.number = fight_.round;
  // The view shows attack values before defences, and the damage after.
  n.attacker_attack = static_cast<std::int8_t>(combat_damage(fight_.attacker, fight_.defender, false));
  n.defender_attack = static_cast<std::int8_t>(ambush && fight_.round == 1 ? 0 : combat_damage(fight_.defender, fight_.attacker, false));
  // Nobody places more damage than they have working systems.
  n.to_defender = static_cast<std::uint8_t>(std::min<int>(fight_.attack_a, working_systems(fight_.defender)));
  n.to_attacker = static_cast<std::uint8_t>(std::min<int>(fight_.attack_d, working_systems(fight_.attacker)));
  record_round(n, frame_cargo | frame_combat);
}

// Keeps the round's note (the latest max_round_notes) and asks both sides to place the damage
// they take — at once, from values computed before either placed any; the defender first.
void state::record_round(const round_note& n, std::uint8_t allocate_flags) {
  if (fight_.note_count == max_round_notes) {
    for (int i = 1; i < max_round_notes; ++i) fight_.notes[i - 1] = fight_.notes[i];
    --fight_.note_count;
  }
  fight_.notes[fight_.note_count++] = n;
  fight_.step = fight_step::allocate;
  ask_to_allocate(fight_.attacker, n.to_attacker, allocate_flags);   // the stack: the defender answers first
  ask_to_allocate(fight_.defender, n.to_defender, allocate_flags);
}

// `seat` places `count` points of damage, one ALLOCATE each (nothing to ask when 0).
void state::ask_to_allocate(int seat, int count, std::uint8_t flags) {
  if (count <= 0) return;
  frame f;
  f.kind = task::allocate;
  f.seat = static_cast<std::uint8_t>(seat);
  f.count = static_cast<std::uint8_t>(count);
  f.flags = flags;
  push(f);
}

void state::melee_round() {
  round_note n;
  n.number = fight_.round;
  std::array<int, 2> hits{};
  std::array<std::array<int, weapon_count>, 2> by_kind{};
  for (int side = 0; side < 2; ++side) {
    // One die per side: a 4 or more lands one more hit.
    const int s = side == 0 ? fight_.attacker : fight_.defender;
    engine::die_roll& d = dice_.roll(random_, s, static_cast<std::uint8_t>(roll_for::melee));
    by_kind[static_cast<std::size_t>(side)] = melee_hits_by_kind(side);
    int base = 0;
    for (int v : by_kind[static_cast<std::size_t>(side)]) base += v;
    d.modifier = static_cast<std::int8_t>(base);
    const bool lucky = d.faces[0] >= 4;
    d.result = static_cast<std::uint8_t>(lucky ? roll_result::hit : roll_result::miss);
    if (side == 0) n.melee_rolls = d.number;
    roll_note();
    hits[side] = base + (lucky ? 1 : 0);
    if (lucky) ++by_kind[static_cast<std::size_t>(side)][static_cast<std::size_t>(weapon::fists)];   // the lucky blow
  }
  n.attacker_attack = static_cast<std::int8_t>(hits[0]);
  n.defender_attack = static_cast<std::int8_t>(hits[1]);
  // Explosives are thrown: one per crew this round, then gone (under their deck).
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < fight_.kit_count[side]; ++i) {
      kit_entry& k = fight_.kit[side][i];
      if (k.item != no_card && card_of(k.item).kind == card_kind::explosive && !k.used) {
        bool first = true;
        for (int j = 0; j < i; ++j)
          if (fight_.kit[side][j].item != no_card && fight_.kit[side][j].bay == k.bay && card_of(fight_.kit[side][j].item).kind == card_kind::explosive &&
              !fight_.kit[side][j].used)
            first = false;
        if (first) k.used = true;
      }
    }
  const int to_d = melee_taken(1, by_kind[0]);
  const int to_a = melee_taken(0, by_kind[1]);
  // Each crew member takes at most one hit per round: excess is wasted.
  n.to_defender = static_cast<std::uint8_t>(std::min(to_d, conscious_count(fight_.defender)));
  n.to_attacker = static_cast<std::uint8_t>(std::min(to_a, conscious_count(fight_.attacker)));
  fight_.attack_a = n.attacker_attack;
  fight_.attack_d = n.defender_attack;
  record_round(n, frame_crew | frame_melee);
}

bool state::repair_source(int s, card_no src, card_no target) const {
  const int tb = bay_of(s, target);
  if (tb < 0 || ships_[s].bays[tb].damage == 0 || card_of(target).kind != card_kind::ship_system) return false;
  if (src == no_card) {
    // Allmacht "may repair one ship system per turn": a bonus beside any repair ability, out
    // of a fight or at a ship combat's repair step.
    return ships_[s].affiliation == static_cast<int>(syndicate::allmacht) && !ships_[s].free_repaired &&
           (fight_.kind == fight_kind::none || fight_.kind == fight_kind::combat);
  }
  const int sb = bay_of(s, src);
  if (sb >= 0) {
    if (!working(s, sb)) return false;
    bool has = false;
    for (const ability& a : card_of(src).abilities)
      if (a.kind == prim::repair) has = true;
    if (!has) return false;
    if (fight_.kind == fight_kind::combat) {
      const std::uint8_t used = s == fight_.attacker ? fight_.repaired_a : fight_.repaired_d;
      return !((used >> sb) & 1u);
    }
    // "Repairs 1 disabled ship system per combat round and per Movement": each card its own.
    return fight_.kind == fight_kind::none && !((ships_[s].repaired_bays >> sb) & 1u);
  }
  // A repair item from the storage locker (one use).
  for (card_no c : ships_[s].storage.items())
    if (c == src)
      for (const ability& a : card_of(c).abilities)
        if (a.kind == prim::repair) return true;
  return false;
}

bool state::heal_source(int s, card_no src, card_no target) const {
  if (fight_.kind != fight_kind::boarding && fight_.kind != fight_kind::brawl) return false;
  const int side = side_of(s);
  const int tb = bay_of(s, target);
  if (tb < 0 || card_of(target).kind != card_kind::crew || ships_[s].bays[tb].damage == 0) return false;
  // A crew member's healing ability: once a round, even by a healer disabled this round.
  if (const int sb = src == no_card ? -1 : bay_of(s, src); sb >= 0) {
    if (card_of(src).kind != card_kind::crew) return false;
    const bool able = ships_[s].bays[sb].damage < 2 || ((fight_.hit[side] >> sb) & 1u);
    const std::uint8_t used = side == 0 ? fight_.repaired_a : fight_.repaired_d;
    bool heals = false;
    for (const ability& a : card_of(src).abilities)
      if (a.kind == prim::heal) heals = true;
    return heals && able && !((used >> sb) & 1u);
  }
  // A medkit equipped, or in a boarding action one from the storage locker (its crew may be
  // equipped every round): once per crew per melee. In a brawl crew are equipped at its start
  // and "may not retrieve additional items from their ship" (rulebook "Melee").
  const std::uint8_t healed = side == 0 ? fight_.healed_a : fight_.healed_d;
  if ((healed >> tb) & 1u) return false;
  for (int i = 0; i < fight_.kit_count[side]; ++i)
    if (src != no_card && fight_.kit[side][i].item == src && card_of(src).kind == card_kind::medkit) return true;
  if (fight_.kind == fight_kind::brawl) return false;
  for (card_no c : ships_[s].storage.items())
    if (c == src && card_of(c).kind == card_kind::medkit) return true;
  return false;
}

// Both sides placed their damage: repairs / heals, then the attacker's choice. A melee whose
// side is all disabled ends only after the heals: the rulebook lets a crew "improve crew
// health the same round damage is taken (even if the crew member with the ability is about
// to be disabled), thereby extending melee".
void state::after_allocation() {
  fight_.step = fight_step::repair_defender;
  next_fight_step();
}

// Whether a repair or heal step must wait for `s` even with nothing to do, so that its wait
// tells nobody what its face-down cards are: it has something to mend (a disabled ship system
// in ship combat, an injured crew member in a melee) and cards the others see only as a count
// that could mend it (the captain's log's repair and heal favors; the storage locker's items,
// except in a brawl, whose crew "may not retrieve additional items from their ship").
bool state::mend_could_be_hidden(int s) const {
  if (fight_.kind != fight_kind::combat && fight_.kind != fight_kind::boarding && fight_.kind != fight_kind::brawl)
    return false;
  const ship& sh = ships_[s];
  if (!has_damaged(s, fight_.kind == fight_kind::combat ? card_kind::ship_system : card_kind::crew)) return false;
  return !sh.log.empty() || (fight_.kind != fight_kind::brawl && !sh.storage.empty());
}

// A ship system (disabled) or crew member (injured or disabled) of `s` with damage on it.
bool state::has_damaged(int s, card_kind k) const {
  for (const bay& b : ships_[s].bays)
    if (!b.empty() && !is_contract(b.card) && b.damage && card_of(b.card).kind == k) return true;
  return false;
}

// Skips the steps where the seat has nothing it could do (and nothing others could think it
// might: mend_could_be_hidden).
void state::next_fight_step() {
  std::vector<action> scratch;
  for (int guard = 0; guard < 8; ++guard) {
    switch (fight_.step) {
      case fight_step::repair_defender:
      case fight_step::repair_attacker: {
        const int s = fight_.step == fight_step::repair_defender ? fight_.defender : fight_.attacker;
        scratch.clear();
        fight_actions(s, scratch);
        if (scratch.size() > 1 || mend_could_be_hidden(s)) return;   // something besides PASS, or it may seem so
        fight_.step = fight_.step == fight_step::repair_defender ? fight_step::repair_attacker : fight_step::attacker_decides;
        continue;
      }
      case fight_step::attacker_decides: {
        if (fight_.kind != fight_kind::combat) {   // a melee ends when a side has no conscious crew left
          const bool a_up = conscious_crew(fight_.attacker), d_up = conscious_crew(fight_.defender);
          if (!a_up || !d_up) {
            end_fight(a_up ? fight_.attacker : d_up ? fight_.defender : -1);
            return;
          }
        }
        if (fight_.kind == fight_kind::combat && ship_attack(fight_.attacker) <= 0 &&
            combat_damage(fight_.attacker, fight_.defender) <= 0 && !forced_boarding(fight_.attacker)) {
          end_fight(-1);   // no attack left: the attacker must end it
          return;
        }
        return;
      }
      default: return;
    }
  }
}

void state::escape_roll(int s, card_no h1, card_no h2) {
  int bonus = 0;
  for (card_no h : {h1, h2}) {
    if (h == no_card) continue;
    const int b = bay_of(s, h);
    ships_[s].bays[b].damage = 1;
    note_(note_kind::damaged, s, h);
    bonus += hyperdrive_escape_bonus;
  }
  engine::die_roll& d = dice_.roll(random_, s, static_cast<std::uint8_t>(roll_for::escape));
  int mod = bonus;
  for (int b = 0; b < max_bays; ++b) {
    if (working(s, b))
      for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
        if (a.kind == prim::escape && a.amount > 0) mod += a.amount;
    if (working(fight_.attacker, b))
      for (const ability& a : card_of(ships_[fight_.attacker].bays[b].card).abilities) {
        if (a.kind == prim::forced_boarding) mod -= a.amount;
        if (a.kind == prim::escape && a.amount < 0) mod += a.amount;
      }
  }
  d.modifier = static_cast<std::int8_t>(mod);
  // Decision: a total of 6 or more escapes ("on a 6", with modifiers).
  const bool escaped = d.total() >= 6;
  d.result = static_cast<std::uint8_t>(escaped ? roll_result::escaped : roll_result::caught);
  roll_note();
  round_note& n = fight_.notes[fight_.note_count - 1];
  n.escape_roll = d.number;
  n.escaped = escaped;
  if (escaped) {
    note_(note_kind::escaped, s);
    end_fight(-1);
    return;
  }
  if (forced_boarding(fight_.attacker) || working_systems(s) == 0) {
    fight_.escape_failed = true;
    fight_.step = fight_step::after_escape;
    return;
  }
  start_round();
}

// Equipped items go back to their lockers (explosives thrown go under their deck).
void state::return_kit() {
  for (int side = 0; side < 2; ++side) {
    const int s = side == 0 ? fight_.attacker : fight_.defender;
    for (int i = 0; i < fight_.kit_count[side]; ++i) {
      const kit_entry& k = fight_.kit[side][i];
      if (k.item == no_card) continue;
      if (k.used && card_of(k.item).kind == card_kind::explosive) to_bottom(k.item);
      else gain_card(s, k.item, false);
    }
    fight_.kit_count[side] = 0;
  }
}

void state::end_fight(int winner) {
  fight_.winner = static_cast<std::int8_t>(winner);
  note_(note_kind::fight_over, winner < 0 ? 0 : winner, no_card, winner);
  const bool melee = fight_.kind == fight_kind::boarding || fight_.kind == fight_kind::brawl;
  if (melee && winner >= 0) {
    const int loser = winner == fight_.attacker ? fight_.defender : fight_.attacker;
    frame f;
    f.kind = task::pillage;
    f.seat = static_cast<std::uint8_t>(winner);
    f.target = static_cast<std::uint8_t>(loser);
    f.count = static_cast<std::uint8_t>(conscious_count(winner));
    fight_.step = fight_step::pillage;
    if (f.count) {
      push(f);
      return;
    }
  }
  resume_after_fight();
}

// The brawl's stake is still the loser's to take: a delivery brawl's cargo being delivered,
// or in a trade brawl any item brought for trade, by either side, that the loser holds now
// (rulebook "Melee": "the winner may also steal a single item brought for trade").
bool state::stake_open(int winner, int loser) const {
  if (fight_.from == fight_from::trade) {
    for (card_no c : {fight_.trade.give, fight_.trade.give2, fight_.trade.take})
      if (trade_item_open(winner, loser, c)) return true;
    return false;
  }
  // The cargo being delivered (or a held one); with no open bay the winner holds it until its
  // own Delivery step (rulebook "Delivery"), one cargo at a time.
  const card_no c = fight_.stake;
  return c != no_card && is_contract(c) && holds(loser, c) &&
         (open_bays(winner) > 0 || ships_[winner].held_cargo == no_card);
}

bool state::in_trade(card_no c) const {
  return fight_.from == fight_from::trade && c != no_card &&
         (c == fight_.trade.give || c == fight_.trade.give2 || c == fight_.trade.take);
}

// An item of the trade the loser holds (a bay, a locker, or equipped on its crew); a cargo
// needs an open bay on the winner's ship.
bool state::trade_item_open(int winner, int loser, card_no c) const {
  if (c == no_card) return false;
  if (is_contract(c)) return bay_of(loser, c) >= 0 && open_bays(winner) > 0;
  if (holds(loser, c)) return true;
  const int side = side_of(loser);
  for (int i = 0; i < fight_.kit_count[side]; ++i)
    if (fight_.kit[side][i].item == c) return !(fight_.kit[side][i].used && card_of(c).kind == card_kind::explosive);
  return false;
}

// A pillage's extra pick, beside the crew's one item each: a cargo (boarding) or the stake.
bool state::pillage_extra_open(const frame& f) const {
  if (f.mask & 1u) return false;
  if (fight_.kind == fight_kind::boarding && open_bays(f.seat) > 0)
    for (const bay& b : ships_[f.target].bays)
      if (!b.empty() && is_contract(b.card)) return true;
  return stake_open(f.seat, f.target);
}

// The fight is over (pillage done): play goes back to where it started.
void state::resume_after_fight() {
  return_kit();
  const fight_state done = fight_;
  last_fight_ = fight_;
  last_fight_.step = fight_step::none;
  fight_.kind = fight_kind::none;
  fight_.step = fight_step::none;
  // A delivery brawl the attacker won stops the delivery; the window closes.
  if (done.from == fight_from::delivery && frame_count_ && top().kind == task::brawl_ask) {
    if (done.winner == done.attacker) {
      top().value = 2;
      top().seat = 0xff;
    }
  }
  if ((done.from == fight_from::ambush_departure || done.from == fight_from::ambush_arrival) && frame_count_ &&
      top().kind == task::ambush_ask && top().value == 2) {
    // Held: the move does not happen (departure) or the ship stays in the region it came
    // from (arrival).
    if (done.from == fight_from::ambush_arrival) ships_[done.defender].location = move_from_;
    top().seat = 0xff;
  }
}

}  // namespace starport::scoundrels
