// Explicit positions (docs/scenarios.md, "Race to the Terminus"): validating a Position
// and dealing the state it states, the Cascade included. The stated choices (`resolving`,
// nested and partly made ones) are checked and placed in position_choices.cpp.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/terminus/position_choices.hpp"
#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::refuse;
using engine::rule_error;
using positions::cascade_ability;
using positions::chooser;
using positions::innermost;
using positions::partial_fits;
using positions::partly_made;
using positions::resolving_closed;
using positions::resolving_fits;

namespace {
bool in_turn(int st) {
  return st == pb::START_STEP || st == pb::REGROUP_STEP || st == pb::PLAY_STEP || st == pb::AFTERMATH_STEP ||
         st == pb::END_STEP;
}
}  // namespace


verdict state::validate(int seats, const pb::Options& options, const pb::Position& position) {
  if (verdict v = validate(seats, options); !v) return v;
  if (position.seats_size() != seats)
    return refuse(rule_error::bad_options, "the position needs one entry per seat");
  if (position.initiative() >= static_cast<std::uint32_t>(seats) ||
      position.active_seat() >= static_cast<std::uint32_t>(seats))
    return refuse(rule_error::bad_options, "the Initiative holder and the active seat must be seats");
  const bool turn_step = in_turn(position.step());
  switch (position.step()) {
    case pb::STEP_UNSPECIFIED: case pb::MODULE_DRAFT: case pb::RECRUIT_DRAFT: case pb::STARTING_SYSTEM:
    case pb::MULLIGAN_STEP: case pb::ENTROPY_STEP:
    case pb::DESTINY_STEP: case pb::START_STEP: case pb::REGROUP_STEP: case pb::PLAY_STEP:
    case pb::AFTERMATH_STEP: case pb::END_STEP: case pb::CLEANUP_STEP: break;
    default:
      return refuse(rule_error::bad_options,
                    "a position starts at MODULE_DRAFT, RECRUIT_DRAFT, STARTING_SYSTEM, MULLIGAN_STEP, ENTROPY_STEP, "
                    "DESTINY_STEP, a step of a Turn (START_STEP to END_STEP) or CLEANUP_STEP");
  }
  std::array<int, max_players> cards{};
  card_id named_card = 0;   // the pool card of the name looked up last
  auto named = [&](int s, const std::string& name) {
    if (!find_card(name, named_card)) return false;
    ++cards[static_cast<std::size_t>(s)];
    return true;
  };
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    if (sp.ships_size() > max_ships) return refuse(rule_error::bad_options, "a seat has at most 3 Ships");
    for (int k = 0; k < sp.ships_size(); ++k) {
      const pb::ShipPosition& sh = sp.ships(k);
      if (sh.modules_size() > max_modules || sh.crew_size() > max_crew)
        return refuse(rule_error::bad_options, "a Ship holds at most 10 Modules and 10 Members");
      if (sh.proximity() >= static_cast<std::uint32_t>(terminus))
        return refuse(rule_error::bad_options, "a Ship's Proximity is 0 to 9");
      for (const auto& m : sh.modules())
        if (!named(s, m.name()) || card(named_card).type != card_type::module)
          return refuse(rule_error::bad_options, "a Ship's Modules must be Module cards of the pool");
      for (const auto& m : sh.crew())
        if (!named(s, m.name()) || card(named_card).type != card_type::recruit)
          return refuse(rule_error::bad_options, "a Crew's Members must be Recruit cards of the pool");
      if (sh.actions_size() > 4) return refuse(rule_error::bad_options, "a Ship holds at most 4 Actions played this Turn");
      if (sh.actions_size() && ((position.step() != pb::PLAY_STEP && position.step() != pb::AFTERMATH_STEP) ||
                                static_cast<std::uint32_t>(s) != position.active_seat()))
        return refuse(rule_error::bad_options,
                      "Actions in play belong to the active seat's Ships in PLAY_STEP or AFTERMATH_STEP");
      for (const std::string& a : sh.actions())
        if (!named(s, a) || card(named_card).type != card_type::action)
          return refuse(rule_error::bad_options, "a Ship's Actions in play must be Action cards of the pool");
      if (sh.action_targets() || sh.action_target_seat() || sh.action_target_ship()) {
        bool aims = false;
        if (sh.actions_size() && find_card(sh.actions(sh.actions_size() - 1), named_card))
          for (const effect& fx : card(named_card).effects) aims = aims || (fx.present() && fx.at == when::play && fx.who == target::opponent);
        const bool resolving_here = position.has_resolving() && position.resolving().source() == pb::ResolvingPosition::ACTION &&
                                    static_cast<std::uint32_t>(k) == position.resolving().ship();
        const std::uint32_t ts = sh.action_target_seat();
        if (!aims || !sh.action_targets() || resolving_here || ts >= static_cast<std::uint32_t>(seats) ||
            ts == static_cast<std::uint32_t>(s) || position.seats(static_cast<int>(ts)).out() ||
            sh.action_target_ship() >= static_cast<std::uint32_t>(std::max(1, position.seats(static_cast<int>(ts)).ships_size())))
          return refuse(rule_error::bad_options,
                        "ships.action_targets: the last Action in play aims at an opponent Ship, a Ship of another seat "
                        "still in the game (while it resolves, state it in `resolving`)");
      }
    }
    auto all_of = [&](const auto& names, std::initializer_list<card_type> types) {
      for (const std::string& n : names) {
        if (!named(s, n)) return false;
        if (std::find(types.begin(), types.end(), card(named_card).type) == types.end()) return false;
      }
      return true;
    };
    using T = card_type;
    if (!all_of(sp.hand(), {T::action, T::complication}) || !all_of(sp.action_pile(), {T::action}) ||
        !all_of(sp.discard(), {T::action}) || !all_of(sp.complication_pile(), {T::complication}) ||
        !all_of(sp.system_pile(), {T::system}) || !all_of(sp.upgrade_pile(), {T::module}) ||
        !all_of(sp.gig_pile(), {T::recruit}) || !all_of(sp.module_pile(), {T::module}) ||
        !all_of(sp.recruit_pile(), {T::recruit}) || !all_of(sp.destiny(), {T::complication}) ||
        !all_of(sp.legacies(), {T::module}))
      return refuse(rule_error::bad_options, "a zone names an unknown card or a card of the wrong type");
    if (!sp.starting_system().empty() && (!named(s, sp.starting_system()) || card(named_card).type != T::system))
      return refuse(rule_error::bad_options, "the Starting System must be a System card");
    if (!sp.draft_pick().empty()) {
      const bool modules = position.step() == pb::MODULE_DRAFT;
      if (!modules && position.step() != pb::RECRUIT_DRAFT)
        return refuse(rule_error::bad_options, "draft_pick belongs to MODULE_DRAFT and RECRUIT_DRAFT");
      if (sp.out()) return refuse(rule_error::bad_options, "a seat that is out does not pick");
      if (!named(s, sp.draft_pick()) || card(named_card).type != (modules ? T::module : T::recruit))
        return refuse(rule_error::bad_options, "draft_pick must be a card of the Draft's type (Module or Recruit)");
    }
    if (sp.complication_pile_size() > pile_size || sp.system_pile_size() > pile_size ||
        sp.upgrade_pile_size() > pile_size || sp.gig_pile_size() > pile_size ||
        sp.module_pile_size() > pile_size || sp.recruit_pile_size() > pile_size ||
        sp.destiny_size() > pile_size || sp.legacies_size() > 2)
      return refuse(rule_error::bad_options, "a Pile holds at most 10 cards (Legacies: 2)");
    if (sp.intel_size() > seats) return refuse(rule_error::bad_options, "Intel is listed by seat");
    if (sp.certainty() > 100 || sp.reputation() > 100 || sp.reputation() < -100)
      return refuse(rule_error::bad_options, "resources are within -100..100");
  }
  for (int s = 0; s < seats; ++s) {
    // A peek still in force: the cards it saw are in that seat's Hand now.
    unsigned peeked = 0;
    for (const pb::PeekPosition& pk : position.seats(s).peeked()) {
      if (pk.seat() >= static_cast<std::uint32_t>(seats) || pk.seat() == static_cast<std::uint32_t>(s) ||
          (peeked >> pk.seat() & 1u) || position.seats(s).out() || position.seats(static_cast<int>(pk.seat())).out())
        return refuse(rule_error::bad_options, "peeked.seat: another seat still in the game, once, by a seat still in it");
      peeked |= 1u << pk.seat();
      if (pk.cards_size() == 0) return refuse(rule_error::bad_options, "peeked.cards: a peek lists the cards it saw");
      if (pk.made_this_turn() && (!in_turn(position.step()) || position.active_seat() != static_cast<std::uint32_t>(s)))
        return refuse(rule_error::bad_options, "peeked.made_this_turn: a peek made in the peeker's own Turn, now under way");
      std::vector<std::string> hand(position.seats(static_cast<int>(pk.seat())).hand().begin(),
                                    position.seats(static_cast<int>(pk.seat())).hand().end());
      for (const std::string& n : pk.cards()) {
        card_id want = 0;
        auto it = std::find_if(hand.begin(), hand.end(), [&](const std::string& h) {
          card_id have = 0;
          return find_card(n, want) && find_card(h, have) && have == want;
        });
        if (it == hand.end())
          return refuse(rule_error::bad_options, "peeked.cards: each card seen is a card of that seat's Hand (once per copy)");
        hand.erase(it);
      }
    }
  }
  for (const pb::ChartPosition& cp : position.star_chart()) {
    if (cp.proximity() < 1 || cp.proximity() >= static_cast<std::uint32_t>(terminus) ||
        cp.owner() >= static_cast<std::uint32_t>(seats))
      return refuse(rule_error::bad_options, "a Star Chart System lies at Proximity 1 to 9 and has an owner seat");
    if (!named(static_cast<int>(cp.owner()), cp.system()) || card(named_card).type != card_type::system)
      return refuse(rule_error::bad_options, "a Star Chart entry must be a System card");
  }
  for (const std::string& n : position.dead_space())
    if (!find_card(n, named_card)) return refuse(rule_error::bad_options, "Dead Space names an unknown card");
  if (position.has_resolving()) {
    if (verdict v = resolving_fits(seats, position); !v) return v;
    if (verdict v = partial_fits(seats, position); !v) return v;
    // The looked-at cards are the chooser's copies too.
    const pb::ResolvingPosition& in = innermost(position.resolving());
    const int who = chooser(position);
    if (who >= 0 && who < seats) cards[static_cast<std::size_t>(who)] += in.looked_size() + in.put_back_size();
    for (const pb::WaitingLook& later : position.resolving().waiting_looks())
      if (who >= 0 && who < seats) cards[static_cast<std::size_t>(who)] += later.looked_size();
  }
  if (position.has_window()) {
    const pb::WindowPosition& w = position.window();
    if (position.step() != pb::DESTINY_STEP && position.step() != pb::PLAY_STEP && position.step() != pb::AFTERMATH_STEP)
      return refuse(rule_error::bad_options,
                    "window: a response window is open at DESTINY_STEP, PLAY_STEP or AFTERMATH_STEP (the Play Step's end)");
    if (w.cascade_size() > max_cascade) return refuse(rule_error::bad_options, "window.cascade holds at most 16 cards");
    if (w.played() && position.step() != pb::DESTINY_STEP)
      return refuse(rule_error::bad_options, "window.played belongs to the Destiny window");
    for (std::uint32_t a : w.answered())
      if (a >= static_cast<std::uint32_t>(seats)) return refuse(rule_error::bad_options, "window.answered lists seats");
    for (int i = 0; i < w.cascade_size(); ++i) {
      const pb::CascadePosition& e = w.cascade(i);
      if (e.seat() >= static_cast<std::uint32_t>(seats) || position.seats(static_cast<int>(e.seat())).out())
        return refuse(rule_error::bad_options, "window.cascade: a card's seat is a seat still in the game");
      const pb::SeatPosition& owner = position.seats(static_cast<int>(e.seat()));
      if (e.ship() >= static_cast<std::uint32_t>(std::max(1, owner.ships_size())))
        return refuse(rule_error::bad_options, "window.cascade: `ship` is one of its player's Ships");
      when at = when::play;
      if (e.ability()) {
        if (verdict v = cascade_ability(position, i, at); !v) return v;
        find_card(e.card(), named_card);
      } else {
        if (!named(static_cast<int>(e.seat()), e.card()) || card(named_card).type != card_type::complication)
          return refuse(rule_error::bad_options, "window.cascade: each card is a Complication of the pool");
        if (card(named_card).is(subtype::destiny) && position.step() != pb::DESTINY_STEP)
          return refuse(rule_error::bad_options, "window.cascade: a Destiny is played only in the Destiny window");
      }
      bool needs = false;
      for (const effect& fx : card(named_card).effects) needs = needs || (fx.present() && fx.at == at && fx.who == target::opponent);
      if (needs != e.targets())
        return refuse(rule_error::bad_options,
                      e.ability() ? "window.cascade: `targets` is set exactly when the ability targets an opponent Ship"
                                  : "window.cascade: `targets` is set exactly when the Complication targets an opponent Ship");
      if (e.targets()) {
        if (e.target_seat() >= static_cast<std::uint32_t>(seats) || e.target_seat() == e.seat() ||
            position.seats(static_cast<int>(e.target_seat())).out() ||
            e.target_ship() >= static_cast<std::uint32_t>(std::max(1, position.seats(static_cast<int>(e.target_seat())).ships_size())))
          return refuse(rule_error::bad_options, "window.cascade: the target is a Ship of another seat still in the game");
      }
    }
  }
  for (int s = 0; s < seats; ++s)
    if (cards[static_cast<std::size_t>(s)] > deck_size)
      return refuse(rule_error::bad_options, "a seat's zones hold at most 60 cards");
  if (turn_step) {
    if (position.turn_order_size() == 0 || position.turn_order(0) != position.active_seat())
      return refuse(rule_error::bad_options, "a Turn's position needs the Turn Tracker, the active seat first");
    unsigned listed = 0;
    for (std::uint32_t t : position.turn_order()) {
      if (t >= static_cast<std::uint32_t>(seats)) return refuse(rule_error::bad_options, "the Turn Tracker lists seats");
      if (listed >> t & 1u) return refuse(rule_error::bad_options, "the Turn Tracker lists a seat once");
      if (position.seats(static_cast<int>(t)).out())
        return refuse(rule_error::bad_options, "a seat that is out has no place on the Turn Tracker");
      listed |= 1u << t;
    }
  } else if (position.turn_order_size() != 0) {
    return refuse(rule_error::bad_options, "the Turn Tracker belongs to the steps of a Turn");
  }
  const bool drafting = position.step() == pb::MODULE_DRAFT || position.step() == pb::RECRUIT_DRAFT;
  if (position.draft_round() > static_cast<std::uint32_t>(draft_picks))
    return refuse(rule_error::bad_options, "a Draft has 3 picks: draft_round is 1 to 3");
  if (position.draft_round() != 0 && !drafting)
    return refuse(rule_error::bad_options, "draft_round belongs to MODULE_DRAFT and RECRUIT_DRAFT");
  int in = 0, to_pick = 0;
  for (const pb::SeatPosition& sp : position.seats()) {
    in += !sp.out();
    if (!sp.out())
      to_pick += (position.step() == pb::MODULE_DRAFT ? sp.module_pile_size() : sp.recruit_pile_size()) +
                 !sp.draft_pick().empty();
  }
  if (drafting && to_pick == 0) return refuse(rule_error::bad_options, "a Draft needs cards in a seat's Pile to pick from");
  if (position.step() == pb::STARTING_SYSTEM) {
    // The Opening: each seat still in chooses from the top 3 of its System Pile in secret;
    // a listed `starting_system` is a choice made already (hidden until every seat chose).
    // The opening hands are drawn after it.
    int to_choose = 0;
    for (const pb::SeatPosition& sp : position.seats()) {
      if (sp.hand_size() != 0)
        return refuse(rule_error::bad_options, "the opening hands are drawn after the Starting System: no hand yet");
      if (sp.starting_system_face_down())
        return refuse(rule_error::bad_options, "a Starting System being chosen is not face down");
      to_choose += !sp.out() && sp.starting_system().empty() && sp.system_pile_size() > 0;
    }
    // OPENING: every seat chose; the Starting Systems are shown and their reveal resolves.
    const bool revealing = position.has_resolving() && position.resolving().source() == pb::ResolvingPosition::OPENING;
    if (to_choose == 0 && !revealing)
      return refuse(rule_error::bad_options,
                    "STARTING_SYSTEM needs a seat still to choose: one with a System Pile and no Starting System yet");
  }
  if (in < 2) return refuse(rule_error::bad_options, "a position needs at least two seats still in the race");
  {
    // A choice of the Entropy or Mulligan Step made already; somebody must still choose.
    const bool entropy = position.step() == pb::STEP_UNSPECIFIED || position.step() == pb::ENTROPY_STEP;
    const bool deciding = entropy || position.step() == pb::MULLIGAN_STEP;
    int any = 0, open = 0;
    for (const pb::SeatPosition& sp : position.seats()) {
      any += sp.decided();
      if (sp.decided() && sp.out()) return refuse(rule_error::bad_options, "decided: a seat that is out has nothing to decide");
      int complications = 0;
      for (const std::string& n : sp.hand()) complications += find_card(n, named_card) && card(named_card).type == card_type::complication;
      open += !sp.out() && !sp.decided() && (!entropy || complications > 0);
    }
    if (any && !deciding) return refuse(rule_error::bad_options, "decided belongs to ENTROPY_STEP and MULLIGAN_STEP");
    for (const pb::SeatPosition& sp : position.seats())
      if (sp.mulligan() != 0 && (position.step() != pb::MULLIGAN_STEP || !sp.decided() ||
                                 sp.mulligan() >= 1u << std::min(sp.hand_size(), opening_hand)))
        return refuse(rule_error::bad_options,
                      "mulligan: a decided seat's choice at MULLIGAN_STEP, a mask of the last 4 cards of its hand");
    if (any && open == 0)
      return refuse(rule_error::bad_options, "decided: nobody is left to choose (an Entropy choice needs a Complication in the Hand); start at the next step");
  }
  for (int s = 0; s < position.seats_size(); ++s)
    if (position.seats(s).shady_extra() &&
        (s != static_cast<int>(position.active_seat()) ||
         !(position.step() == pb::PLAY_STEP || (position.step() == pb::AFTERMATH_STEP && position.has_window()))))
      return refuse(rule_error::bad_options,
                    "shady_extra: the active seat's, at PLAY_STEP or at the Play Step's end (AFTERMATH_STEP with its window)");
  if (position.has_resolving()) {
    // Run it: the stated source must leave its choice open.
    const state probe(seats, options, position, 0);
    const pb::ResolvingPosition& inner = innermost(position.resolving());
    if (partly_made(inner) && !probe.resolving_open(position)) {
      if (inner.chaotic_size())
        return refuse(rule_error::bad_options,
                      "resolving.chaotic: the offers are not the open choice (the part's own choice or effects come first)");
      if (inner.picks_left())
        return refuse(rule_error::bad_options,
                      "resolving.picks_left: the target Ship has no more cards to pick from than are left to pick (else "
                      "they all went at once), or the part cannot pick there");
      return refuse(rule_error::bad_options,
                    position.resolving().source() == pb::ResolvingPosition::BUSTLE
                        ? "resolving.looked: the active seat's primary Ship cannot Bustle now (Crewed, a Bustling System, room)"
                        : "resolving.looked: the look is not the open choice there");
    }
    if (!probe.resolving_open(position))
      return refuse(rule_error::bad_options,
                    position.resolving().has_nested()
                        ? "resolving.nested: no face-up card of that name with that ability on the Ship `ship` of the seat "
                          "resolving, or its effects from that part need no choice"
                        : resolving_closed(position.resolving().source()));
  }
  return engine::ok();
}

