// What each viewer sees, the log words, the outcome and the hidden-information scramble.
#include <algorithm>

#include "engine/core/match.hpp"
#include "engine/core/words.hpp"
#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::has_seat;
using engine::plural;
using engine::seat_ref;

namespace {

pb::Colour wire_colour(colour c) { return static_cast<pb::Colour>(static_cast<int>(c) + 1); }
pb::Syndicate wire_syndicate(int s) { return static_cast<pb::Syndicate>(s + 1); }

pb::CardKind wire_kind(card_kind k) {
  switch (k) {
    case card_kind::crew: return pb::CREW;
    case card_kind::ship_system: return pb::SHIP_SYSTEM;
    case card_kind::firearm: return pb::FIREARM;
    case card_kind::explosive: return pb::EXPLOSIVE;
    case card_kind::medkit: return pb::MEDKIT;
    case card_kind::armour: return pb::ARMOUR;
    case card_kind::favor: return pb::FAVOR;
    case card_kind::item: return pb::ITEM;
  }
  return pb::CARD_KIND_UNSPECIFIED;
}

std::string_view purpose_words(std::uint8_t p) {
  switch (static_cast<roll_for>(p)) {
    case roll_for::escape: return "escape";
    case roll_for::rep_check: return "rep check";
    case roll_for::dockyard: return "Dockyard";
    case roll_for::melee: return "melee";
    case roll_for::pirates: return "escape from pirates";
    case roll_for::none: break;
  }
  return "";
}

std::string_view result_words(std::uint8_t r) {
  switch (static_cast<roll_result>(r)) {
    case roll_result::escaped: return "escaped";
    case roll_result::caught: return "caught";
    case roll_result::passed: return "passed";
    case roll_result::failed: return "failed";
    case roll_result::hit: return "an extra hit (4 or more)";
    case roll_result::miss: return "no extra hit (it needs 4 or more)";
    case roll_result::stays: return "the Dockyard stays";
    case roll_result::moves: return "the Dockyard moves";
    case roll_result::none: break;
  }
  return "";
}

std::string event_words(const event& e) {
  const std::string n = std::to_string(e.amount);
  std::string check = (e.flags & flag_on_fail) ? "on a failed rep check: " : "";
  switch (e.kind) {
    case event_kind::nothing: return "nothing happens";
    case event_kind::draw_cantina: return check + "draw " + plural(e.amount, "cantina card", "cantina cards");
    // What the card says, as the other checks say it: the roll's result has its own words.
    case event_kind::patrol: return "patrol inspection: on a failed rep check, lose " + n + " cargo (or small items)";
    case event_kind::pirates: return check + "pirates attack with " + n;
    case event_kind::breakdown: return check + plural(e.amount, "ship system breaks", "ship systems break") + " down";
    case event_kind::injury: return check + plural(e.amount, "point", "points") + " of crew injury";
    case event_kind::windfall: return check + "draw " + plural(e.amount, std::string(colour_name(e.deck)) + " cantina card", std::string(colour_name(e.deck)) + " cantina cards");
    case event_kind::bribe: return check + "view " + plural(e.amount, "bribe", "bribes") + ", keep one";
    case event_kind::reveal_contract: return check + "reveal " + plural(e.amount, "contract", "contracts");
    case event_kind::lose_movement: return check + n + " movement less this turn";
    case event_kind::gain_movement: return check + n + " movement more this turn";
    case event_kind::repair: return check + "repair " + plural(e.amount, "system", "systems");
    case event_kind::heal: return check + n + " crew recover";
    case event_kind::lose_item: return check + "discard " + plural(e.amount, "small item", "small items");
    case event_kind::reputation: return check + "reputation " + (e.amount >= 0 ? "+" : "") + n;
  }
  return "";
}

// A melee die keeps its side's hits before the die in `modifier` (fight.cpp, positions read
// them back), but they are not added to the die: a 4 or more lands one more hit. Shown
// without it, so "1 + 4 = 5: no extra hit" beside "4 + 1 = 5: an extra hit" cannot happen.
int shown_modifier(const engine::die_roll& d) {
  return d.purpose == static_cast<std::uint8_t>(roll_for::melee) ? 0 : d.modifier;
}

void roll_to_proto(const engine::die_roll& d, starport::v1::DiceRoll* out) {
  engine::to_proto(d, purpose_words(d.purpose), result_words(d.result), out);
  out->set_modifier(shown_modifier(d));
}

}  // namespace

