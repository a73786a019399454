// Who must act, the legal actions of each seat, check and apply.
#include <algorithm>
#include <tuple>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::has_seat;
using engine::make_action;
using engine::refuse;
using engine::rule_error;
using engine::seat_bit;

namespace {

action act(int seat, kind k) { return make_action(seat, static_cast<std::uint16_t>(k)); }
action act(int seat, kind k, std::int32_t a) { return make_action(seat, static_cast<std::uint16_t>(k), a); }
action act(int seat, kind k, std::int32_t a, std::int32_t b) {
  action x = act(seat, k, a);
  x.argc = 2;
  x.args[1] = b;
  return x;
}
action act(int seat, kind k, std::int32_t a, std::int32_t b, std::int32_t c) {
  action x = act(seat, k, a, b);
  x.argc = 3;
  x.args[2] = c;
  return x;
}
action act4(int seat, kind k, std::int32_t a, std::int32_t b, std::int32_t c, std::int32_t d) {
  action x = act(seat, k, a, b, c);
  x.argc = 4;
  x.args[3] = d;
  return x;
}

bool is_window(task t) { return t == task::ambush_ask || t == task::brawl_ask; }

}  // namespace

// ---- Whose move ------------------------------------------------------------------------------

seat_mask state::must_act() const {
  if (over_) return 0;
  if (frame_count_ && !(is_window(top().kind) && fight_.kind != fight_kind::none)) return seat_bit(top().seat);
  if (fight_.kind != fight_kind::none) {
    switch (fight_.step) {
      case fight_step::equip_attacker:
      case fight_step::repair_attacker:
      case fight_step::attacker_decides:
      case fight_step::after_escape: return seat_bit(fight_.attacker);
      case fight_step::equip_defender:
      case fight_step::repair_defender:
      case fight_step::defender_decides: return seat_bit(fight_.defender);
      default: return 0;
    }
  }
  if ((phase_ == phase::movement || phase_ == phase::delivery) && active_ < seats_) {
    seat_mask m = seat_bit(active_);
    for (int i = 0; i < offer_count_; ++i) m = static_cast<seat_mask>(m | seat_bit(offers_[i].to));
    return m;
  }
  return 0;
}

seat_mask state::may_act() const { return 0; }

// Who offers whom is public (View.offers), so a stopped clock tells nobody anything. Only
// while the target is asked for its answer: someone's clock always runs.
seat_mask state::awaiting_answer() const {
  const seat_mask must = must_act();
  seat_mask m = 0;
  for (int i = 0; i < offer_count_; ++i)
    if (has_seat(must, offers_[i].to)) m = static_cast<seat_mask>(m | seat_bit(offers_[i].from));
  return static_cast<seat_mask>(m & must);
}

// ---- Legal actions ---------------------------------------------------------------------------

card_no state::unwire(std::int32_t w) const {
  const int n = ids_.copy_of(w, static_cast<std::size_t>(bribe_base_) + c_->bribes.size());
  return n < 0 ? no_card : static_cast<card_no>(n);
}

// A card of `owner` named by `actor`: its id if the actor may identify it, -(1 + index) in
// the owner's hidden list (weapons locker, storage locker, captain's log) otherwise.
card_no state::from_wire(int actor, int owner, std::int32_t w) const {
  if (w > 0) {
    const card_no n = unwire(w);
    if (n == no_card) return no_card;
    if (actor != owner && in_locker(owner, n)) return no_card;   // hidden to the actor: by index only
    return n;
  }
  if (w < 0) {
    int i = -w - 1;
    const ship& sh = ships_[owner];
    for (const locker* l : {&sh.weapons, &sh.storage, &sh.log}) {
      if (i < l->size) return l->cards[i];
      i -= l->size;
    }
  }
  return no_card;
}

