// Explicit positions, the choices partly made (docs/scenarios.md, "Race to the Terminus"):
// whether `picks_left`, `looked` / `put_back` (an ability's look, the Start Step's Farsight
// looks, a Bustle's Upgrades) and `chaotic` (a Chaotic System's offers) fit the part they
// name. The probe in validate (position.cpp) then checks the choice they leave is open;
// position_choices.cpp places them.
#include <algorithm>
#include <cstdlib>
#include <string>

#include "engine/terminus/position_choices.hpp"
#include "engine/terminus/state.hpp"

namespace starport::terminus::positions {

using engine::refuse;
using engine::rule_error;

namespace {

// A Chaotic System's offers still to decide (`chaotic`): a face-up Chaotic System is on the
// Star Chart, and the seats listed are still in, with a Complication to look at, in
// Initiative order from its holder.
verdict offers_fit(int seats, const pb::Position& position, const pb::ResolvingPosition& in) {
  bool chaotic_system = false;
  card_id id = 0;
  for (const pb::ChartPosition& cp : position.star_chart())
    chaotic_system = chaotic_system || (!cp.face_down() && find_card(cp.system(), id) && card(id).has(keyword::chaotic));
  // OPENING: the Chaotic Starting System revealed (resolving_fits checks it is one).
  if (!chaotic_system && position.resolving().source() != pb::ResolvingPosition::OPENING)
    return refuse(rule_error::bad_options, "resolving.chaotic: no face-up Chaotic System on the Star Chart");
  unsigned listed = 0;
  int last = -1;
  for (std::uint32_t s : in.chaotic()) {
    if (s >= static_cast<std::uint32_t>(seats) || (listed >> s & 1u) || position.seats(static_cast<int>(s)).out() ||
        position.seats(static_cast<int>(s)).complication_pile_size() == 0)
      return refuse(rule_error::bad_options,
                    "resolving.chaotic: seats still in, each once, each with a Complication Pile to look at");
    const int place = static_cast<int>((s + static_cast<std::uint32_t>(seats) - position.initiative()) % static_cast<std::uint32_t>(seats));
    if (place <= last)
      return refuse(rule_error::bad_options, "resolving.chaotic: the seats decide in Initiative order, from its holder");
    last = place;
    listed |= 1u << s;
  }
  return engine::ok();
}

}  // namespace

// The fields of a choice partly made (`picks_left`, `looked`, `put_back`, `chaotic`) fit the
// part they name; the probe in validate checks the choice they leave is open.
verdict partial_fits(int seats, const pb::Position& position) {
  using R = pb::ResolvingPosition;
  const R& r = position.resolving();
  for (const R* n = &r; n->has_nested(); n = &n->nested())
    if (partly_made(*n))
      return refuse(rule_error::bad_options,
                    "resolving.picks_left, looked, put_back, chaotic: only the innermost choice (no `nested` under it) is partly made");
  for (const R* n = &r; n; n = n->has_nested() ? &n->nested() : nullptr)
    if (n->waiting_looks_size() && (n != &r || !farsight_look(position)))
      return refuse(rule_error::bad_options,
                    "resolving.waiting_looks: only under the Start Step's Farsight look (STEP, a Farsight `card`, `looked`)");
  for (const R* n = &r; n; n = n->has_nested() ? &n->nested() : nullptr)
    if (n->waiting_backslides_size() && (n != &r || r.source() != R::BACKSLIDE))
      return refuse(rule_error::bad_options, "resolving.waiting_backslides: only under a Backslide's offers (BACKSLIDE)");
  const R& in = innermost(r);
  if (!partly_made(in)) return engine::ok();
  const int who = chooser(position);
  card_id id = 0;
  if (r.source() == R::BACKSLIDE || r.source() == R::OPENING) {
    if (in.picks_left() || in.looked_size() || in.put_back_size())
      return refuse(rule_error::bad_options,
                    r.source() == R::BACKSLIDE
                        ? "resolving.picks_left, looked, put_back: a Backslide's Discovery leaves only the Chaotic offers (`chaotic`)"
                        : "resolving.picks_left, looked, put_back: the Opening's reveal leaves only the Chaotic offers (`chaotic`)");
    return offers_fit(seats, position, in);
  }
  if (r.source() == R::BUSTLE) {
    // The Upgrades a Bustle looked at (Reputation 0 or more, two or more in the Pile then).
    const pb::SeatPosition& sp = position.seats(who);
    for (const std::string& n : in.looked())
      if (!find_card(n, id) || card(id).type != card_type::module)
        return refuse(rule_error::bad_options, "resolving.looked: a Bustle looks at Upgrades (Module cards of the pool)");
    if (in.picks_left() || in.put_back_size() || in.chaotic_size() || in.looked_size() < 2 || in.looked_size() > 3 ||
        (in.looked_size() < 3 && sp.upgrade_pile_size() > 0) || sp.reputation() < 0)
      return refuse(rule_error::bad_options,
                    "resolving.looked: a Bustle looks at the top 3 Upgrades (2 when the Pile held only 2: none left in "
                    "it), with Reputation 0 or more; nothing else is partly made");
    return engine::ok();
  }
  if (farsight_look(position)) {
    // The Start Step's Farsight: the Ship's largest Farsight card looks; the Ships before it
    // looked already, a later Ship's look (its cards taken) would wait under it.
    find_card(r.card(), id);
    const pb::SeatPosition& sp = position.seats(who);
    const int n = std::min<int>(4, card(id).farsight);
    if (in.picks_left() || in.chaotic_size() || in.looked_size() == 0 || in.looked_size() + in.put_back_size() > n)
      return refuse(rule_error::bad_options,
                    "resolving.looked: a Farsight look holds at least one card and no more than its Farsight X");
    if (in.put_back_size() && in.looked_size() < 2)
      return refuse(rule_error::bad_options,
                    "resolving.put_back: two or more cards are still to order once some are put back (the last goes by itself)");
    for (const auto* names : {&in.looked(), &in.put_back()})
      for (const std::string& name : *names)
        if (card_id c = 0; !find_card(name, c) || card(c).type != card_type::action)
          return refuse(rule_error::bad_options, "resolving.looked, put_back: the cards looked at are Action cards of the pool");
    auto best = [&](const pb::ShipPosition& sh, bool& holds) {
      int x = 0;
      for (const auto* list : {&sh.modules(), &sh.crew()})
        for (const pb::CardPosition& m : *list)
          if (card_id c = 0; !m.face_down() && find_card(m.name(), c) && card(c).has(keyword::farsight)) {
            x = std::max<int>(x, card(c).farsight);
            holds = holds || c == id;
          }
      return x;
    };
    bool holds = false;
    if (r.ship() >= static_cast<std::uint32_t>(sp.ships_size()) || best(sp.ships(static_cast<int>(r.ship())), holds) > card(id).farsight || !holds)
      return refuse(rule_error::bad_options,
                    "resolving.card: a Farsight look is the largest face-up Farsight card of the active seat's Ship `ship`");
    // The Start Step makes the looks from the last Ship on, each taking its cards at once: a
    // later Ship with Farsight took all of its X before this look took any, and waits under it.
    int w = 0, later_ships = 0;
    for (int k = static_cast<int>(r.ship()) + 1; k < sp.ships_size(); ++k) {
      const int x = best(sp.ships(k), holds);
      if (x == 0) continue;
      ++later_ships;
      if (w >= r.waiting_looks_size() || r.waiting_looks(w).ship() != static_cast<std::uint32_t>(k)) continue;
      const pb::WaitingLook& later = r.waiting_looks(w++);
      for (const std::string& name : later.looked())
        if (card_id c = 0; !find_card(name, c) || card(c).type != card_type::action)
          return refuse(rule_error::bad_options, "resolving.waiting_looks.looked: the cards taken are Action cards of the pool");
      if (later.looked_size() != std::min(4, x))
        return refuse(rule_error::bad_options,
                      "resolving.waiting_looks.looked: a waiting look holds its Ship's Farsight X cards (4 at most), "
                      "taken before this look took any");
    }
    if (w != r.waiting_looks_size() || w != later_ships)
      return refuse(rule_error::bad_options,
                    "resolving.waiting_looks: each later Ship of the active seat with a face-up Farsight card has its "
                    "look waiting under this one, in Ship order (and no other Ship)");
    return engine::ok();
  }
  when at = when::none;
  if (!innermost_card(position, id, at))
    return refuse(rule_error::bad_options,
                  "resolving.picks_left, looked, put_back, chaotic: only an ability's part (ACTION, CASCADE, STEP, "
                  "OVERRIDE, or one nested) or a Bustle's look is partly made");
  const std::uint32_t part = in.effect();
  const effect* e = part < static_cast<std::uint32_t>(max_effects) && card(id).effects[part].present() &&
                            card(id).effects[part].at == at
                        ? &card(id).effects[part]
                        : nullptr;
  if (in.picks_left()) {
    const bool pick = e && (e->kind == op::morale || e->kind == op::disable_module || e->kind == op::enable_module ||
                            e->kind == op::destroy_module || e->kind == op::kill_recruit ||
                            e->kind == op::flip_recruit || e->kind == op::rally_recruit);
    const int n = e ? picks(*e) : 0;
    if (!pick || (e->flags & flag_each) || e->who == target::this_card || e->who == target::each_opponent ||
        e->who == target::each_ship || in.picks_left() >= static_cast<std::uint32_t>(n) || in.looked_size() ||
        in.put_back_size() || in.chaotic_size())
      return refuse(rule_error::bad_options,
                    "resolving.picks_left: part `effect` picks 2 or more cards one at a time (Modules to disable, "
                    "enable or destroy, Members to kill, flip or rally; a Morale effect picks one Member), and fewer are left than it picks");
    if (e->who == target::opponent && (r.has_nested() || (r.source() != R::ACTION && r.source() != R::CASCADE)))
      return refuse(rule_error::bad_options,
                    "resolving.picks_left: a pick on an opponent Ship needs the Ship its Action or Cascade card targets");
    return engine::ok();
  }
  if (in.looked_size() || in.put_back_size()) {
    for (const auto* names : {&in.looked(), &in.put_back()})
      for (const std::string& n : *names)
        if (!find_card(n, id) || card(id).type != card_type::action)
          return refuse(rule_error::bad_options, "resolving.looked, put_back: the cards looked at are Action cards of the pool");
    const int n = e && e->kind == op::look_actions ? std::min(4, std::max(1, std::abs(static_cast<int>(e->amount)))) : 0;
    if (n == 0 || in.looked_size() == 0 || in.looked_size() + in.put_back_size() > n || in.chaotic_size())
      return refuse(rule_error::bad_options,
                    "resolving.looked: part `effect` looks at the top of the Action Pile; `looked` and `put_back` hold "
                    "at least one card and no more than it looks at");
    if (in.put_back_size() && in.looked_size() < 2)
      return refuse(rule_error::bad_options,
                    "resolving.put_back: two or more cards are still to order once some are put back (the last goes by itself)");
    return engine::ok();
  }
  // A Chaotic System's offer: the part before `effect` moved a Ship or replaced a System.
  const effect* before = nullptr;
  for (std::uint32_t k = 0; k < part && k < static_cast<std::uint32_t>(max_effects); ++k)
    if (card(id).effects[k].present() && card(id).effects[k].at == at) before = &card(id).effects[k];
  const bool discovers = before && (before->kind == op::proximity || before->kind == op::bury_system ||
                                    (before->kind == op::special && before->named == special::local_coup));
  if (!discovers)
    return refuse(rule_error::bad_options,
                  "resolving.chaotic: the part before `effect` makes a Discovery (it moves a Ship or replaces a System; a "
                  "Backslide's Discovery is source BACKSLIDE)");
  return offers_fit(seats, position, in);
}

}  // namespace starport::terminus::positions
