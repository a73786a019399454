// Explicit positions, a fight (docs/scenarios.md, "S.P.A.C.E. Scoundrels"): a fight at any
// step of its round with the rounds before it, the dice history and the latest finished
// fight. The rest of a Position is read in position.cpp. Every refusal names the field.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::seat_bit;

// A fight under way, at the step the position states.
bool state::place_fight(const pb::Position& p, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  if (!p.has_fight() || p.fight().kind() == pb::FIGHT_NONE) {
    if (fight_.kit_count[0] || fight_.kit_count[1]) return fail("fight: items equipped without a fight");
    fight_ = fight_state{};
    return true;
  }
  if (p.has_viewing()) return fail("viewing is a choice of the active seat in ENCOUNTER, MOVEMENT or DELIVERY, outside a fight");
  const pb::FightPosition& f = p.fight();
  const int act = static_cast<int>(p.active_seat());
  fight_kind k;
  switch (f.kind()) {
    case pb::SHIP_COMBAT: k = fight_kind::combat; break;
    case pb::BOARDING: k = fight_kind::boarding; break;
    case pb::BRAWL_FIGHT: k = fight_kind::brawl; break;
    default: return fail("fight.kind: SHIP_COMBAT, BOARDING or BRAWL_FIGHT");
  }
  const bool melee = k != fight_kind::combat;
  if (f.attacker() >= seats_ || f.defender() >= seats_ || f.attacker() == f.defender())
    return fail("a fight names two seats: fight.attacker and fight.defender");
  const int a = static_cast<int>(f.attacker()), d = static_cast<int>(f.defender());
  if (ships_[a].out || ships_[d].out) return fail("fight: a ship that is out does not fight");
  if (ships_[a].location != ships_[d].location) return fail("fight: the two ships are at one location");
  fight_from from = fight_from::intercept;
  if (phase_ == phase::movement) {
    if (p.has_delivering()) return fail("delivering: a delivery, in DELIVERY");
    if (k == fight_kind::brawl) {
      if (f.ambush()) return fail("fight.ambush: a brawl is not an ambush");
      if (act != a && act != d) return fail("fight: a trade brawl is between the active seat and a ship at its location");
      from = fight_from::trade;
    } else if (f.ambush()) {
      if (act != d) return fail("fight.defender: the ambushed ship is the active seat, moving");
      if (!p.has_ambush()) return fail("fight.ambush needs the position's ambush (the move under way)");
      if (p.ambush().arrival() != f.ambush_arrival()) return fail("fight.ambush_arrival and ambush.arrival differ");
      from = f.ambush_arrival() ? fight_from::ambush_arrival : fight_from::ambush_departure;
    } else {
      if (act != a) return fail("fight.attacker: an intercept is the active seat's attack");
      if (c_->board.locations[ships_[a].location].kind != loc_kind::deep_space)
        return fail("fight: an intercept is in deep space (ambushes set fight.ambush)");
    }
  } else if (phase_ == phase::delivery) {
    if (k != fight_kind::brawl) return fail("fight: in DELIVERY only a brawl against the delivery");
    if (!p.has_delivering()) return fail("fight: a brawl in DELIVERY needs delivering (the delivery it would stop)");
    if (act != d) return fail("fight.defender: the delivering ship (the active seat)");
    from = fight_from::delivery;
  } else {
    return fail("fight: in MOVEMENT, or a brawl in DELIVERY");
  }
  if (f.ambush_arrival() && !f.ambush()) return fail("fight.ambush_arrival without fight.ambush");
  const bool ambush = from == fight_from::ambush_arrival || from == fight_from::ambush_departure;
  if (p.has_ambush() && !ambush) return fail("ambush: under a fight that is not an ambush");
  if (f.round() > 99) return fail("fight.round is 1 to 99");
  const int round = f.round() ? static_cast<int>(f.round()) : 1;
  const pb::FightPosition::Step step = f.step();
  if (step < pb::FightPosition::ROUND_START || step > pb::FightPosition::PILLAGING) return fail("fight.step: no such step");
  fight_.kind = k;
  fight_.from = from;
  fight_.attacker = static_cast<std::uint8_t>(a);
  fight_.defender = static_cast<std::uint8_t>(d);
  fight_.round = static_cast<std::uint8_t>(round);
  fight_.location = ships_[d].location;
  if (k != fight_kind::brawl) ships_[a].attacked = static_cast<std::uint8_t>(ships_[a].attacked | seat_bit(d));
  if (ambush || from == fight_from::delivery) {
    if (!place_window(p, a, error)) return false;
    if (from == fight_from::delivery) {
      fight_.stake = attempt_;
      fight_.bury = attempt_bury_;
    } else {
      fight_.origin = move_arrival_ ? move_from_ : move_to_;
    }
  }
  if (!f.stake().empty()) {
    if (from != fight_from::trade) return fail("fight.stake: only a trade brawl has one (a delivery brawl's is delivering.cargo)");
    // An item brought for trade, by either side (the one the position names).
    int holder = d;
    card_no c = held_named(d, f.stake());
    if (c == no_card) c = held_named(holder = a, f.stake());
    if (c == no_card || !tradable(holder, c, ships_[d].location == dockyard_))
      return fail("fight.stake: an item or cargo either side holds and could trade");
    fight_.trade.take = c;
  } else if (from == fight_from::trade) {
    // After an exchange: what the two ships exchanged this Movement (ShipPosition.exchanges).
    fight_.trade = exchanged_[a == active_ ? d : a];
  }
  // The two sides: equipment, abilities used this round, hits taken, medkits used.
  const pb::FightSidePosition* sides[] = {&f.attacker_side(), &f.defender_side()};
  const char* side_names[] = {"fight.attacker_side", "fight.defender_side"};
  const bool repairs_done = step >= pb::FightPosition::DEFENDER_REPAIRS && step != pb::FightPosition::PILLAGING;
  for (int side = 0; side < 2; ++side) {
    const int s = side == 0 ? a : d;
    const pb::FightSidePosition& sp = *sides[side];
    const std::string field = side_names[side];
    auto crew_bay = [&](std::uint32_t b) {
      return b < max_bays && !ships_[s].bays[b].empty() && !is_contract(ships_[s].bays[b].card) &&
             card_of(ships_[s].bays[b].card).kind == card_kind::crew;
    };
    if (fight_.kit_count[side] && !melee) return fail(field + ".kit: items are equipped in melee only");
    if (fight_.kit_count[side] && step == pb::FightPosition::ROUND_START && round == 1)
      return fail(field + ".kit: nothing is equipped before round 1's equipping");
    for (int i = 0; i < fight_.kit_count[side]; ++i) {
      const kit_entry& e = fight_.kit[side][i];
      const card_kind ck = card_of(e.item).kind;
      if (ck != card_kind::firearm && ck != card_kind::explosive && ck != card_kind::armour && ck != card_kind::medkit)
        return fail(field + ".kit: a firearm, explosive, armour or medkit (" + card_name(e.item) + ")");
      if (!crew_bay(e.bay)) return fail(field + ".kit: crew_bay names a bay of that ship holding a crew member");
      if (e.used && ck != card_kind::explosive) return fail(field + ".kit: only an explosive is thrown");
    }
    if (sp.to_place() && step != pb::FightPosition::ALLOCATING) return fail(field + ".to_place: only while ALLOCATING");
    std::uint8_t used = 0;
    for (std::uint32_t b : sp.used_bays()) {
      if (step == pb::FightPosition::ROUND_START || step == pb::FightPosition::PILLAGING || (!melee && !repairs_done))
        return fail(field + ".used_bays: no repair or healing ability is used at this step");
      bool has = false;
      if (b < max_bays && !ships_[s].bays[b].empty() && !is_contract(ships_[s].bays[b].card))
        for (const ability& x : card_of(ships_[s].bays[b].card).abilities)
          if (x.kind == (melee ? prim::heal : prim::repair)) has = true;
      if (!has) return fail(field + ".used_bays: a bay whose card has a " + (melee ? "healing" : "repair") + " ability");
      used = static_cast<std::uint8_t>(used | (1u << b));
    }
    std::uint16_t hit = 0;
    for (std::uint32_t b : sp.hit_bays()) {
      if (!melee || step < pb::FightPosition::ALLOCATING || step == pb::FightPosition::PILLAGING)
        return fail(field + ".hit_bays: crew are hit while a melee round's hits are placed, until its end");
      if (!crew_bay(b)) return fail(field + ".hit_bays: a bay with a crew member");
      hit = static_cast<std::uint16_t>(hit | (1u << b));
    }
    std::uint8_t healed = 0;
    for (std::uint32_t b : sp.medkit_bays()) {
      if (!melee) return fail(field + ".medkit_bays: medkits heal in melee only");
      if (!crew_bay(b)) return fail(field + ".medkit_bays: a bay with a crew member");
      healed = static_cast<std::uint8_t>(healed | (1u << b));
    }
    (side == 0 ? fight_.repaired_a : fight_.repaired_d) = used;
    (side == 0 ? fight_.healed_a : fight_.healed_d) = healed;
    fight_.hit[side] = hit;
  }
  if (step != pb::FightPosition::PILLAGING && (f.winner() || f.pillage_left() || f.cargo_pillaged()))
    return fail("fight.winner, pillage_left, cargo_pillaged: only while PILLAGING");
  // The round's note (the view's FightRound): ship combat's attack values from the ships as
  // they stand, the damage still to place.
  bool listed_this_round = false;   // `rounds` ends with the round under way (as the view shows it)
  auto note_round = [&] {
    if (listed_this_round) return;
    round_note n;
    n.number = static_cast<std::uint8_t>(round);
    if (!melee) {
      const bool ambush_first = ambush && round == 1;
      n.attacker_attack = static_cast<std::int8_t>(combat_damage(a, d, false));
      n.defender_attack = static_cast<std::int8_t>(ambush_first ? 0 : combat_damage(d, a, false));
    } else if (dice_.size() >= 2) {
      // A melee's hits are its two dice (checked below): each side's hits before the die, and
      // the extra hit.
      const engine::die_roll& x = dice_.recent(dice_.size() - 2);
      const engine::die_roll& y = dice_.recent(dice_.size() - 1);
      n.attacker_attack = static_cast<std::int8_t>(x.modifier + (x.result == static_cast<std::uint8_t>(roll_result::hit)));
      n.defender_attack = static_cast<std::int8_t>(y.modifier + (y.result == static_cast<std::uint8_t>(roll_result::hit)));
      n.melee_rolls = x.number;
    }
    n.to_attacker = static_cast<std::uint8_t>(std::min<std::uint32_t>(f.attacker_side().to_place(), 255));
    n.to_defender = static_cast<std::uint8_t>(std::min<std::uint32_t>(f.defender_side().to_place(), 255));
    fight_.notes[fight_.note_count++] = n;
  };
  // The rounds before this one (the ring keeps six with the round under way, once its
  // attacks are worked out).
  const bool this_round_noted = step != pb::FightPosition::ROUND_START && step != pb::FightPosition::ATTACKER_EQUIPS &&
                                step != pb::FightPosition::DEFENDER_EQUIPS;
  // (A boarding action follows a ship combat: in its round 1 a lone round 1 is the combat's.)
  listed_this_round = this_round_noted && f.rounds_size() && static_cast<int>(f.rounds(f.rounds_size() - 1).number()) == round &&
                      !(k == fight_kind::boarding && round == 1 && f.rounds_size() == 1);
  if (!place_rounds(f.rounds(), fight_, listed_this_round ? round : round - 1,
                    max_round_notes - (this_round_noted && !listed_this_round ? 1 : 0), "fight.rounds", error))
    return false;
  if (listed_this_round) {
    const round_note& n = fight_.notes[fight_.note_count - 1];
    if (f.attacker_side().to_place() > n.to_attacker || f.defender_side().to_place() > n.to_defender)
      return fail("fight.rounds: the round under way deals at least the damage still to place (to_place)");
  }
  if (melee && this_round_noted && dice_.rolled()) {
    const auto melee_die = [&](std::size_t back, int seat) {
      if (dice_.size() < back) return false;
      const engine::die_roll& x = dice_.recent(dice_.size() - back);
      return x.purpose == static_cast<std::uint8_t>(roll_for::melee) && x.seat == seat;
    };
    if (!melee_die(2, a) || !melee_die(1, d))
      return fail("rolls: in a melee round under way the latest two rolls are its dice (the attacker's, then the defender's)");
  }
  const bool both_up = conscious_crew(a) && conscious_crew(d);
  const bool healing = step == pb::FightPosition::DEFENDER_REPAIRS || step == pb::FightPosition::ATTACKER_REPAIRS;
  if (melee && !both_up && step != pb::FightPosition::PILLAGING && !healing)
    return fail("fight: a melee goes on only while both sides have conscious crew, or heal in the round's heal steps (else it is won: PILLAGING)");
  switch (step) {
    case pb::FightPosition::ROUND_START:
      fight_.round = static_cast<std::uint8_t>(round - 1);
      start_round();
      return true;
    case pb::FightPosition::ATTACKER_EQUIPS:
    case pb::FightPosition::DEFENDER_EQUIPS:
      if (!melee) return fail("fight.step: equipping is a melee's");
      if (k == fight_kind::brawl && round != 1) return fail("fight.step: a brawl equips before round 1 only");
      fight_.step = step == pb::FightPosition::ATTACKER_EQUIPS ? fight_step::equip_attacker : fight_step::equip_defender;
      return true;
    case pb::FightPosition::ALLOCATING: {
      note_round();
      fight_.step = fight_step::allocate;
      const std::uint32_t left[] = {f.attacker_side().to_place(), f.defender_side().to_place()};
      if (!left[0] && !left[1]) return fail("fight: ALLOCATING with nothing to place (attacker_side.to_place, defender_side.to_place)");
      for (int side = 0; side < 2; ++side) {
        const int s = side == 0 ? a : d;
        int targets = 0;
        for (int b = 0; b < max_bays; ++b) {
          const bay& x = ships_[s].bays[b];
          if (x.empty()) continue;
          if (is_contract(x.card)) targets += melee ? 0 : 1;
          else if (melee) targets += card_of(x.card).kind == card_kind::crew && x.damage < 2 && !((fight_.hit[side] >> b) & 1u);
          else targets += card_of(x.card).kind == card_kind::ship_system && x.damage == 0;
        }
        if (static_cast<int>(left[side]) > targets)
          return fail(std::string(side_names[side]) + ".to_place: more than that ship can take (" + std::to_string(targets) +
                      (melee ? " crew not hit this round)" : " working systems or cargo)"));
      }
      // The defender places first: its frame on top.
      for (int side = 0; side < 2; ++side) {
        if (!left[side]) continue;
        frame x;
        x.kind = task::allocate;
        x.seat = static_cast<std::uint8_t>(side == 0 ? a : d);
        x.count = static_cast<std::uint8_t>(left[side]);
        x.flags = melee ? frame_crew | frame_melee : frame_cargo | frame_combat;
        x.hit_mask = fight_.hit[side];
        push(x);
      }
      return true;
    }
    case pb::FightPosition::DEFENDER_REPAIRS:
    case pb::FightPosition::ATTACKER_REPAIRS: {
      note_round();
      const bool def = step == pb::FightPosition::DEFENDER_REPAIRS;
      fight_.step = def ? fight_step::repair_defender : fight_step::repair_attacker;
      std::vector<action> open;
      fight_actions(def ? d : a, open);
      if (open.size() <= 1) return fail("fight.step: that seat has nothing to repair or heal now (the step is skipped)");
      return true;
    }
    case pb::FightPosition::ATTACKER_DECIDES:
      if (!melee && ship_attack(a) <= 0 && combat_damage(a, d) <= 0 && !forced_boarding(a))
        return fail("fight.step: the attacker has no attack left (the fight ends)");
      note_round();
      fight_.step = fight_step::attacker_decides;
      return true;
    case pb::FightPosition::DEFENDER_DECIDES:
      if (melee) return fail("fight.step: escaping is a ship combat's");
      note_round();
      fight_.step = fight_step::defender_decides;
      return true;
    case pb::FightPosition::AFTER_ESCAPE:
      if (melee) return fail("fight.step: escaping is a ship combat's");
      if (!forced_boarding(a) && working_systems(d) > 0)
        return fail("fight.step: AFTER_ESCAPE needs a forced boarding weapon or a defender with no working system (else the next round starts)");
      note_round();
      fight_.step = fight_step::after_escape;
      fight_.escape_failed = true;
      // The escape that failed is the latest roll, when the position states them; a defender
      // with no working system that stayed rolled none.
      if (const engine::die_roll* last = dice_.last()) {
        const bool escape = last->purpose == static_cast<std::uint8_t>(roll_for::escape) && last->seat == d;
        if (escape && last->result != static_cast<std::uint8_t>(roll_result::caught))
          return fail("rolls: at AFTER_ESCAPE the latest roll is the defender's escape that failed");
        if (!escape && working_systems(d) > 0)
          return fail("rolls: at AFTER_ESCAPE the latest roll is the defender's escape that failed");
        if (escape) fight_.notes[fight_.note_count - 1].escape_roll = last->number;
      }
      return true;
    case pb::FightPosition::PILLAGING: {
      if (!melee) return fail("fight.step: pillaging follows a melee");
      const int w = static_cast<int>(f.winner());
      if (w != a && w != d) return fail("fight.winner: the attacker or the defender");
      const int loser = w == a ? d : a;
      if (conscious_crew(loser) || !conscious_crew(w))
        return fail("fight.winner: a melee is won with conscious crew against none");
      if (static_cast<int>(f.pillage_left()) > conscious_count(w))
        return fail("fight.pillage_left: at most the winner's conscious crew");
      note_round();
      fight_.winner = static_cast<std::int8_t>(w);
      fight_.step = fight_step::pillage;
      frame x;
      x.kind = task::pillage;
      x.seat = static_cast<std::uint8_t>(w);
      x.target = static_cast<std::uint8_t>(loser);
      x.count = static_cast<std::uint8_t>(f.pillage_left());
      x.mask = f.cargo_pillaged() ? 1 : 0;
      if (x.count == 0 && !pillage_extra_open(x))
        return fail("fight.pillage_left: 0 with no cargo or stake left to take (the pillage is over)");
      push(x);
      return true;
    }
    default: return fail("fight.step: no such step");
  }
}