// How another seat names a card of `owner`: -(1 + index) in its hidden list when it is face
// down in a locker, else its id.
std::int32_t state::blind_wire(int owner, card_no c) const {
  int i = 0;
  const ship& sh = ships_[owner];
  for (const locker* l : {&sh.weapons, &sh.storage, &sh.log})
    for (card_no x : l->items()) {
      if (x == c) return -(1 + i);
      ++i;
    }
  return wire(c);
}

// What may change hands in a trade: cargo and small items; ship systems at the Dockyard.
bool state::tradable(int s, card_no n, bool at_dockyard) const {
  if (n == no_card || !holds(s, n)) return false;
  if (is_contract(n)) return bay_of(s, n) >= 0;
  if (is_bribe(n)) return false;
  const card& c = card_of(n);
  if (is_small_item(c.kind)) return true;
  if (c.kind == card_kind::ship_system) return at_dockyard && bay_of(s, n) >= 0;
  return false;
}

void state::movement_actions(int s, std::vector<action>& out) const {
  const ship& sh = ships_[s];
  const bool crew = conscious_crew(s);
  if (in_dockyard_) {
    out.push_back(act(s, kind::pass));
    if (dock_step_ <= 1) {
      for (int b = 0; b < max_bays; ++b)
        if (!sh.bays[b].empty() && !is_contract(sh.bays[b].card) && !sh.bays[b].captain)
          out.push_back(act(s, kind::dismiss, wire(sh.bays[b].card)));
      for (card_no c : sh.log.items())
        if (!is_bribe(c) && (card_of(c).kind == card_kind::crew || card_of(c).kind == card_kind::ship_system))
          out.push_back(act(s, kind::dismiss, wire(c)));
    }
    if (dock_step_ <= 2 && !dock_viewed_ && !cantina_[0].empty()) out.push_back(act(s, kind::view_cantina));
    if (dock_step_ <= 3 && open_bays(s) > 0)
      for (card_no c : sh.log.items())
        if (!is_bribe(c) && (card_of(c).kind == card_kind::crew || card_of(c).kind == card_kind::ship_system))
          out.push_back(act(s, kind::install, wire(c)));
    if (dock_step_ <= 4 && open_.empty() && !contract_deck_.empty()) out.push_back(act(s, kind::reveal));
    return;
  }
  out.push_back(act(s, kind::pass));
  // Open offers: the proposer may withdraw.
  for (int i = 0; i < offer_count_; ++i)
    if (offers_[i].from == s) out.push_back(act(s, kind::withdraw, offers_[i].id));
  const int left = movement_left(s);
  if (crew && left >= 1)
    for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l)
      if (adjacent(sh.location, l)) out.push_back(act(s, kind::move, l));
  if (crew && open_bays(s) > 0 && (sh.picked == 0 || sh.affiliation == static_cast<int>(syndicate::fidanza)))
    for (card_no c : open_.items())
      if (contract_of(c).origin == sh.location) out.push_back(act(s, kind::pick_up, wire(c)));
  if (crew && sh.location == dockyard_ && !sh.docked) out.push_back(act(s, kind::dockyard));
  const bool deep = c_->board.locations[sh.location].kind == loc_kind::deep_space;
  if (crew && deep && (ship_attack(s) > 0 || forced_boarding(s)) && (arrived_ || left >= 2))
    for (int o = 0; o < seats_; ++o)
      if (o != s && !ships_[o].out && ships_[o].location == sh.location && !((sh.attacked >> o) & 1u))
        out.push_back(act(s, kind::intercept, o));
  // Repairs: once per Movement from a system or crew ability, items, Allmacht's free one.
  for (int b = 0; b < max_bays; ++b) {
    const card_no t = sh.bays[b].card;
    if (t == no_card || is_contract(t) || sh.bays[b].damage == 0 || card_of(t).kind != card_kind::ship_system) continue;
    if (repair_source(s, no_card, t)) out.push_back(act(s, kind::repair, 0, wire(t)));
    for (int sb = 0; sb < max_bays; ++sb) {
      const card_no src = sh.bays[sb].card;
      if (src != no_card && !is_contract(src) && repair_source(s, src, t)) out.push_back(act(s, kind::repair, wire(src), wire(t)));
    }
    for (card_no src : sh.storage.items())
      if (repair_source(s, src, t)) out.push_back(act(s, kind::repair, wire(src), wire(t)));
  }
  // Trades and brawls with ships here.
  const bool dock = sh.location == dockyard_;
  bool offering = false;
  for (int i = 0; i < offer_count_; ++i)
    if (offers_[i].from == s) offering = true;
  for (int o = 0; o < seats_; ++o) {
    if (o == s || ships_[o].out || ships_[o].location != sh.location) continue;
    bool offered = (sh.traded >> o) & 1u;
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i].to == o) offered = true;
    if (offered && crew && conscious_crew(o)) out.push_back(act(s, kind::brawl, o));
    if (offering || declined_count_ >= max_declined || proposals_ >= max_proposals) continue;
    // Single items each way, and one-for-one swaps of a cargo or item (small lists only).
    std::array<std::int32_t, 16> mine{}, theirs{};
    int nm = 0, nt = 0;
    for (int b = 0; b < max_bays && nm < 16; ++b)
      if (tradable(s, sh.bays[b].card, dock)) mine[nm++] = wire(sh.bays[b].card);
    for (const locker* l : {&sh.weapons, &sh.storage})
      for (card_no c : l->items())
        if (nm < 16) mine[nm++] = wire(c);
    const ship& other = ships_[o];
    for (int b = 0; b < max_bays && nt < 16; ++b)
      if (tradable(o, other.bays[b].card, dock)) theirs[nt++] = wire(other.bays[b].card);
    for (int i = 0; i < other.weapons.size + other.storage.size && nt < 16; ++i) theirs[nt++] = -(1 + i);
    auto declined = [&](std::int32_t g, std::int32_t t) {
      for (int i = 0; i < declined_count_; ++i) {
        const offer& d = declined_[i];
        if (d.to == o && (d.give == no_card ? 0 : wire(d.give)) == g && d.take_arg == t && d.give2 == no_card)
          return true;
      }
      return false;
    };
    for (int i = 0; i < nm; ++i)
      if (!declined(mine[i], 0)) out.push_back(act4(s, kind::propose, o, mine[i], 0, 0));
    for (int j = 0; j < nt; ++j)
      if (!declined(0, theirs[j])) out.push_back(act4(s, kind::propose, o, 0, theirs[j], 0));
    for (int i = 0; i < nm && i < 4; ++i)
      for (int j = 0; j < nt && j < 4; ++j)
        if (!declined(mine[i], theirs[j])) out.push_back(act4(s, kind::propose, o, mine[i], theirs[j], 0));
  }
  // Favors and bribes that may be played now.
  for (card_no c : sh.log.items()) {
    const card& k = card_of(c);
    if (k.kind != card_kind::favor) continue;
    const ability& a = k.abilities[0];
    switch (a.kind) {
      case prim::gain_movement:
      case prim::reveal_contract:
      case prim::draw_cantina: out.push_back(act(s, kind::play, wire(c), -1, 0)); break;
      case prim::repair_all:
      case prim::heal_all: {
        // Shipyard Debt repairs and heals: playable when either would do something.
        bool does = false;
        for (const ability& x : k.abilities)
          for (const bay& b : sh.bays) {
            if (b.empty() || is_contract(b.card) || !b.damage) continue;
            const card_kind bk = card_of(b.card).kind;
            does = does || (x.kind == prim::repair_all && bk == card_kind::ship_system) ||
                   (x.kind == prim::heal_all && bk == card_kind::crew);
          }
        if (does) out.push_back(act(s, kind::play, wire(c), -1, 0));
        break;
      }
      case prim::reputation:
        if (sh.rep > 0) out.push_back(act(s, kind::play, wire(c), -1, 0));
        break;
      case prim::move_dockyard:
        for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l)
          if (c_->board.locations[l].dockyard && l != dockyard_) out.push_back(act(s, kind::play, wire(c), -1, l));
        break;
      case prim::steal_item:
        for (int o = 0; o < seats_; ++o)
          if (o != s && !ships_[o].out && ships_[o].location == sh.location && ships_[o].weapons.size + ships_[o].storage.size > 0)
            out.push_back(act(s, kind::play, wire(c), o, 0));
        break;
      default: break;
    }
  }
}

