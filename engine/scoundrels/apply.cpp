// Apply: what each action does (check said it is legal).
#include <algorithm>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::seat_bit;

void state::apply_frame(const action& a) {
  frame f = top();
  const int s = a.seat;
  ship& sh = ships_[s];
  const kind k = static_cast<kind>(a.kind);
  switch (f.kind) {
    case task::keep_one: {
      pop();
      const card_no kept = k == kind::choose ? unwire(a.args[0]) : no_card;
      for (int i = 0; i < f.look_count; ++i)
        if (f.looked[i] != kept) to_bottom(f.looked[i]);
      if (kept == no_card) break;
      // A reward ship system or crew member goes into an open bay, or with [card, -1] into the
      // captain's log (rulebook "Delivery": "placed in the captain's log or installed").
      gain_card(s, kept, (f.flags & frame_reward) != 0 && !(a.argc > 1 && a.args[1] < 0));
      note_(note_kind::kept, s);
      if (f.flags & frame_dock) {
        frame cost;
        cost.kind = task::dock_cost;
        cost.seat = static_cast<std::uint8_t>(s);
        cost.count = 2;
        cost.looked[0] = kept;   // the kept card, which does not pay for itself
        cost.look_count = 1;
        push(cost);
      }
      break;
    }
    case task::dock_cost: {
      const card_no c = unwire(a.args[0]);
      const bool item = in_locker(s, c) && is_small_item(card_of(c).kind);
      give_up(s, c, note_kind::discarded);
      void_offers();
      if (item && f.count == 2) top().count = 1;
      else pop();
      break;
    }
    case task::pick_deck:
      pop();
      draw_cantina(s, a.args[0], f.count);
      break;
    case task::allocate: {
      const card_no c = unwire(a.args[0]);
      const int b = bay_of(s, c);
      frame& t = top();
      --t.count;
      // A fight round's damage: its note names the card (an encounter's has no round).
      if ((f.flags & (frame_combat | frame_melee)) && fight_.note_count) {
        round_note& n = fight_.notes[fight_.note_count - 1];
        const std::size_t side = static_cast<std::size_t>(side_of(s));
        if (n.hurt_count[side] < max_bays) n.hurt[side][n.hurt_count[side]++] = c;
      }
      if (is_contract(c)) {
        sh.bays[b] = bay{};
        to_bottom(c);
        note_(note_kind::cargo_lost, s, c);
        void_offers();
      } else {
        ++sh.bays[b].damage;   // the action's own line says it ("… places a point of damage on …")
        // One point a crew member: a melee round's hits, or an encounter's ("2 crew members
        // take 1 damage").
        if (f.flags & frame_crew) t.hit_mask = static_cast<std::uint16_t>(t.hit_mask | (1u << b));
        if (f.flags & frame_melee)
          fight_.hit[side_of(s)] = static_cast<std::uint16_t>(fight_.hit[side_of(s)] | (1u << b));
      }
      // Nothing left to take the rest: it is wasted.
      std::vector<action> rest;
      frame_actions(t, rest);
      if (rest.empty()) t.count = 0;
      if (t.count == 0) pop();
      break;
    }
    case task::lose_item: {
      const card_no c = unwire(a.args[0]);
      give_up(s, c, note_kind::discarded);
      void_offers();
      if (--top().count == 0 || sh.weapons.size + sh.storage.size == 0) pop();
      break;
    }
    case task::affiliate: {
      pop();
      const int syn = f.value;
      const int reward = f.mask;
      const int views = sh.rep + ability_sum(s, prim::extra_view) + item_sum(s, prim::extra_view);
      if (a.args[0] == 1) {
        affiliate(s, syn);
        push_keep(s, reward, views);         // delivering to one's own syndicate (asked second)
        push_keep(s, colour_count, views);   // bribes: one per point of reputation
      } else {
        // Freelance: draw one reward, placed as the player chooses (a bay or the captain's
        // log): asked whatever the card is, so the question tells nobody what was drawn.
        push_keep(s, reward, 1);
      }
      break;
    }
    case task::ambush_ask: {
      frame& t = top();
      const int mover = t.target;
      ask_next(t, ambushers(mover, move_arrival_ ? move_to_ : move_from_));
      if (a.args[0] == 1) {
        fight_.origin = move_arrival_ ? move_from_ : move_to_;
        start_fight(fight_kind::combat, move_arrival_ ? fight_from::ambush_arrival : fight_from::ambush_departure, s, mover);
      }
      break;
    }
    case task::brawl_ask: {
      frame& t = top();
      const int deliverer = t.target;
      if (k == kind::play) {
        // A bribe stops the delivery: the cargo stays aboard.
        const card_no c = unwire(a.args[0]);
        give_up(s, c, note_kind::played);
        t.value = 2;
        t.seat = 0xff;
      } else if (a.args[0] >= 0) {
        ask_next(t, delivery_window(deliverer));
        start_fight(fight_kind::brawl, fight_from::delivery, s, deliverer);
        fight_.stake = attempt_;
        fight_.bury = attempt_bury_;
      } else {
        ask_next(t, delivery_window(deliverer));
      }
      break;
    }
    case task::encounter_ask: {
      pop();
      if (k == kind::play) {
        const card_no c = unwire(a.args[0]);
        give_up(s, c, note_kind::played);
        // The favor's other abilities (a draw) still happen.
        for (const ability& x : card_of(c).abilities)
          if (x.kind == prim::draw_cantina) draw_cantina(s, static_cast<int>(x.deck), std::max<int>(1, x.amount));
      } else {
        resolve_event(s, c_->encounters[static_cast<std::size_t>(f.value)].events[f.mask]);
      }
      break;
    }
    case task::pillage: {
      frame& t = top();
      if (a.args[0] == 0) {
        pop();
        break;
      }
      const int loser = t.target;
      const int side = side_of(loser);
      card_no c = a.args[0] < 0 ? from_wire(s, loser, a.args[0]) : unwire(a.args[0]);
      bool from_kit = false;
      for (int i = 0; i < fight_.kit_count[side]; ++i)
        if (fight_.kit[side][i].item == c) {
          fight_.kit[side][i].item = no_card;
          from_kit = true;
        }
      // The one "also" pick: a cargo, the delivery's stake, or an item brought for trade (an
      // equipped one is a crew member's pick while those last).
      const bool extra = is_contract(c) || c == fight_.stake || (in_trade(c) && !(from_kit && t.count > 0));
      const bool face_down = !from_kit && in_locker(loser, c);   // a trade's item from a locker
      if (!from_kit) remove_card(loser, c);
      if (extra) t.mask = static_cast<std::uint8_t>(t.mask | 1u);
      else --t.count;
      bool held_it = false;
      if (is_contract(c)) {
        const int count = bay_count(s);
        int b = 0;
        while (b < count && !sh.bays[b].empty()) ++b;
        if (b < count) sh.bays[b].card = c;
        else held_it = true;   // a delivery's stake with no open bay (stake_open)
      } else {
        gain_card(s, c, false);
      }
      note_(note_kind::stolen, s, a.args[0] < 0 || face_down ? no_card : c);
      if (held_it) {
        sh.held_cargo = c;
        note_(note_kind::cargo_held, s, c);
      }
      if (t.count == 0 && !pillage_extra_open(t)) pop();
      break;
    }
  }
}