// The dice rolled before the position (the view's `dice`): the latest 8, numbered as in the
// match. No rule reads them; the view shows them, and a fight round's escape roll while it
// is among them.
bool state::place_rolls(const pb::Position& p, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  constexpr int keep = 8;
  const int listed = p.rolls_size();
  if (listed > keep) return fail("rolls: the latest 8 at most (the view keeps 8)");
  const std::uint32_t made = p.rolls_made() ? p.rolls_made() : static_cast<std::uint32_t>(listed);
  if (made > 100000) return fail("rolls_made is at most 100000");
  if (made < static_cast<std::uint32_t>(listed)) return fail("rolls_made: at least the rolls listed");
  if (listed < keep && made != static_cast<std::uint32_t>(listed))
    return fail("rolls: the latest 8, or every roll when fewer than 8 were made (rolls_made)");
  dice_ = engine::roll_record<8>{};
  // The rolls before the listed ones only count (their faces left the view).
  const std::uint8_t one[] = {1};
  for (std::uint32_t i = static_cast<std::uint32_t>(listed); i < made; ++i) {
    dice_.fix(one);
    dice_.roll(random_, 0, 0);
  }
  for (int i = 0; i < listed; ++i) {
    const pb::RollPosition& r = p.rolls(i);
    const std::string field = "rolls[" + std::to_string(i) + "]";
    if (r.seat() >= seats_) return fail(field + ".seat names no seat");
    if (r.face() < 1 || r.face() > 6) return fail(field + ".face shows 1 to 6");
    if (r.modifier() < -30 || r.modifier() > 30) return fail(field + ".modifier is -30 to 30");
    const int face = static_cast<int>(r.face()), total = face + r.modifier();
    roll_for why = roll_for::none;
    roll_result yes = roll_result::none, no = roll_result::none;
    switch (r.purpose()) {
      case pb::RollPosition::ESCAPE:
      case pb::RollPosition::PIRATES:
        why = r.purpose() == pb::RollPosition::ESCAPE ? roll_for::escape : roll_for::pirates;
        yes = roll_result::escaped;
        no = roll_result::caught;
        if (r.success() != (total >= 6)) return fail(field + ".success: an escape succeeds on a total of 6 or more");
        if (why == roll_for::pirates && r.modifier() < 0) return fail(field + ".modifier: escaping pirates adds 0 or more");
        break;
      case pb::RollPosition::REP_CHECK:
        why = roll_for::rep_check;
        yes = roll_result::passed;
        no = roll_result::failed;
        break;
      case pb::RollPosition::DOCKYARD:
        why = roll_for::dockyard;
        yes = roll_result::moves;
        no = roll_result::stays;
        if (r.modifier() != 0) return fail(field + ".modifier: the Dockyard roll has none");
        if (face == 6 && r.success()) return fail(field + ".success: a 6 leaves the Dockyard where it is");
        break;
      case pb::RollPosition::MELEE:
        why = roll_for::melee;
        yes = roll_result::hit;
        no = roll_result::miss;
        if (r.modifier() < 0) return fail(field + ".modifier: a side's melee hits before the die (0 or more)");
        if (r.success() != (face >= 4)) return fail(field + ".success: a melee die lands an extra hit on 4 or more");
        break;
      default: return fail(field + ".purpose: ESCAPE, REP_CHECK, DOCKYARD, MELEE or PIRATES");
    }
    const std::uint8_t faces[] = {static_cast<std::uint8_t>(face)};
    dice_.fix(faces);
    engine::die_roll& d = dice_.roll(random_, static_cast<int>(r.seat()), static_cast<std::uint8_t>(why));
    d.modifier = static_cast<std::int8_t>(r.modifier());
    d.result = static_cast<std::uint8_t>(r.success() ? yes : no);
  }
  return true;
}