std::string state::roll_words(const engine::die_roll& d) const {
  std::string w = (d.seat < 0 ? std::string("The table") : seat_ref(d.seat)) + " rolls " + std::to_string(d.faces[0]);
  if (const int m = shown_modifier(d)) w += (m > 0 ? " + " : " - ") + std::to_string(std::abs(m));
  w += " for " + std::string(purpose_words(d.purpose));
  if (d.result) w += ": " + std::string(result_words(d.result));
  return w + ".";
}

void state::fill_card(pb::Card& out, card_no n, bool known) const {
  if (!known) return;
  out.set_id(static_cast<std::uint32_t>(wire(n)));
  out.set_known(true);
  out.set_name(std::string(card_of(n).name));
  if (is_bribe(n)) out.set_kind(pb::BRIBE);
  else out.set_kind(wire_kind(card_of(n).kind));
  const int d = deck_of(n);
  if (d >= 0 && d < colour_count) out.set_deck(wire_colour(static_cast<colour>(d)));
  out.set_text(kinds_->kinds[kinds_->kind_of[n]].text);   // card_text, written once
}

void state::fill_contract(pb::Contract& out, card_no n) const {
  const contract& k = contract_of(n);
  out.set_id(static_cast<std::uint32_t>(wire(n)));
  out.set_name(std::string(k.name));
  out.set_origin(k.origin);
  out.set_syndicate(wire_syndicate(static_cast<int>(k.owner)));
  for (std::uint8_t l : k.deliver_to)
    if (l != no_location) out.add_deliver_to(l);
  out.set_reward(wire_colour(k.reward));
  out.set_text(kinds_->kinds[kinds_->kind_of[n]].text);   // contract_text, written once
}

void state::fill_prompt(viewer who, pb::View& out) const {
  if (!frame_count_) return;
  const frame& f = top();
  if (f.seat >= seats_) return;
  pb::Prompt& p = *out.mutable_prompt();
  p.set_seat(f.seat);
  const bool own = who.sees_all() || who.is_seat(f.seat);
  switch (f.kind) {
    case task::keep_one:
      p.set_kind(pb::PICK_CARD);
      p.set_text("Keep one of the cards you view");
      p.set_optional(f.flags & frame_optional);
      for (int i = 0; i < f.look_count; ++i) fill_card(*p.add_cards(), f.looked[i], own);
      break;
    case task::dock_cost:
      p.set_kind(pb::DISCARD);
      p.set_text(f.count == 2 ? "Pay for the kept card: a ship system, a crew member or two small items"
                              : "Pay for the kept card: one more small item");
      break;
    case task::pick_deck:
      p.set_kind(pb::PICK_DECK);
      p.set_text("Choose the cantina deck to draw from");
      for (int k = 0; k < colour_count; ++k)
        if ((f.mask >> k) & 1u) p.add_options(k);
      break;
    case task::allocate: {
      // How many, from whom and where: the fight panel that says it may be screens away.
      const bool crew = f.flags & frame_crew, cargo = f.flags & frame_cargo;
      std::string from;
      if (fight_.kind != fight_kind::none && fight_.step == fight_step::allocate &&
          (f.seat == fight_.attacker || f.seat == fight_.defender))
        from = " from " + seat_ref(f.seat == fight_.attacker ? fight_.defender : fight_.attacker) + (crew ? "'s crew" : "'s attack");
      else if (cargo) from = " from the pirates";
      p.set_kind(pb::ALLOCATE_DAMAGE);
      p.set_text("Place " + (crew ? plural(f.count, "hit", "hits") : plural(f.count, "point of damage", "points of damage")) +
                 from + (crew ? " on your crew" : cargo ? " on your ship systems or cargo" : " on your ship systems"));
      p.add_options(f.count);
      break;
    }
    case task::lose_item:
      p.set_kind(pb::DISCARD);
      p.set_text("Discard a small item (" + plural(f.count, "item", "items") + " left to lose)");
      p.add_options(f.count);
      break;
    case task::affiliate:
      p.set_kind(pb::AFFILIATION);
      p.set_text("Affiliate with " + std::string(syndicate_name(static_cast<syndicate>(f.value))) + "?");
      p.add_options(f.value + 1);
      break;
    case task::ambush_ask:
      p.set_kind(pb::AMBUSH_WINDOW);
      p.set_text(f.value == 1 ? "A ship arrives here: ambush it?" : "A ship leaves from here: ambush it?");
      p.add_options(f.target);
      break;
    case task::brawl_ask:
      p.set_kind(pb::BRAWL_WINDOW);
      p.set_text(conscious_crew(f.seat) ? "A ship is about to deliver here: start a brawl?"
                                        : "A ship is about to deliver here: with no conscious crew to brawl, let it go ahead?");
      p.add_options(f.target);
      break;
    case task::encounter_ask:
      p.set_kind(pb::ENCOUNTER_CHOICE);
      p.set_text("The encounter strikes: let it happen (pass) or play a favor that cancels it");
      p.add_options(f.value);
      break;
    case task::pillage:
      p.set_kind(pb::PILLAGE_PICK);
      p.set_text("Pillage the loser's ship");
      p.add_options(f.count);
      break;
  }
}