state::state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed)
    : random_(seed) {
  seats_ = static_cast<std::uint8_t>(seats);
  initiative_ = static_cast<std::uint8_t>(position.initiative());
  round_limit_ = static_cast<std::uint16_t>(options.round_limit() ? options.round_limit() : default_round_limit);
  round_ = static_cast<std::uint16_t>(position.round() ? position.round() : 1);
  chart_.fill(no_card);
  std::array<int, max_players> next{};
  auto add = [&](int s, const std::string& name) {
    card_id found = 0;
    find_card(name, found);
    const int slot = next[static_cast<std::size_t>(s)]++;
    players_[s].list[slot] = found;
    return make_copy(s, slot);
  };
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    player& p = players_[s];
    p.ships[0].present = true;
    for (int k = 0; k < sp.ships_size(); ++k) {
      const pb::ShipPosition& shp = sp.ships(k);
      ship& sh = p.ships[k];
      sh.present = true;
      sh.proximity = static_cast<std::int8_t>(shp.proximity());
      sh.backslide = shp.backslide();
      sh.had_turn = shp.had_turn();
      sh.gained = shp.gained();
      sh.skip_play = shp.skip_play();
      for (const auto& m : shp.modules()) {
        const copy_id c = add(s, m.name());
        sh.modules[sh.module_count++] = {c, !m.face_down(), static_cast<std::uint8_t>(m.counters()), !m.face_down() || m.known()};
        if (k > 0 && m.name() == shp.runabout()) sh.runabout = c;
      }
      for (const auto& m : shp.crew()) {
        const copy_id c = add(s, m.name());
        const int morale = m.morale() != 0 ? m.morale() : card_of(c).morale;
        sh.crew[sh.crew_count++] = {c, !m.face_down(), static_cast<std::int8_t>(morale),
                                    static_cast<std::uint8_t>(m.counters()), !m.face_down() || m.known()};
      }
      if (k > 0 && sh.runabout == no_card && sh.module_count) sh.runabout = sh.modules[0].card;
      for (const std::string& a : shp.actions()) sh.actions[sh.action_count++] = add(s, a);
      if (shp.action_targets()) {
        sh.target_seat = static_cast<std::uint8_t>(shp.action_target_seat());
        sh.target_ship = static_cast<std::uint8_t>(shp.action_target_ship());
      }
    }
    // Piles are listed top first; a pile's top is its back.
    auto fill = [&](auto& pile_, const auto& names) {
      for (int i = names.size() - 1; i >= 0; --i) pile_.push(add(s, names[i]));
    };
    for (const std::string& n : sp.hand()) p.hand.push(add(s, n));
    fill(p.action_pile, sp.action_pile());
    for (const std::string& n : sp.discard()) p.discard.push(add(s, n));
    fill(p.complications, sp.complication_pile());
    fill(p.systems, sp.system_pile());
    fill(p.upgrades, sp.upgrade_pile());
    fill(p.gigs, sp.gig_pile());
    for (const std::string& n : sp.module_pile()) p.module_pool.push(add(s, n));
    for (const std::string& n : sp.recruit_pile()) p.recruit_pool.push(add(s, n));
    for (const std::string& n : sp.destiny()) p.destiny.push(add(s, n));
    for (const std::string& n : sp.legacies()) p.legacies.push(add(s, n));
    if (!sp.starting_system().empty()) {
      p.starting_system = add(s, sp.starting_system());
      set_system_down(p.starting_system, sp.starting_system_face_down());
    }
    p.certainty = static_cast<std::int8_t>(sp.certainty());
    p.reputation = static_cast<std::int8_t>(sp.reputation());
    for (int o = 0; o < sp.intel_size(); ++o) p.intel[o] = static_cast<std::uint8_t>(sp.intel(o));
    p.out = sp.out();
    p.destiny_locked = sp.destiny_size() > 0;
  }
  // Peeks still in force: the copies seen, first unseen copy of each name in that Hand.
  for (int s = 0; s < seats; ++s)
    for (const pb::PeekPosition& pk : position.seats(s).peeked()) {
      if (pk.seat() >= static_cast<std::uint32_t>(seats)) continue;
      const player& o = players_[pk.seat()];
      std::uint64_t& seen = players_[s].seen_hand[pk.seat()];
      if (pk.made_this_turn()) players_[s].peeks_in_own_turn |= static_cast<std::uint8_t>(1u << pk.seat());
      for (const std::string& n : pk.cards()) {
        card_id want = 0;
        find_card(n, want);
        for (copy_id c : o.hand.items())
          if (index_of(c) == want && !(seen >> slot_of(c) & 1u)) {
            seen |= std::uint64_t{1} << slot_of(c);
            break;
          }
      }
    }
  for (const pb::ChartPosition& cp : position.star_chart()) {
    chart_[cp.proximity()] = add(static_cast<int>(cp.owner()), cp.system());
    set_system_down(chart_[cp.proximity()], cp.face_down());
  }
  // Dead Space cards belong to nobody's deck here: they are given to seat 0's spare slots
  // when there are any (they only show, nothing comes back from Dead Space).
  for (const std::string& n : position.dead_space())
    if (next[0] < deck_size) dead_.push(add(0, n));

  // The Cascade's Complications, face up, and abilities of cards in play (flipped already);
  // the window itself opens once the step is placed.
  for (const pb::CascadePosition& e : position.window().cascade()) {
    const int s = static_cast<int>(e.seat());
    if (e.ability()) {
      card_id cid = 0;
      find_card(e.card(), cid);
      const int k = static_cast<int>(e.ship());
      const bool system = card(cid).type == card_type::system;
      const when at = card(cid).has(keyword::ambush) && !system ? when::ambush : when::exhaust;
      auto on_cascade = [&](copy_id c) {
        for (int j = 0; j < cascade_count_; ++j)
          if (cascade_[j].ability && cascade_[j].card == c) return true;
        return false;
      };
      copy_id c = no_card;
      if (system) {
        c = system_of(s, k);
      } else {
        const ship& x = players_[s].ships[k];
        for (const module_slot& m : x.module_list())
          if (c == no_card && index_of(m.card) == cid && m.face_up == (at == when::ambush) && !on_cascade(m.card)) c = m.card;
        for (const member& m : x.crew_list())
          if (c == no_card && index_of(m.card) == cid && m.face_up == (at == when::ambush) && !on_cascade(m.card)) c = m.card;
      }
      if (c != no_card && cascade_count_ < max_cascade)
        cascade_[cascade_count_++] = cascade_entry{static_cast<std::uint8_t>(s), c, true, at,
                                                   static_cast<std::uint8_t>(e.targets() ? e.target_seat() : 0xff),
                                                   static_cast<std::uint8_t>(e.target_ship()), e.negated(),
                                                   static_cast<std::uint8_t>(k)};
      continue;
    }
    const copy_id c = add(s, e.card());
    if (card_of(c).is(subtype::destiny)) players_[s].destiny_locked = true;
    if (cascade_count_ < max_cascade)
      cascade_[cascade_count_++] = cascade_entry{static_cast<std::uint8_t>(s), c, false, when::play,
                                                 static_cast<std::uint8_t>(e.targets() ? e.target_seat() : 0xff),
                                                 static_cast<std::uint8_t>(e.target_ship()), e.negated(),
                                                 static_cast<std::uint8_t>(e.ship())};
  }
  switch (position.step()) {
    case pb::MODULE_DRAFT:
    case pb::RECRUIT_DRAFT: {
      const bool modules = position.step() == pb::MODULE_DRAFT;
      step_ = modules ? step::module_draft : step::recruit_draft;
      draft_round_ = static_cast<std::uint8_t>(position.draft_round() ? position.draft_round() : 1);
      round_ = 0;
      // A seat with nothing left to pick from sits the Draft out (as between picks).
      for (int s = 0; s < seats; ++s) {
        player& p = players_[s];
        p.decided = p.out || (modules ? p.module_pool.empty() : p.recruit_pool.empty());
        if (!position.seats(s).draft_pick().empty()) {   // picked already, face down
          p.pick = add(s, position.seats(s).draft_pick());
          p.decided = true;
        }
      }
      break;
    }
    case pb::DESTINY_STEP:
      step_ = step::destiny;
      open_window(window::destiny);
      break;
    case pb::STARTING_SYSTEM:
      // The Opening's secret choice: a seat that chose already (or has no System) waits.
      round_ = 0;
      step_ = step::starting_system;
      for (int s = 0; s < seats; ++s) {
        const player& p = players_[s];
        players_[s].decided = p.out || p.systems.empty() || p.starting_system != no_card;
      }
      break;
    case pb::MULLIGAN_STEP:
      // The Opening's hands as listed; every seat still in decides on its mulligan.
      round_ = 0;
      step_ = step::mulligan;
      for (int s = 0; s < seats; ++s) players_[s].decided = players_[s].out;
      break;
    case pb::CLEANUP_STEP:
      // Tidy: every Turn of the round is over.
      step_ = step::cleanup;
      sub_ = 0;
      break;
    case pb::START_STEP:
    case pb::REGROUP_STEP:
    case pb::PLAY_STEP:
    case pb::AFTERMATH_STEP:
    case pb::END_STEP:
      order_count_ = static_cast<std::uint8_t>(position.turn_order_size());
      for (int i = 0; i < order_count_; ++i) {
        order_[i] = static_cast<std::uint8_t>(position.turn_order(i));
        players_[order_[i]].turn_place = static_cast<std::uint8_t>(i + 1);
      }
      begin_turn(static_cast<int>(position.active_seat()));
      if (position.step() != pb::START_STEP) {
        // Straight to that step: no effects of the steps before it, no Regroup draw (the
        // hand is as listed); each of its effects runs from its first part.
        for (ship& x : players_[active_].ships) x.had_turn = x.present;
        step_ = position.step() == pb::REGROUP_STEP ? step::regroup
                : position.step() == pb::PLAY_STEP  ? step::play
                : position.step() == pb::AFTERMATH_STEP ? step::aftermath
                                                        : step::end;
        sub_ = 0;
      }
      break;
    default:
      // The Entropy Step of round `round`: begin_round counts it.
      --round_;
      begin_round();
      break;
  }
  if (step_ == step::entropy || step_ == step::mulligan)
    for (int s = 0; s < seats; ++s) players_[s].decided = players_[s].decided || position.seats(s).decided();
  if (step_ == step::mulligan)
    for (int s = 0; s < seats; ++s) players_[s].mulligan = static_cast<std::uint8_t>(position.seats(s).mulligan());
  players_[active_].shady_extra = position.seats(active_).shady_extra();   // validated: a Turn's PLAY or AFTERMATH
  // A look partly made: the cards put back (top first), then the ones still looked at.
  std::array<copy_id, 8> looked{};
  int looked_count = 0;
  if (position.has_resolving()) {
    const pb::ResolvingPosition& in = innermost(position.resolving());
    const int who = chooser(position);
    for (const auto* names : {&in.put_back(), &in.looked()})
      for (const std::string& n : *names)
        if (looked_count < 4) looked[looked_count++] = add(who, n);
  }
  // The later Ships' Farsight looks waiting under it, their cards in the order listed.
  std::array<copy_id, 8> waiting{};
  int waiting_count = 0;
  for (const pb::WaitingLook& later : position.resolving().waiting_looks())
    for (const std::string& n : later.looked())
      if (waiting_count < static_cast<int>(waiting.size())) waiting[waiting_count++] = add(chooser(position), n);
  const std::span<const copy_id> held(looked.data(), static_cast<std::size_t>(looked_count));
  const std::span<const copy_id> under(waiting.data(), static_cast<std::size_t>(waiting_count));
  if (position.has_resolving()) place_resolving(position, false, held, under);
  if (position.has_window()) {
    // Asked from public information, as open_window does; the listed seats passed already.
    open_window(position.step() == pb::DESTINY_STEP ? window::destiny : window::step_end);
    for (std::uint32_t a : position.window().answered()) answered_ |= engine::seat_bit(static_cast<int>(a));
    window_played_ = position.window().played() || cascade_count_ > 0;
    ask_next();
    if (position.has_resolving()) place_resolving(position, true, held, under);
  }
  advance();
}

// The face-up card `wanted` of seat `s`'s Ship `sh` with an ability at `at`: a Module, a
// Member, the System it is in, or (the primary Ship) a Destiny or Legacy.
copy_id state::in_play(int s, int sh, engine::card_index wanted, when at) const {
  const player& p = players_[s];
  const ship& x = p.ships[sh];
  auto fits = [&](copy_id c) { return c != no_card && index_of(c) == wanted && has_effect_at(c, at); };
  for (const module_slot& m : x.module_list())
    if (m.face_up && fits(m.card)) return m.card;
  for (const member& m : x.crew_list())
    if (m.face_up && fits(m.card)) return m.card;
  const copy_id sys = system_of(s, sh);
  if (fits(sys) && !system_down(sys)) return sys;
  if (sh == 0 && at != when::override) {
    for (copy_id c : p.destiny.items())
      if (fits(c)) return c;
    for (copy_id c : p.legacies.items())
      if (fits(c)) return c;
  }
  return no_card;
}

}  // namespace starport::terminus