// A fight's rounds as the view shows them, oldest first, into `f.notes` after those there:
// the latest ones (the ring keeps six), numbered on to `last`; a boarding action that
// followed a ship combat lists the combat's rounds first. Escapes are ship combat's; a
// round's escape roll, while among `rolls`, is the defender's escape with that outcome.
bool state::place_rounds(const google::protobuf::RepeatedPtrField<pb::FightRoundPosition>& rounds, const fight_state& f,
                         int last, int cap, const std::string& field, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  const bool finished = &f == &last_fight_;
  fight_state& into = finished ? last_fight_ : fight_;
  const int n = rounds.size();
  if (n == 0) return true;
  if (n > cap) return fail(field + ": the latest " + std::to_string(cap) + " at most (the view keeps 6 rounds" +
                           (finished || cap == max_round_notes ? ")" : " with the one under way)"));
  if (last < 1 && f.kind != fight_kind::boarding) return fail(field + ": round 1 has none before it");
  // Runs of consecutive numbers: one, or a boarding's two (the ship combat's, then its own).
  int runs = 1, second = n;
  for (int i = 1; i < n; ++i)
    if (rounds[i].number() != rounds[i - 1].number() + 1) {
      if (rounds[i].number() != 1) return fail(field + ": numbered on by one (a boarding action's own rounds start at 1)");
      ++runs;
      second = i;
    }
  if (runs > (f.kind == fight_kind::boarding ? 2 : 1))
    return fail(field + ": one fight's rounds (a boarding action may follow a ship combat's)");
  if (rounds[0].number() < 1) return fail(field + ": rounds are numbered from 1");
  if (rounds[0].number() != 1 && n < cap) return fail(field + ": every round back to round 1, or the latest " + std::to_string(cap));
  if (last < 1 && runs > 1) return fail(field + ": a boarding action in its first round lists only the ship combat's rounds");
  // Ship combat rounds: all of a ship combat's, and the first run of a boarding action
  // (all of it while the boarding is in its first round and lists nothing of its own).
  const bool boarding_own_only = f.kind == fight_kind::boarding && runs == 1 && last >= 1;
  if (f.kind == fight_kind::boarding && runs == 1 && last < 1) second = n;
  const int combat_end = f.kind == fight_kind::combat ? n : f.kind == fight_kind::boarding && !boarding_own_only ? second : 0;
  if (last >= 1 && static_cast<int>(rounds[n - 1].number()) != last)
    return fail(field + ": the last one listed is round " + std::to_string(last));
  if (f.kind == fight_kind::boarding && runs == 2 && static_cast<int>(rounds[second].number()) != 1)
    return fail(field + ": a boarding action's own rounds start at 1");
  for (int i = 0; i < n; ++i) {
    const pb::FightRoundPosition& r = rounds[i];
    const std::string at = field + "[" + std::to_string(i) + "]";
    if (r.number() > 99 || r.attacker_attack() > 99 || r.defender_attack() > 99) return fail(at + ": numbers and attacks are at most 99");
    if (r.damage_to_defender() > r.attacker_attack() || r.damage_to_attacker() > r.defender_attack())
      return fail(at + ": the damage a side takes is at most the other side's attack");
    const bool combat = i < combat_end;
    if ((r.escape_roll() || r.escaped()) && !combat) return fail(at + ".escape_roll: escapes are a ship combat's");
    if (r.escaped() && !(finished && i == n - 1)) return fail(at + ".escaped: an escape ends the fight (its last round)");
    if (r.escaped() && !r.escape_roll()) return fail(at + ".escaped needs its escape_roll");
    if (r.escape_roll()) {
      if (r.escape_roll() > dice_.rolled()) return fail(at + ".escape_roll: a roll made before the position (rolls_made)");
      for (std::size_t k = 0; k < dice_.size(); ++k) {
        const engine::die_roll& d = dice_.recent(k);
        if (d.number != r.escape_roll()) continue;
        if (d.purpose != static_cast<std::uint8_t>(roll_for::escape) || d.seat != f.defender ||
            (d.result == static_cast<std::uint8_t>(roll_result::escaped)) != r.escaped())
          return fail(at + ".escape_roll: that roll (in rolls) is not the defender's escape with this outcome");
      }
    }
    round_note& x = into.notes[into.note_count++];
    x = round_note{};
    x.number = static_cast<std::uint8_t>(r.number());
    x.attacker_attack = static_cast<std::int8_t>(r.attacker_attack());
    x.defender_attack = static_cast<std::int8_t>(r.defender_attack());
    x.to_attacker = static_cast<std::uint8_t>(r.damage_to_attacker());
    x.to_defender = static_cast<std::uint8_t>(r.damage_to_defender());
    x.escape_roll = r.escape_roll();
    x.escaped = r.escaped();
    for (std::size_t side = 0; side < 2; ++side) {
      const auto& names = side == 0 ? r.attacker_damaged() : r.defender_damaged();
      const int s = side == 0 ? f.attacker : f.defender;
      const std::string list = at + (side == 0 ? ".attacker_damaged" : ".defender_damaged");
      if (static_cast<std::uint32_t>(names.size()) > (side == 0 ? r.damage_to_attacker() : r.damage_to_defender()))
        return fail(list + ": at most the damage that side took");
      auto listed = [&](card_no c) {
        for (int k = 0; k < x.hurt_count[side]; ++k)
          if (x.hurt[side][static_cast<std::size_t>(k)] == c) return true;
        return false;
      };
      for (const std::string& name : names) {
        card_no c = no_card;
        for (const bay& b : ships_[s].bays)
          if (!b.empty() && !is_contract(b.card) && card_name(b.card) == name && !listed(b.card)) {
            c = b.card;
            break;
          }
        for (card_no k = 0; c == no_card && k < deck_base_[0]; ++k)
          if (c_->contracts[k].name == name && bay_of(s, k) < 0 && !listed(k)) c = k;
        if (c == no_card)
          return fail(list + ": a system or crew member in that ship's bays, or a destroyed cargo's contract, each once (" + name + ")");
        if (combat ? !is_contract(c) && card_of(c).kind != card_kind::ship_system : is_contract(c) || card_of(c).kind != card_kind::crew)
          return fail(list + ": a ship combat damages systems and cargo, a melee crew (" + name + ")");
        x.hurt[side][x.hurt_count[side]++] = c;
      }
    }
  }
  return true;
}