// The board as every view shows it: locations, connections and Sectors. It depends on the
// content only (adj_ is its connections).
void state::fill_board(pb::Board& board) const {
  const auto& locs = c_->board.locations;
  for (int l = 0; l < static_cast<int>(locs.size()); ++l) {
    pb::Location& x = *board.add_locations();
    x.set_index(static_cast<std::uint32_t>(l));
    x.set_name(std::string(locs[l].name));
    x.set_kind(locs[l].kind == loc_kind::destination ? pb::DESTINATION : pb::DEEP_SPACE);
    if (locs[l].kind == loc_kind::destination) x.set_colour(wire_colour(locs[l].col));
    x.set_patrolled(locs[l].kind == loc_kind::deep_space && locs[l].patrolled);
    x.set_dockyard(locs[l].dockyard);
    x.set_x(locs[l].x);
    x.set_y(locs[l].y);
    int sector = 0;
    for (int r = 0; r < static_cast<int>(locs.size()); ++r) {
      if (locs[r].kind != loc_kind::deep_space) continue;
      if (r == l || (locs[l].kind == loc_kind::destination && adjacent(l, r))) x.add_sectors(static_cast<std::uint32_t>(sector));
      ++sector;
    }
    for (int n = 0; n < static_cast<int>(locs.size()); ++n)
      if (adjacent(l, n)) x.add_neighbours(static_cast<std::uint32_t>(n));
  }
  for (const connection& k : c_->board.connections) {
    pb::Connection& x = *board.add_connections();
    x.set_a(k.a);
    x.set_b(k.b);
  }
  int sector = 0;
  for (int r = 0; r < static_cast<int>(locs.size()); ++r) {
    if (locs[r].kind != loc_kind::deep_space) continue;
    pb::Sector& x = *board.add_sectors();
    x.set_index(static_cast<std::uint32_t>(sector++));
    x.set_region(static_cast<std::uint32_t>(r));
    x.set_patrolled(locs[r].patrolled);
    x.add_locations(static_cast<std::uint32_t>(r));
    for (int l = 0; l < static_cast<int>(locs.size()); ++l)
      if (locs[l].kind == loc_kind::destination && adjacent(l, r)) x.add_locations(static_cast<std::uint32_t>(l));
  }
}

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  engine::fill_legal_actions(*this, who, *out.mutable_legal_actions());
  out.set_spectator(who.who != viewer::kind::seat);
  if (who.who == viewer::kind::seat) out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
  // The board: the content's alone, so the standard one is built once and copied.
  if (c_ == &standard_content()) {
    static const pb::Board standard = [this] {
      pb::Board b;
      fill_board(b);
      return b;
    }();
    *out.mutable_board() = standard;
  } else {
    fill_board(*out.mutable_board());
  }
  // Ships.
  const engine::seat_mask must = must_act();
  for (int s = 0; s < seats_; ++s) {
    const ship& sh = ships_[s];
    const bool own = who.sees_all() || who.is_seat(s);
    pb::Ship& x = *out.add_ships();
    x.set_seat(static_cast<std::uint32_t>(s));
    x.set_location(sh.location);
    x.set_movement(static_cast<std::uint32_t>(movement(s)));
    x.set_movement_left(static_cast<std::uint32_t>(movement_left(s)));
    const int count = bay_count(s);
    x.set_bay_count(static_cast<std::uint32_t>(count));
    for (int b = 0; b < max_bays; ++b) {
      if (b >= count && sh.bays[b].empty()) continue;
      pb::Bay& y = *x.add_bays();
      y.set_number(static_cast<std::uint32_t>(b));
      const bay& z = sh.bays[b];
      if (z.empty()) continue;
      if (is_contract(z.card)) {
        fill_contract(*y.mutable_cargo(), z.card);
      } else {
        fill_card(*y.mutable_card(), z.card, true);
        y.mutable_card()->set_damage(z.damage);
        y.mutable_card()->set_captain(z.captain);
      }
    }
    int hidden = 0;
    auto zone = [&](const locker& l, google::protobuf::RepeatedPtrField<pb::Card>* into) {
      for (card_no c : l.items()) {
        pb::Card& k = *into->Add();
        if (own) fill_card(k, c, true);
        else k.set_hidden_index(static_cast<std::uint32_t>(hidden));
        ++hidden;
      }
    };
    zone(sh.weapons, x.mutable_weapons_locker());
    zone(sh.storage, x.mutable_storage_locker());
    zone(sh.log, x.mutable_captains_log());
    x.set_captains_log_count(sh.log.size);
    x.set_weapons_locker_count(sh.weapons.size);
    x.set_storage_locker_count(sh.storage.size);
    x.set_reputation(sh.rep);
    x.set_affiliation(sh.affiliation < 0 ? pb::SYNDICATE_NONE : wire_syndicate(sh.affiliation));
    for (int k = 0; k < syndicate_count; ++k)
      if ((sh.grudges >> k) & 1u) x.add_grudges(wire_syndicate(k));
    x.set_to_act(has_seat(must, s));
    x.set_first_player(s == first_);
    x.set_out(sh.out);
    x.set_deliveries(sh.deliveries);
    x.set_conscious_crew(conscious_crew(s));
    x.set_contracts_picked(sh.picked);
    x.set_dockyard_visited(sh.docked);
    x.set_attack(ship_attack(s));
    x.set_delivery_stopped(delivery_stopped_ && phase_ == phase::delivery && s == active_);
    x.set_in_dockyard(in_dockyard_ && phase_ == phase::movement && s == active_);
    if (sh.held_cargo != no_card) fill_contract(*x.mutable_held_cargo(), sh.held_cargo);
  }
  for (card_no c : open_.items()) fill_contract(*out.add_open_contracts(), c);
  out.set_dockyard(dockyard_);
  pb::Scoreboard& sb = *out.mutable_scoreboard();
  sb.set_deliveries_to_win(to_win_);
  for (int k = 0; k < syndicate_count; ++k) {
    pb::Track& t = *sb.add_tracks();
    t.set_syndicate(wire_syndicate(k));
    t.set_deliveries(track_[k].size);
    for (card_no c : track_[k].items()) fill_contract(*t.add_delivered(), c);
  }
  for (int a = 0; a < syndicate_count; ++a)
    for (int b = a + 1; b < syndicate_count; ++b)
      if ((feuds_ >> (a * 4 + b)) & 1u) {
        pb::Feud& f = *sb.add_feuds();
        f.set_a(wire_syndicate(a));
        f.set_b(wire_syndicate(b));
      }
  static constexpr pb::Phase phases[] = {pb::ENCOUNTER, pb::MOVEMENT, pb::DELIVERY, pb::DOCKYARD_ROLL, pb::GAME_OVER};
  out.set_phase(phases[static_cast<int>(phase_)]);
  out.set_turn(turn_);
  out.set_turn_limit(turn_limit_);
  out.set_first_player(first_);
  if (active_ < seats_) out.set_active_seat(active_);
  fill_prompt(who, out);
  // The fight in progress, or the latest one this turn (step none: over).
  if (fight_.kind != fight_kind::none || last_fight_.kind != fight_kind::none) {
    const fight_state& fs = fight_.kind != fight_kind::none ? fight_ : last_fight_;
    pb::Fight& f = *out.mutable_fight();
    static constexpr pb::FightKind kinds[] = {pb::FIGHT_NONE, pb::SHIP_COMBAT, pb::BOARDING, pb::BRAWL_FIGHT};
    f.set_kind(kinds[static_cast<int>(fs.kind)]);
    f.set_attacker(fs.attacker);
    f.set_defender(fs.defender);
    f.set_ambush(fs.from == fight_from::ambush_arrival || fs.from == fight_from::ambush_departure);
    f.set_ambush_arrival(fs.from == fight_from::ambush_arrival);
    static constexpr pb::FightStep steps[] = {pb::FIGHT_STEP_NONE, pb::EQUIPPING, pb::EQUIPPING, pb::ALLOCATING,
                                              pb::REPAIRING, pb::REPAIRING, pb::ATTACKER_DECIDES, pb::DEFENDER_DECIDES,
                                              pb::ATTACKER_DECIDES, pb::PILLAGING};
    f.set_step(steps[static_cast<int>(fs.step)]);
    f.set_round(fs.round);
    if (fight_.kind != fight_kind::none) f.set_last_round(max_fight_rounds);   // while it is fought
    f.set_location(fs.location);
    f.set_forced_boarding(forced_boarding(fs.attacker));
    f.set_winner(fs.winner < 0 ? 0 : static_cast<std::uint32_t>(fs.winner));
    f.set_decided(fs.winner >= 0);
    for (int i = 0; i < fs.note_count; ++i) {
      const round_note& n = fs.notes[i];
      pb::FightRound& r = *f.add_rounds();
      r.set_number(n.number);
      r.set_attacker_attack(n.attacker_attack);
      r.set_defender_attack(n.defender_attack);
      r.set_damage_to_attacker(n.to_attacker);
      r.set_damage_to_defender(n.to_defender);
      r.set_escaped(n.escaped);
      // Who took the damage: cards in bays, face up to everyone; a destroyed cargo was public.
      for (std::size_t side = 0; side < 2; ++side)
        for (int k = 0; k < n.hurt_count[side]; ++k) {
          const card_no c = n.hurt[side][static_cast<std::size_t>(k)];
          if (is_contract(c)) fill_contract(*r.add_cargo_destroyed(), c);
          else fill_card(side == 0 ? *r.add_attacker_damaged() : *r.add_defender_damaged(), c, true);
        }
      for (std::size_t k = 0; k < dice_.size(); ++k)
        if (n.escape_roll && dice_.recent(k).number == n.escape_roll) {
          const engine::die_roll& d = dice_.recent(k);
          roll_to_proto(d, r.mutable_escape());
        }
    }
    for (int side = 0; side < 2; ++side)
      for (int i = 0; i < fs.kit_count[side]; ++i) {
        const kit_entry& k = fs.kit[side][i];
        if (k.item == no_card) continue;
        const int s = side == 0 ? fs.attacker : fs.defender;
        pb::Card& c = side == 0 ? *f.add_attacker_kit() : *f.add_defender_kit();
        fill_card(c, k.item, true);
        if (ships_[s].bays[k.bay].card != no_card) c.set_equipped_to(static_cast<std::uint32_t>(wire(ships_[s].bays[k.bay].card)));
      }
  }
  // Offers: cargo is public; items are shown to the two seats of the offer. The declined
  // ones of this Movement too (a page reloaded mid-Movement still says why one is gone).
  auto fill_offer = [&](pb::Offer& x, const offer& o) {
    x.set_id(o.id);
    x.set_from(o.from);
    x.set_to(o.to);
    const bool party = who.sees_all() || who.is_seat(o.from) || who.is_seat(o.to);
    for (card_no c : {o.give, o.give2}) {
      if (c == no_card) continue;
      if (is_contract(c)) fill_contract(*x.add_give_cargo(), c);
      else fill_card(*x.add_give(), c, party || bay_of(o.from, c) >= 0);
    }
    if (o.take != no_card) {
      if (is_contract(o.take)) fill_contract(*x.add_take_cargo(), o.take);
      else fill_card(*x.add_take(), o.take, who.sees_all() || who.is_seat(o.to) || bay_of(o.to, o.take) >= 0);
    }
    x.set_withdrawn(o.withdrawn);
  };
  for (int i = 0; i < offer_count_; ++i) fill_offer(*out.add_offers(), offers_[i]);
  for (int i = 0; i < declined_count_; ++i) fill_offer(*out.add_declined_offers(), declined_[i]);
  for (int i = 0; i < traded_count_; ++i) out.add_traded_offers(traded_[i]);
  pb::Decks& d = *out.mutable_decks();
  d.set_contracts(contract_deck_.size);
  d.set_green(cantina_[0].size);
  d.set_purple(cantina_[1].size);
  d.set_red(cantina_[2].size);
  d.set_bribes(bribes_.size);
  d.set_encounters(encounters_.size);
  d.set_encounter_discard(encounter_discard_.size);
  for (std::size_t i = 0; i < dice_.size(); ++i) {
    const engine::die_roll& r = dice_.recent(i);
    roll_to_proto(r, out.add_dice());
  }
  if (last_encounter_ != 0xff) {
    const encounter& e = c_->encounters[last_encounter_];
    out.add_encounter(std::string(e.name));
    if (last_encounter_site_ != 0xff)
      out.add_encounter(std::string(site_name(static_cast<site>(last_encounter_site_))) + ": " +
                        event_words(e.events[last_encounter_site_]));
    if (last_encounter_seat_ != 0xff) out.set_encounter_seat(last_encounter_seat_);
  }
  for (int i = 0; i < shown_count_; ++i) fill_card(*out.add_shown(), shown_[i], true);
  const outcome r = result();
  starport::v1::Outcome& oc = *out.mutable_outcome();
  oc.set_over(r.over);
  for (int s = 0; s < seats_; ++s)
    if (has_seat(r.winners, s)) oc.add_winners(static_cast<std::uint32_t>(s));
  oc.set_reason(r.reason);
}