void state::fight_actions(int s, std::vector<action>& out) const {
  const fight_state& f = fight_;
  const int side = side_of(s);
  const ship& sh = ships_[s];
  switch (f.step) {
    case fight_step::equip_attacker:
    case fight_step::equip_defender: {
      out.push_back(act(s, kind::fight));
      for (int b = 0; b < max_bays; ++b) {   // any conscious crew member (rulebook "Melee")
        if (!working(s, b) || card_of(sh.bays[b].card).kind != card_kind::crew) continue;
        for (const locker* l : {&sh.weapons, &sh.storage})
          for (card_no c : l->items()) {
            const card_kind k = card_of(c).kind;
            if ((k == card_kind::firearm || k == card_kind::explosive || k == card_kind::armour || k == card_kind::medkit) &&
                f.kit_count[side] < max_kit)
              out.push_back(act(s, kind::equip, wire(c), wire(sh.bays[b].card)));
          }
      }
      [[fallthrough]];
    }
    case fight_step::repair_defender:
    case fight_step::repair_attacker: {
      if (f.step == fight_step::repair_defender || f.step == fight_step::repair_attacker) out.push_back(act(s, kind::pass));
      if (f.kind == fight_kind::combat) {
        for (int b = 0; b < max_bays; ++b) {
          const card_no t = sh.bays[b].card;
          if (t == no_card || is_contract(t) || !sh.bays[b].damage || card_of(t).kind != card_kind::ship_system) continue;
          if (repair_source(s, no_card, t)) out.push_back(act(s, kind::repair, 0, wire(t)));   // Allmacht's
          for (int sb = 0; sb < max_bays; ++sb) {
            const card_no src = sh.bays[sb].card;
            if (src != no_card && !is_contract(src) && repair_source(s, src, t)) out.push_back(act(s, kind::repair, wire(src), wire(t)));
          }
          for (card_no src : sh.storage.items())
            if (repair_source(s, src, t)) out.push_back(act(s, kind::repair, wire(src), wire(t)));
        }
      } else {
        for (int b = 0; b < max_bays; ++b) {
          const card_no t = sh.bays[b].card;
          if (t == no_card || is_contract(t) || card_of(t).kind != card_kind::crew || !sh.bays[b].damage) continue;
          for (int i = 0; i < f.kit_count[side]; ++i)
            if (f.kit[side][i].item != no_card && heal_source(s, f.kit[side][i].item, t)) out.push_back(act(s, kind::heal, wire(f.kit[side][i].item), wire(t)));
          for (card_no src : sh.storage.items())
            if (heal_source(s, src, t)) out.push_back(act(s, kind::heal, wire(src), wire(t)));
          for (int sb = 0; sb < max_bays; ++sb) {
            const card_no src = sh.bays[sb].card;
            if (src != no_card && !is_contract(src) && heal_source(s, src, t)) out.push_back(act(s, kind::heal, wire(src), wire(t)));
          }
        }
      }
      // A favor that mends all the fight hurts (Maintenance Credit and Shipyard Debt repair
      // every disabled system; Shipyard Debt's crew recover fully): its text sets no time, and
      // the rulebook repairs "after allocating damage" and heals "the same round damage is taken".
      if (f.step == fight_step::repair_defender || f.step == fight_step::repair_attacker) {
        const bool combat = f.kind == fight_kind::combat;
        const prim mends = combat ? prim::repair_all : prim::heal_all;
        if (has_damaged(s, combat ? card_kind::ship_system : card_kind::crew))
          for (card_no c : sh.log.items()) {
            if (card_of(c).kind != card_kind::favor) continue;
            for (const ability& x : card_of(c).abilities)
              if (x.kind == mends) {
                out.push_back(act(s, kind::play, wire(c), -1, 0));
                break;
              }
          }
      }
      break;
    }
    case fight_step::attacker_decides:
      out.push_back(act(s, kind::press, 0));
      // No further round past the last: repairs and heals could otherwise match the hits for
      // ever while the attacker fights on, and the table would wait on one fight.
      if (f.round < max_fight_rounds &&
          (f.kind != fight_kind::combat || combat_damage(f.attacker, f.defender) > 0 || forced_boarding(f.attacker)))
        out.push_back(act(s, kind::press, 1));
      break;
    case fight_step::defender_decides: {
      out.push_back(act(s, kind::escape, 0, 0));
      std::array<card_no, max_bays> hyper{};
      int nh = 0;
      for (int b = 0; b < max_bays; ++b)
        if (working(s, b) && card_of(sh.bays[b].card).kind == card_kind::ship_system)
          for (const ability& a : card_of(sh.bays[b].card).abilities)
            if (a.kind == prim::hyperdrive) { hyper[nh++] = sh.bays[b].card; break; }
      for (int i = 0; i < nh; ++i) out.push_back(act(s, kind::escape, wire(hyper[i]), 0));
      for (int i = 0; i < nh; ++i)
        for (int j = i + 1; j < nh; ++j)
          out.push_back(act(s, kind::escape, wire(std::min(hyper[i], hyper[j])), wire(std::max(hyper[i], hyper[j]))));
      out.push_back(act(s, kind::stay));
      for (card_no c : sh.log.items())
        if (card_of(c).kind == card_kind::favor && card_of(c).abilities[0].kind == prim::auto_escape)
          out.push_back(act(s, kind::play, wire(c), -1, 0));
      break;
    }
    case fight_step::after_escape: {
      out.push_back(act(s, kind::press, 0));
      if (f.round < max_fight_rounds && (combat_damage(f.attacker, f.defender) > 0 || forced_boarding(f.attacker)))
        out.push_back(act(s, kind::press, 1));
      if (conscious_crew(f.attacker) && conscious_crew(f.defender)) out.push_back(act(s, kind::press, 2));
      const bool ambush = f.from == fight_from::ambush_departure || f.from == fight_from::ambush_arrival;
      if (ambush && working_systems(f.defender) == 0) out.push_back(act(s, kind::press, 3));
      break;
    }
    default: break;
  }
}