void state::apply(const action& a) {
  // The offers open before it, to tell which ones the move ended without an answer.
  const std::array<offer, max_offers> open = offers_;
  const int open_count = offer_count_;
  apply_move(a);
  note_lapsed_offers(std::span(open.data(), static_cast<std::size_t>(open_count)), a);
}

void state::note_lapsed_offers(std::span<const offer> open, const action& a) {
  if (over_) return;   // the end's own lines say why everything stopped
  const kind k = static_cast<kind>(a.kind);
  for (const offer& o : open) {
    bool still_open = false;
    for (int i = 0; i < offer_count_; ++i) still_open = still_open || offers_[i].id == o.id;
    // An answer, a withdrawal or a brawl over it says its own words; a resignation too.
    const bool answered = (k == kind::accept || k == kind::decline || k == kind::withdraw) && a.args[0] == o.id;
    const bool brawl_over_it = k == kind::brawl && ((a.seat == o.from && a.args[0] == o.to) || (a.seat == o.to && a.args[0] == o.from));
    if (still_open || answered || brawl_over_it || ships_[o.from].out || ships_[o.to].out) continue;
    lapse why = lapse::other;
    // A ship that sets off ends its offers as it starts (before any ambush on the way).
    const bool set_off = k == kind::move && (a.seat == o.from || a.seat == o.to);
    if (set_off || ships_[o.from].location != ships_[o.to].location)
      why = lapse::ships_parted;
    else if ((o.give != no_card && !holds(o.from, o.give)) || (o.give2 != no_card && !holds(o.from, o.give2)) ||
             (o.take != no_card && !holds(o.to, o.take)))
      why = lapse::item_gone;
    else if (k == kind::dockyard)   // the visit closes the market, even for Semyorka who moves on
      why = lapse::dockyard;
    else if (k == kind::intercept || k == kind::ambush || k == kind::brawl)   // a brawl with a third ship
      why = lapse::fight_starts;
    else if (k == kind::pass || engine::has_seat(done_, o.from))   // the proposer's Movement is over
      why = lapse::movement_ends;
    note_(note_kind::offer_lapsed, o.from, no_card, o.to * 8 + static_cast<int>(why));
  }
}