outcome state::result() const {
  outcome r;
  r.over = over_;
  r.winners = winners_;
  r.reason = reason_;
  return r;
}

// Permutes `seat`'s face-down cards within each zone; nothing another seat sees may move.
void state::scramble_hidden(int seat, engine::rng& r) {
  ship& sh = ships_[seat];
  // Cards named by an open offer keep their place (their identity is part of the offer).
  for (locker* l : {&sh.weapons, &sh.storage, &sh.log}) r.shuffle(l->cards.data(), l->size);
}

// ---- Words -----------------------------------------------------------------------------------

// A card in the log, by its kind: every reader fills its name, so a line's shape does not
// change with the card it names (docs/protocol.md, "Log lines").
std::string state::card_words(card_no n) const {
  if (n == no_card) return "nothing";
  if (n >= kinds_->kind_of.size()) return "a card";   // no card of this content
  return engine::card_ref(kinds_->kind_of[n]);
}

std::string state::describe(const action& a) const {
  const std::string who = seat_ref(a.seat);
  auto loc = [&](int l) { return std::string(c_->board.locations[static_cast<std::size_t>(l)].name); };
  auto public_card = [&](std::int32_t w) -> std::string {
    const card_no n = unwire(w);
    if (n == no_card) return "a face-down item";
    if (is_contract(n)) return "the " + card_words(n) + " cargo";
    return card_words(n);
  };
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: return who + " resigns.";
    case kind::move:
      // Where a ship there may ambush on departure or arrival (public facts), the move may be
      // held back: "moves to" said before the ambush read as done ("… moves to Drift." then
      // "… is held back by the ambush.").
      return who + (ambushers(a.seat, ships_[a.seat].location) || ambushers(a.seat, a.args[0]) ? " heads for " : " moves to ") +
             loc(a.args[0]) + ".";
    case kind::pick_up: return who + " picks up " + public_card(a.args[0]) + ".";
    case kind::dockyard: return who + " visits the Dockyard.";
    case kind::dismiss: return who + " returns a ship system or crew member at the Dockyard.";
    case kind::view_cantina: return who + " views two green cantina cards.";
    case kind::install: return who + " installs a card from the captain's log.";
    case kind::reveal: return who + " reveals a contract.";
    case kind::intercept: return who + " intercepts " + seat_ref(a.args[0]) + ".";
    case kind::ambush: return who + (a.args[0] ? " ambushes." : " lets the ship pass.");
    case kind::allocate: return who + " places a point of damage on " + public_card(a.args[0]) + ".";
    case kind::repair: return who + " repairs " + public_card(a.args[1]) + ".";
    case kind::press: {
      static const char* words[] = {" ends the fight.", " fights on.", " boards.", " holds the ambushed ship."};
      return who + words[std::clamp(a.args[0], 0, 3)];
    }
    case kind::escape: return who + " tries to escape" + (a.args[0] ? " burning a hyperdrive" : "") + (a.args[1] ? " and another" : "") + ".";
    case kind::stay:
      return who + (working_systems(a.seat) == 0 ? " does not try to escape: with no working system, it has lost the ship combat."
                                                 : " does not try to escape.");
    case kind::equip: return who + " equips a crew member.";
    case kind::fight: return who + " is ready to fight.";
    case kind::heal: return who + " heals " + public_card(a.args[1]) + ".";
    case kind::pillage:
      // What is taken is said once, by the line that follows ("… takes Blaster Pistol.", or "a
      // face-down item" for one the loser had in a locker); this one says from whom.
      if (a.args[0] == 0) return who + " stops pillaging.";
      if (frame_count_ && top().kind == task::pillage) return who + " pillages " + seat_ref(top().target) + "'s ship.";
      return who + " pillages.";
    case kind::propose: {
      std::string w = who + " offers " + seat_ref(a.args[0]) + " a trade";
      int items = 0;
      for (std::int32_t g : {a.args[1], a.args[3]})
        if (g > 0 && !is_contract(unwire(g)) && bay_of(a.seat, unwire(g)) < 0) ++items;
      std::string gives, takes;
      for (std::int32_t g : {a.args[1], a.args[3]})
        if (g > 0 && (is_contract(unwire(g)) || bay_of(a.seat, unwire(g)) >= 0))
          gives += (gives.empty() ? "" : " and ") + public_card(g);
      if (items) gives += (gives.empty() ? "" : " and ") + plural(items, "small item", "small items");
      if (a.args[2] > 0 && (is_contract(unwire(a.args[2])) || bay_of(a.args[0], unwire(a.args[2])) >= 0))
        takes = public_card(a.args[2]);
      else if (a.args[2] != 0) takes = "a small item";
      return w + ": " + (gives.empty() ? "nothing" : gives) + " for " + (takes.empty() ? "nothing" : takes) + ".";
    }
    // One line for an answer, naming the offer's other seat (the items stay out of it: face-down
    // ones are the two seats' to see, and the offer's own line named the public ones).
    case kind::accept: {
      const offer* o = offer_by_id(a.args[0]);
      const std::string trade = who + " accepts " + (o ? seat_ref(o->from) + "'s offer" : std::string("the offer")) + ": they trade";
      if (a.argc > 1 && a.args[1] == 1) return trade + ", then " + who + " starts a brawl" + (o ? " with " + seat_ref(o->from) : std::string()) + ".";
      return trade + ".";
    }
    case kind::decline: {
      const offer* o = offer_by_id(a.args[0]);
      return who + " declines " + (o ? seat_ref(o->from) + "'s offer." : std::string("the offer."));
    }
    case kind::withdraw: {
      const offer* o = offer_by_id(a.args[0]);
      return who + " withdraws the offer" + (o ? " to " + seat_ref(o->to) : std::string()) + ".";
    }
    case kind::brawl:
      if (a.args[0] >= 0) return who + " starts a brawl with " + seat_ref(a.args[0]) + ".";
      return who + (attempt_ != no_card && attempt_bury_ ? " lets the burial go ahead." : " lets the delivery go ahead.");
    case kind::deliver:   // public_card: "the … cargo"
      // A ship here may brawl first: the delivery is told when it happens (note_kind::delivered).
      if (delivery_window(a.seat)) return who + " is about to deliver " + public_card(a.args[0]) + ".";
      return who + " delivers " + public_card(a.args[0]) + ".";
    case kind::bury:
      if (delivery_window(a.seat)) return who + " is about to bury " + public_card(a.args[0]) + ".";
      return who + " buries " + public_card(a.args[0]) + ".";
    case kind::affiliate: return who + (a.args[0] ? " affiliates." : " stays freelance.");
    case kind::choose:
      // What the choice did is in its effects' words ("keeps a card", "discards …").
      switch (frame_count_ ? top().kind : task::keep_one) {
        case task::pick_deck: return who + " chooses the " + std::string(colour_name(static_cast<colour>(a.args[0]))) + " deck.";
        case task::keep_one: return who + " keeps a card.";
        case task::dock_cost:
        case task::lose_item: return "";
        default: return who + " chooses.";
      }
    case kind::play: return "";   // "plays <the favor>" follows in its effects' words
    case kind::pass:
      if (frame_count_ && top().kind == task::encounter_ask) return who + " lets the encounter happen.";
      if (frame_count_ && top().kind == task::keep_one) return who + " keeps none of the cards.";
      // What the pass ends, as the player's button says it ("End your Movement").
      if (fight_.kind != fight_kind::none)
        return who + (fight_.kind == fight_kind::combat ? " is done repairing." : " is done healing.");
      if (in_dockyard_)
        return who + (a.seat < seats_ && ships_[a.seat].affiliation == static_cast<int>(syndicate::semyorka)
                          ? " leaves the Dockyard."
                          : " leaves the Dockyard, which ends their Movement.");
      if (phase_ == phase::movement) return who + " ends their Movement.";
      if (phase_ == phase::delivery) return who + " ends their Delivery.";
      return who + " passes.";
  }
  return who + " acts.";
}