void state::frame_actions(const frame& f, std::vector<action>& out) const {
  const int s = f.seat;
  const ship& sh = ships_[s];
  switch (f.kind) {
    case task::keep_one: {
      // At the Dockyard a card is kept only if the ship can pay for it with what it has.
      const bool payable = !(f.flags & frame_dock) || dock_payers_of(s, no_card).can_pay(2);
      if (payable)
        for (int i = 0; i < f.look_count; ++i) {
          out.push_back(act(s, kind::choose, wire(f.looked[i])));
          // A reward ship system or crew member with an open bay: installed ([card]) or kept
          // in the captain's log ([card, -1]).
          if ((f.flags & frame_reward) && !is_bribe(f.looked[i]) && open_bays(s) > 0 &&
              (card_of(f.looked[i]).kind == card_kind::ship_system || card_of(f.looked[i]).kind == card_kind::crew))
            out.push_back(act(s, kind::choose, wire(f.looked[i]), -1));
        }
      if (f.flags & frame_optional) out.push_back(act(s, kind::pass));
      break;
    }
    case task::dock_cost: {
      // The kept card is not offered as its own payment: that would be keeping none (the keep
      // was offered only when the ship could pay without it).
      const card_no kept = f.look_count ? f.looked[0] : no_card;
      if (f.count == 2) {
        for (const bay& b : sh.bays)
          if (pays_as_card(s, b.card, kept)) out.push_back(act(s, kind::choose, wire(b.card)));
        for (card_no c : sh.log.items())
          if (pays_as_card(s, c, kept)) out.push_back(act(s, kind::choose, wire(c)));
      }
      // Two small items: the first only when a second is there to follow.
      if (f.count == 1 || dock_payers_of(s, kept).items >= 2)
        for (const locker* l : {&sh.weapons, &sh.storage})
          for (card_no c : l->items())
            if (c != kept) out.push_back(act(s, kind::choose, wire(c)));
      break;
    }
    case task::pick_deck:
      for (int k = 0; k < colour_count; ++k)
        if ((f.mask >> k) & 1u) out.push_back(act(s, kind::choose, k));
      break;
    case task::allocate:
      for (int b = 0; b < max_bays; ++b) {
        const bay& x = sh.bays[b];
        if (x.empty()) continue;
        if (is_contract(x.card)) {
          if (f.flags & frame_cargo) out.push_back(act(s, kind::allocate, wire(x.card)));
          continue;
        }
        const card_kind k = card_of(x.card).kind;
        if (f.flags & frame_crew) {
          if (k == card_kind::crew && x.damage < 2 && !((f.hit_mask >> b) & 1u)) out.push_back(act(s, kind::allocate, wire(x.card)));
        } else if (k == card_kind::ship_system && x.damage == 0) {
          out.push_back(act(s, kind::allocate, wire(x.card)));
        }
      }
      break;
    case task::lose_item:
      for (const locker* l : {&sh.weapons, &sh.storage})
        for (card_no c : l->items()) out.push_back(act(s, kind::choose, wire(c)));
      break;
    case task::affiliate:
      out.push_back(act(s, kind::affiliate, 0));
      if (may_affiliate(s, f.value)) out.push_back(act(s, kind::affiliate, 1));
      break;
    case task::ambush_ask:
      out.push_back(act(s, kind::ambush, 0));
      out.push_back(act(s, kind::ambush, 1));
      break;
    case task::brawl_ask:
      out.push_back(act(s, kind::brawl, -1));
      if (conscious_crew(s)) out.push_back(act(s, kind::brawl, f.target));
      for (card_no c : sh.log.items())
        if (card_of(c).kind == card_kind::favor && card_of(c).abilities[0].kind == prim::stop_delivery)
          out.push_back(act(s, kind::play, wire(c), f.target, 0));
      break;
    case task::encounter_ask:
      out.push_back(act(s, kind::pass));
      for (card_no c : sh.log.items())
        if (card_of(c).kind == card_kind::favor && card_of(c).abilities[0].kind == prim::cancel_encounter)
          out.push_back(act(s, kind::play, wire(c), -1, 0));
      break;
    case task::pillage: {
      // Rulebook "Melee": each conscious crew member of the winner takes one item (`count`
      // left), and the winner may also take one cargo (boarding) or the stake (a brawl).
      out.push_back(act(s, kind::pillage, 0));
      const ship& loser = ships_[f.target];
      const int side = side_of(f.target);
      if (f.count > 0) {
        if (fight_.kind == fight_kind::boarding)
          for (int i = 0; i < loser.weapons.size + loser.storage.size; ++i) out.push_back(act(s, kind::pillage, -(1 + i)));
        for (int i = 0; i < fight_.kit_count[side]; ++i)
          if (fight_.kit[side][i].item != no_card && !(fight_.kit[side][i].used && card_of(fight_.kit[side][i].item).kind == card_kind::explosive))
            out.push_back(act(s, kind::pillage, wire(fight_.kit[side][i].item)));
      }
      if (!(f.mask & 1u)) {
        if (fight_.kind == fight_kind::boarding && open_bays(s) > 0)
          for (const bay& b : loser.bays)
            if (!b.empty() && is_contract(b.card)) out.push_back(act(s, kind::pillage, wire(b.card)));
        if (fight_.from == fight_from::trade) {
          // An item in the loser's lockers is face down: named by its place, as a boarding's are.
          for (card_no c : {fight_.trade.give, fight_.trade.give2, fight_.trade.take})
            if (trade_item_open(s, f.target, c)) out.push_back(act(s, kind::pillage, blind_wire(f.target, c)));
        } else if (stake_open(s, f.target)) {
          out.push_back(act(s, kind::pillage, wire(fight_.stake)));
        }
      }
      break;
    }
  }
}