// The latest fight this turn, over (View.fight with step NONE until the turn ends; a fight in
// progress shows instead, and replaces it when it ends).
bool state::place_last_fight(const pb::Position& p, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  last_fight_ = fight_state{};
  if (!p.has_last_fight()) return true;
  const pb::LastFightPosition& l = p.last_fight();
  if (phase_ == phase::encounter) return fail("last_fight: fights are in MOVEMENT and DELIVERY (a new turn clears the last one)");
  fight_state& f = last_fight_;
  switch (l.kind()) {
    case pb::SHIP_COMBAT: f.kind = fight_kind::combat; break;
    case pb::BOARDING: f.kind = fight_kind::boarding; break;
    case pb::BRAWL_FIGHT: f.kind = fight_kind::brawl; break;
    default: return fail("last_fight.kind: SHIP_COMBAT, BOARDING or BRAWL_FIGHT");
  }
  if (l.attacker() >= seats_ || l.defender() >= seats_ || l.attacker() == l.defender())
    return fail("last_fight names two seats: last_fight.attacker and last_fight.defender");
  if (l.ambush_arrival() && !l.ambush()) return fail("last_fight.ambush_arrival without last_fight.ambush");
  if (l.ambush() && f.kind == fight_kind::brawl) return fail("last_fight.ambush: a brawl is not an ambush");
  if (l.round() > 99) return fail("last_fight.round is 1 to 99");
  f.attacker = static_cast<std::uint8_t>(l.attacker());
  f.defender = static_cast<std::uint8_t>(l.defender());
  f.location = ships_[f.defender].location;   // a position names no place: where the defender is
  f.from = l.ambush() ? (l.ambush_arrival() ? fight_from::ambush_arrival : fight_from::ambush_departure) : fight_from::intercept;
  f.round = static_cast<std::uint8_t>(l.round() ? l.round() : 1);
  if (l.won()) {
    if (l.winner() != l.attacker() && l.winner() != l.defender()) return fail("last_fight.winner: the attacker or the defender");
    if (f.kind == fight_kind::combat && !(l.ambush() && l.winner() == l.attacker()))
      return fail("last_fight.won: a ship combat is won only by holding an ambushed ship (the attacker)");
    f.winner = static_cast<std::int8_t>(l.winner());
  } else if (l.winner()) {
    return fail("last_fight.winner without last_fight.won");
  }
  if (l.rounds_size() && l.rounds(l.rounds_size() - 1).escaped() && l.won())
    return fail("last_fight.won: the defender escaped (nobody won)");
  return place_rounds(l.rounds(), f, f.round, max_round_notes, "last_fight.rounds", error);
}

}  // namespace starport::scoundrels