std::string state::describe_effects() const {
  std::string out;
  auto line = [&](std::string_view s) { engine::add_line(out, s); };
  std::size_t dice_seen = 0;
  int rolls_in_notes = 0;
  for (int i = 0; i < note_count_; ++i)
    if (notes_[i].kind == note_kind::dice) ++rolls_in_notes;
  for (int i = 0; i < note_count_; ++i) {
    const note& n = notes_[i];
    const std::string who = seat_ref(n.seat);
    switch (n.kind) {
      case note_kind::encounter:
        line(who + " meets the encounter " + std::string(c_->encounters[n.card].name) + " (" +
             std::string(site_name(static_cast<site>(n.value))) + "): " + event_words(c_->encounters[n.card].events[n.value]) + ".");
        break;
      case note_kind::drew: line(who + " draws " + plural(n.value, "cantina card", "cantina cards") + "."); break;
      case note_kind::installed: line(card_words(n.card) + " goes into a bay of " + who + "."); break;
      case note_kind::revealed: line("The " + card_words(n.card) + " contract is revealed."); break;
      case note_kind::dice: {
        const std::size_t idx = dice_.size() - static_cast<std::size_t>(rolls_in_notes) + dice_seen;
        if (idx < dice_.size()) line(roll_words(dice_.recent(idx)));
        ++dice_seen;
        break;
      }
      case note_kind::damaged: line(card_words(n.card) + " of " + who + " takes damage."); break;
      case note_kind::cargo_lost: line(who + " loses the " + card_words(n.card) + " cargo."); break;
      case note_kind::repaired: line(who + " repairs " + card_words(n.card) + "."); break;
      case note_kind::delivered: line(who + " delivers the " + card_words(n.card) + " cargo."); break;
      case note_kind::buried:
        line(who + " buries the " + card_words(n.card) +
             (n.value < 0 ? " cargo." : " cargo and draws the " + card_words(static_cast<card_no>(n.value)) + " cargo."));
        break;
      case note_kind::no_crew_left:
        line(who + " has no conscious crew left: the " + card_words(n.card) + (n.value ? " cargo is not delivered." : " cargo stays aboard."));
        break;
      case note_kind::reputation: line(who + "'s reputation is " + std::to_string(n.value) + "."); break;
      case note_kind::affiliated: line(who + " affiliates with " + std::string(syndicate_name(static_cast<syndicate>(n.value))) + "."); break;
      case note_kind::grudge: line(std::string(syndicate_name(static_cast<syndicate>(n.value))) + " holds a grudge against " + who + "."); break;
      case note_kind::feud:
        line(std::string(syndicate_name(static_cast<syndicate>(n.value / 4))) + " and " +
             std::string(syndicate_name(static_cast<syndicate>(n.value % 4))) + " are feuding.");
        break;
      case note_kind::dockyard: line("The Dockyard is at " + std::string(c_->board.locations[static_cast<std::size_t>(n.value)].name) + "."); break;
      case note_kind::first_player: line(who + " takes the 1st Player token."); break;
      case note_kind::won: line(who + " wins."); break;
      case note_kind::offer_lapsed: {
        std::string why = ".";
        switch (static_cast<lapse>(n.value % 8)) {
          case lapse::other: break;
          case lapse::ships_parted: why = ": the ships part."; break;
          case lapse::item_gone: why = ": an item in it is gone."; break;
          case lapse::movement_ends: why = ": " + who + "'s Movement ends."; break;
          case lapse::fight_starts: why = ": a fight starts."; break;
          case lapse::dockyard: why = ": " + who + " visits the Dockyard."; break;
        }
        line(who + "'s offer to " + seat_ref(n.value / 8) + " ends unanswered" + why);
        break;
      }
      case note_kind::cargo_to_deck:
        line("The " + card_words(n.card) + " cargo goes under the contract deck: " + who + " has no open bay for it.");
        break;
      case note_kind::escaped: line(who + " escapes."); break;
      case note_kind::cargo_held:
        line(who + " has no open bay for the " + card_words(n.card) +
             " cargo: they hold it and must deliver or bury it on their Delivery step.");
        break;
      case note_kind::item_shown: line(who + " shows " + card_words(n.card) + " for the rep check."); break;
      case note_kind::stolen: line(who + " takes " + (n.card == no_card ? std::string("a face-down item") : card_words(n.card)) + "."); break;
      case note_kind::kept: line(who + " keeps a card."); break;
      case note_kind::discarded: line(who + " discards " + card_words(n.card) + "."); break;
      case note_kind::played: line(who + " plays " + card_words(n.card) + "."); break;
      case note_kind::held: line(who + " is held back by the ambush."); break;
      case note_kind::fight_over: line(n.value < 0 ? std::string("The fight ends.") : who + " wins the fight."); break;
      case note_kind::turn_limit: line("The turn limit is reached."); break;
      case note_kind::top_reputation:
        line("The best Reputation among " + std::string(syndicate_name(static_cast<syndicate>(n.value % 4))) +
             "'s affiliates is " + std::to_string(n.value / 4) + ".");
        break;
      case note_kind::tie_broken: line(who + " made the last delivery, which breaks the tie."); break;
      case note_kind::limit_most:
        line("The best Reputation among the affiliates of the syndicates with the most deliveries (" +
             std::to_string(n.value % 16) + ") is " + std::to_string(n.value / 16) + ".");
        break;
      case note_kind::limit_table:
        line("Nobody is affiliated with a syndicate with the most deliveries: the best Reputation at the table (" +
             std::to_string(n.value) + ") wins.");
        break;
    }
  }
  return out;
}

}  // namespace starport::scoundrels