void state::apply_move(const action& a) {
  note_count_ = 0;
  shown_count_ = 0;
  const int s = a.seat;
  const kind k = static_cast<kind>(a.kind);
  if (a.kind == engine::resign_kind) {
    ships_[s].out = true;
    // Its offers, made or received, end (the resignation's line says why); the others stand.
    int open = 0;
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i].from != s && offers_[i].to != s) offers_[open++] = offers_[i];
    offer_count_ = static_cast<std::uint8_t>(open);
    // A resigning seat leaves every choice it was asked: frames of its own are dropped, a fight
    // it is in ends, its turn step ends.
    int kept = 0;
    for (int i = 0; i < frame_count_; ++i)
      if (frames_[i].seat != s || frames_[i].kind == task::ambush_ask || frames_[i].kind == task::brawl_ask) frames_[kept++] = frames_[i];
    frame_count_ = static_cast<std::uint8_t>(kept);
    for (int i = 0; i < frame_count_; ++i)
      if ((frames_[i].kind == task::ambush_ask || frames_[i].kind == task::brawl_ask) && frames_[i].seat == s) frames_[i].seat = 0xff;
    if (fight_.kind != fight_kind::none && (fight_.attacker == s || fight_.defender == s)) {
      // The fight ends with nobody winning; its pending allocations go with it.
      int keep = 0;
      for (int i = 0; i < frame_count_; ++i)
        if (frames_[i].kind == task::ambush_ask || frames_[i].kind == task::brawl_ask) frames_[keep++] = frames_[i];
      frame_count_ = static_cast<std::uint8_t>(keep);
      fight_.winner = -1;
      resume_after_fight();
    }
    if (active_ == s && (phase_ == phase::movement || phase_ == phase::delivery)) {
      done_ = static_cast<std::uint8_t>(done_ | seat_bit(s));
      moving_ = false;
      attempt_ = no_card;
      in_dockyard_ = false;
    }
    advance();
    return;
  }
  ship& sh = ships_[s];
  if (frame_count_ && !((top().kind == task::ambush_ask || top().kind == task::brawl_ask) && fight_.kind != fight_kind::none)) {
    apply_frame(a);
    advance();
    return;
  }
  switch (k) {
    case kind::move:
      begin_move(s, a.args[0]);
      break;
    case kind::pick_up: {
      const card_no c = unwire(a.args[0]);
      for (int i = 0; i < open_.size; ++i)
        if (open_.cards[i] == c) open_.take(i);
      for (int b = 0; b < bay_count(s); ++b)
        if (sh.bays[b].empty()) {
          sh.bays[b] = bay{c, 0, false};
          break;
        }
      ++sh.picked;
      break;
    }
    case kind::dockyard:
      void_offers();
      offer_count_ = 0;
      sh.docked = true;
      in_dockyard_ = true;
      dock_step_ = 1;
      break;
    case kind::dismiss: {
      const card_no c = unwire(a.args[0]);
      give_up(s, c, note_kind::discarded);
      dock_step_ = 1;
      break;
    }
    case kind::view_cantina: {
      dock_step_ = 2;
      dock_viewed_ = true;
      frame f;
      f.kind = task::keep_one;
      f.seat = static_cast<std::uint8_t>(s);
      f.flags = frame_optional | frame_dock;
      for (int i = 0; i < 2 && !cantina_[0].empty(); ++i) f.looked[f.look_count++] = cantina_[0].pop();
      push(f);
      break;
    }
    case kind::install: {
      const card_no c = unwire(a.args[0]);
      remove_card(s, c);
      gain_card(s, c, true);
      dock_step_ = 3;
      break;
    }
    case kind::reveal:
      reveal_contract();
      dock_step_ = 5;
      break;
    case kind::intercept: {
      if (!arrived_) sh.spent = static_cast<std::uint8_t>(sh.spent + 2);
      arrived_ = false;
      start_fight(fight_kind::combat, fight_from::intercept, s, a.args[0]);
      break;
    }
    case kind::repair: {
      const card_no src = unwire(a.args[0]);
      const card_no t = unwire(a.args[1]);
      sh.bays[bay_of(s, t)].damage = 0;   // the action's own line says it ("… repairs …")
      if (src != no_card && in_locker(s, src)) {
        bool once = false;
        for (const ability& x : card_of(src).abilities)
          if (x.kind == prim::repair && (x.flags & flag_once)) once = true;
        if (once) {
          remove_card(s, src);
          to_bottom(src);
          show(src);
          note_(note_kind::discarded, s, src);
        }
      }
      if (src == no_card) sh.free_repaired = true;   // Allmacht's
      if (fight_.kind == fight_kind::combat) {
        const int sb = src == no_card ? -1 : bay_of(s, src);   // (no card: not an empty bay)
        if (sb >= 0) {
          std::uint8_t& used = s == fight_.attacker ? fight_.repaired_a : fight_.repaired_d;
          used = static_cast<std::uint8_t>(used | (1u << sb));
        }
        next_fight_step();
      } else if (fight_.kind == fight_kind::none) {
        if (const int sb = src == no_card ? -1 : bay_of(s, src); sb >= 0)
          sh.repaired_bays = static_cast<std::uint16_t>(sh.repaired_bays | (1u << sb));
      }
      break;
    }
    case kind::press: {
      const int choice = a.args[0];
      if (choice == 0) {
        end_fight(-1);
      } else if (choice == 1) {
        if (fight_.kind == fight_kind::combat && fight_.step == fight_step::attacker_decides) fight_.step = fight_step::defender_decides;
        else start_round();
      } else if (choice == 2) {
        const fight_from from = fight_.from;
        const std::uint8_t origin = fight_.origin;
        const int att = fight_.attacker, def = fight_.defender;
        const auto notes = fight_.notes;
        const auto count = fight_.note_count;
        fight_ = fight_state{};
        fight_.origin = origin;
        start_fight(fight_kind::boarding, from, att, def);
        fight_.notes = notes;
        fight_.note_count = count;
      } else {
        // Hold the ambushed ship: it does not arrive / leave.
        if (frame_count_ && top().kind == task::ambush_ask) top().value = 2;
        note_(note_kind::held, fight_.defender);
        end_fight(fight_.attacker);
      }
      break;
    }
    case kind::escape:
      escape_roll(s, unwire(a.args[0]), unwire(a.args[1]));
      break;
    case kind::stay:
      // A ship with no working systems that will not run has lost the ship combat ("an
      // attacker who wins ship combat … may initiate a boarding action"): the attacker has
      // the choices of a failed escape. Else staying would keep it from ever being boarded.
      if (working_systems(s) == 0) {
        fight_.escape_failed = true;
        fight_.step = fight_step::after_escape;
        break;
      }
      start_round();
      break;
    case kind::equip: {
      const card_no item = unwire(a.args[0]);
      const int side = side_of(s);
      remove_card(s, item);
      show(item);
      fight_.kit[side][fight_.kit_count[side]++] = kit_entry{item, static_cast<std::uint8_t>(bay_of(s, unwire(a.args[1]))), false};
      break;
    }
    case kind::fight:
      if (fight_.step == fight_step::equip_attacker) fight_.step = fight_step::equip_defender;
      else melee_round();
      break;
    case kind::heal: {
      const card_no src = unwire(a.args[0]);
      const int tb = bay_of(s, unwire(a.args[1]));
      const int side = side_of(s);
      // The source's heal amount (a Trauma Kit restores 2), at least 1, never past full health.
      int amount = 0;
      for (const ability& h : card_of(src).abilities)
        if (h.kind == prim::heal) amount = std::max(amount, static_cast<int>(h.amount));
      sh.bays[tb].damage = static_cast<std::uint8_t>(std::max(0, sh.bays[tb].damage - std::max(1, amount)));
      if (const int sb = bay_of(s, src); sb >= 0) {
        // A healer's ability: used for this round.
        std::uint8_t& used = side == 0 ? fight_.repaired_a : fight_.repaired_d;
        used = static_cast<std::uint8_t>(used | (1u << sb));
        if (fight_.step == fight_step::repair_defender || fight_.step == fight_step::repair_attacker) next_fight_step();
        break;
      }
      std::uint8_t& healed = side == 0 ? fight_.healed_a : fight_.healed_d;
      healed = static_cast<std::uint8_t>(healed | (1u << tb));
      // A medkit is used up.
      bool found = false;
      for (int i = 0; i < fight_.kit_count[side]; ++i)
        if (fight_.kit[side][i].item == src) {
          fight_.kit[side][i].item = no_card;
          found = true;
        }
      if (!found) remove_card(s, src);
      to_bottom(src);
      show(src);
          note_(note_kind::discarded, s, src);
      if (fight_.step == fight_step::repair_defender || fight_.step == fight_step::repair_attacker) next_fight_step();
      break;
    }
    case kind::propose: {
      offer o;
      o.id = next_offer_;
      next_offer_ = static_cast<std::uint8_t>(next_offer_ == 255 ? 1 : next_offer_ + 1);
      o.from = static_cast<std::uint8_t>(s);
      o.to = static_cast<std::uint8_t>(a.args[0]);
      o.give = a.args[1] ? from_wire(s, s, a.args[1]) : no_card;
      o.take = a.args[2] ? from_wire(s, o.to, a.args[2]) : no_card;
      o.take_arg = a.args[2];
      o.give2 = a.argc > 3 && a.args[3] ? from_wire(s, s, a.args[3]) : no_card;
      // The target sees the face-down items offered to it (View.offers).
      for (card_no c : {o.give, o.give2})
        if (c != no_card && in_locker(s, c)) reveal(c);
      offers_[offer_count_++] = o;
      ++proposals_;
      break;
    }
    case kind::accept: {
      offer o{};
      for (int i = 0; i < offer_count_; ++i)
        if (offers_[i].id == a.args[0]) { o = offers_[i]; offers_[i] = offers_[--offer_count_]; }
      auto hand_over = [&](card_no c, int from, int to) {
        if (c == no_card) return;
        if (is_contract(c)) {
          ships_[from].bays[bay_of(from, c)] = bay{};
          // The receiver needs an open bay; without one the cargo goes under the deck.
          bool placed = false;
          for (int b = 0; b < bay_count(to); ++b)
            if (ships_[to].bays[b].empty()) {
              ships_[to].bays[b] = bay{c, 0, false};
              placed = true;
              break;
            }
          if (!placed) {
            to_bottom(c);
            note_(note_kind::cargo_to_deck, to, c);   // a cargo is public: everyone may read it
          }
          return;
        }
        const int b = bay_of(from, c);
        const std::uint8_t dmg = b >= 0 ? ships_[from].bays[b].damage : 0;
        remove_card(from, c);
        gain_card(to, c, true);
        if (const int nb = bay_of(to, c); nb >= 0) ships_[to].bays[nb].damage = dmg;
      };
      hand_over(o.give, o.from, o.to);
      hand_over(o.give2, o.from, o.to);
      hand_over(o.take, o.to, o.from);
      exchanged_[o.to] = trade_cards{o.give, o.give2, o.take};
      if (traded_count_ < max_proposals) traded_[traded_count_++] = o.id;
      ships_[o.from].traded = static_cast<std::uint8_t>(ships_[o.from].traded | seat_bit(o.to));
      void_offers();
      if (a.argc > 1 && a.args[1] == 1) {
        // The target brawls right after the exchange ("a player may initiate a brawl before or
        // after exchanging items in a trade"); it spends the trade as the proposer's would.
        start_fight(fight_kind::brawl, fight_from::trade, o.to, o.from);
        fight_.trade = exchanged_[o.to];
        ships_[o.from].traded = static_cast<std::uint8_t>(ships_[o.from].traded & ~seat_bit(o.to));
      }
      break;
    }
    case kind::decline:
    case kind::withdraw: {
      for (int i = 0; i < offer_count_; ++i)
        if (offers_[i].id == a.args[0]) {
          if (declined_count_ < max_declined) {
            declined_[declined_count_] = offers_[i];
            declined_[declined_count_++].withdrawn = k == kind::withdraw;
          }
          offers_[i] = offers_[--offer_count_];
          break;
        }
      break;
    }
    case kind::brawl: {
      // A trade brawl: what both sides brought to the open offer, or to the exchange the two
      // ships made this Movement, is at stake.
      const int other = a.args[0];
      trade_cards stake = exchanged_[s == active_ ? other : s];
      for (int i = 0; i < offer_count_; ++i) {
        const offer& o = offers_[i];
        if ((o.from == s && o.to == other) || (o.from == other && o.to == s)) stake = trade_cards{o.give, o.give2, o.take};
      }
      start_fight(fight_kind::brawl, fight_from::trade, s, other);
      fight_.trade = stake;
      // One brawl a trade: it spends the trade it follows, or a crew that heals could brawl
      // the same ship again and again and the Movement would never end.
      ships_[s].traded = static_cast<std::uint8_t>(ships_[s].traded & ~seat_bit(other));
      ships_[other].traded = static_cast<std::uint8_t>(ships_[other].traded & ~seat_bit(s));
      break;
    }
    case kind::deliver:
    case kind::bury:
      open_brawl_window(s, unwire(a.args[0]), k == kind::bury);
      break;
    case kind::play: {
      const card_no c = unwire(a.args[0]);
      give_up(s, c, note_kind::played);
      // Every ability it prints happens, in order ("Repair every disabled ship system; every
      // crew member recovers fully"; "...; +1 movement this turn").
      for (const ability& x : card_of(c).abilities) {
        switch (x.kind) {
          case prim::gain_movement: sh.bonus = static_cast<std::int8_t>(sh.bonus + x.amount); break;
          case prim::reveal_contract:
            for (int i = 0; i < std::max<int>(1, x.amount); ++i) reveal_contract();
            break;
          case prim::draw_cantina: draw_cantina(s, static_cast<int>(x.deck), std::max<int>(1, x.amount)); break;
          case prim::repair_all:
            for (bay& b : sh.bays)
              if (!b.empty() && !is_contract(b.card) && card_of(b.card).kind == card_kind::ship_system) b.damage = 0;
            break;
          case prim::heal_all:
            for (bay& b : sh.bays)
              if (!b.empty() && !is_contract(b.card) && card_of(b.card).kind == card_kind::crew) b.damage = 0;
            break;
          case prim::reputation: rep_change(s, x.amount); break;
          case prim::move_dockyard:
            dockyard_ = static_cast<std::uint8_t>(a.args[2]);
            note_(note_kind::dockyard, s, no_card, dockyard_);
            break;
          case prim::steal_item: {
            const int o = a.args[1];
            const int n = ships_[o].weapons.size + ships_[o].storage.size;
            const card_no got = from_wire(s, o, -(1 + static_cast<int>(random_.below(static_cast<std::uint32_t>(n)))));
            remove_card(o, got);
            gain_card(s, got, false);
            note_(note_kind::stolen, s);
            void_offers();
            break;
          }
          case prim::auto_escape:
            note_(note_kind::escaped, s);
            end_fight(-1);
            break;
          default: break;
        }
      }
      // Played at a fight's repair or heal step: on to the next step when nothing is left to do.
      if (fight_.kind != fight_kind::none && (fight_.step == fight_step::repair_defender || fight_.step == fight_step::repair_attacker))
        next_fight_step();
      break;
    }
    case kind::pass:
      if (fight_.kind != fight_kind::none) {
        fight_.step = fight_.step == fight_step::repair_defender ? fight_step::repair_attacker : fight_step::attacker_decides;
        next_fight_step();
      } else if (in_dockyard_) {
        in_dockyard_ = false;
        dock_step_ = 0;
        // The Dockyard ends the Movement, except for Semyorka (keeps its movement left).
        if (sh.affiliation != static_cast<int>(syndicate::semyorka)) end_movement();
      } else if (phase_ == phase::movement) {
        end_movement();
      } else {
        end_delivery();
      }
      break;
    default: break;
  }
  void_offers();
  advance();
}

}  // namespace starport::scoundrels