void state::legal_actions(int seat, std::vector<action>& out) const {
  out.clear();
  if (over_ || seat < 0 || seat >= seats_ || !has_seat(must_act(), seat)) return;
  if (frame_count_ && !(is_window(top().kind) && fight_.kind != fight_kind::none)) {
    frame_actions(top(), out);
  } else if (fight_.kind != fight_kind::none) {
    fight_actions(seat, out);
  } else if (seat == active_ && phase_ == phase::movement) {
    movement_actions(seat, out);
  } else if (seat == active_ && phase_ == phase::delivery) {
    const ship& sh = ships_[seat];
    // A cargo's delivery and burial, when it may be made here.
    auto attempts = [&](card_no c) {
      bool here = false;
      for (std::uint8_t l : contract_of(c).deliver_to)
        if (l == sh.location) here = true;
      if (!here) return;
      const bool deliverable = can_deliver(seat, c);
      if (deliverable) out.push_back(act(seat, kind::deliver, wire(c)));
      if (deliverable || sh.affiliation >= 0) out.push_back(act(seat, kind::bury, wire(c)));
    };
    const bool may = conscious_crew(seat) && !delivery_stopped_;
    // A held cargo comes first and must be attempted (rulebook "Delivery": the thief "must
    // attempt to deliver/bury it on their turn"); one it cannot attempt goes back at PASS.
    if (may && sh.held_cargo != no_card) attempts(sh.held_cargo);
    if (out.empty()) {   // nothing held to attempt first: the usual step
      out.push_back(act(seat, kind::pass));
      if (may)
        for (const bay& b : sh.bays)
          if (!b.empty() && is_contract(b.card)) attempts(b.card);
    }
  }
  // An offer's target answers it (while its proposer plays its Movement).
  if (!frame_count_ && fight_.kind == fight_kind::none && phase_ == phase::movement)
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i].to == seat) {
        out.push_back(act(seat, kind::accept, offers_[i].id));
        out.push_back(act(seat, kind::decline, offers_[i].id));
        // A brawl before the exchange, or [offer id, 1]: after it (rulebook "Melee").
        if (conscious_crew(seat) && conscious_crew(offers_[i].from)) {
          out.push_back(act(seat, kind::brawl, offers_[i].from));
          out.push_back(act(seat, kind::accept, offers_[i].id, 1));
        }
      }
  std::sort(out.begin(), out.end(), [](const action& a, const action& b) {
    return std::tie(a.kind, a.argc, a.args) < std::tie(b.kind, b.argc, b.args);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

action state::timeout_action(int seat) const {
  std::vector<action> legal;
  legal_actions(seat, legal);
  if (legal.empty()) return make_action(seat, engine::resign_kind);
  // The mildest answer: pass, decline, ready to fight, stay freelance, let ships pass, end
  // the fight, stop pillaging, roll to escape without burning anything.
  auto find = [&](kind k, bool any, std::int32_t arg0) -> const action* {
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(k) && (any || (a.argc > 0 && a.args[0] == arg0))) return &a;
    return nullptr;
  };
  for (const action* a : {find(kind::pass, true, 0), find(kind::decline, true, 0), find(kind::fight, true, 0),
                          find(kind::affiliate, false, 0), find(kind::ambush, false, 0), find(kind::brawl, false, -1),
                          find(kind::press, false, 0), find(kind::pillage, false, 0), find(kind::escape, false, 0)})
    if (a) return *a;
  return legal.front();
}

// ---- Check -----------------------------------------------------------------------------------

verdict state::check(const action& a) const {
  if (a.kind == engine::resign_kind) {
    if (over_) return refuse(rule_error::game_over, "the game is over");
    if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat");
    if (a.argc != 0) return refuse(rule_error::bad_argument, "resign takes no arguments");
    if (ships_[a.seat].out) return refuse(rule_error::illegal_action, "this ship is already out");
    return engine::ok();
  }
  return check_(a);
}

verdict state::check_(const action& a) const {
  if (over_) return refuse(rule_error::game_over, "the game is over");
  if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat");
  if (a.kind >= kind_count) return refuse(rule_error::unknown_action, "unknown action");
  if (!has_seat(must_act(), a.seat)) return refuse(rule_error::not_your_turn, "this seat has nothing to do now");
  static thread_local std::vector<action> legal;
  legal_actions(a.seat, legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return engine::ok();
  // Offers beyond the listed ones: any cargo or small items, a second item given.
  if (a.kind == static_cast<std::uint16_t>(kind::propose) && a.argc == 4 && phase_ == phase::movement &&
      a.seat == active_ && !in_dockyard_ && !frame_count_ && fight_.kind == fight_kind::none) {
    const int o = a.args[0];
    if (o < 0 || o >= seats_ || o == a.seat || ships_[o].out || ships_[o].location != ships_[a.seat].location)
      return refuse(rule_error::bad_argument, "offers go to a ship at your location");
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i].from == a.seat) return refuse(rule_error::illegal_action, "one open offer at a time");
    if (declined_count_ >= max_declined || proposals_ >= max_proposals)
      return refuse(rule_error::illegal_action, "no more offers this Movement");
    const bool dock = ships_[a.seat].location == dockyard_;
    const card_no g = a.args[1] ? from_wire(a.seat, a.seat, a.args[1]) : no_card;
    const card_no t = a.args[2] ? from_wire(a.seat, o, a.args[2]) : no_card;
    const card_no g2 = a.args[3] ? from_wire(a.seat, a.seat, a.args[3]) : no_card;
    if ((a.args[1] && !tradable(a.seat, g, dock)) || (a.args[3] && (!tradable(a.seat, g2, dock) || g2 == g)) ||
        (a.args[2] && !tradable(o, t, dock)))
      return refuse(rule_error::bad_argument, "an offer names cargo or small items (ship systems at the Dockyard) of the two ships");
    if (!a.args[1] && !a.args[2]) return refuse(rule_error::bad_argument, "an offer gives or asks for something");
    if (!a.args[1] && a.args[3]) return refuse(rule_error::bad_argument, "name the first item given first");
    for (int i = 0; i < declined_count_; ++i) {
      const offer& d = declined_[i];
      if (d.to == o && d.give == g && d.take_arg == a.args[2] && d.give2 == g2)
        return refuse(rule_error::illegal_action, "that offer was declined this Movement");
    }
    return engine::ok();
  }
  if ((a.kind == static_cast<std::uint16_t>(kind::deliver) || a.kind == static_cast<std::uint16_t>(kind::bury)) &&
      phase_ == phase::delivery && a.seat == active_ && delivery_stopped_ && !frame_count_ && fight_.kind == fight_kind::none)
    return refuse(rule_error::illegal_action, "your delivery was stopped this phase: no more deliveries or burials until next turn's Delivery");
  return refuse(rule_error::illegal_action, "not a legal action now");
}

}  // namespace starport::scoundrels
