// Explicit positions, a Backslide's Discovery (docs/scenarios.md, "Race to the Terminus"):
// `resolving.source` BACKSLIDE states the Chaotic offers the state check's Discovery left
// as the Aftermath Step ended, and `waiting_backslides` what the active seat's other Ships,
// whose Backslides ended in the same Step, left under them. Whether it fits the position,
// and placing it as the flow leaves it.
#include <string>
#include <vector>

#include "engine/terminus/position_choices.hpp"
#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::refuse;
using engine::rule_error;

namespace {

bool reveals(card_id id) {
  for (const effect& e : card(id).effects)
    if (e.present() && e.at == when::reveal) return true;
  return false;
}

// The Gig `name` joined Ship `sh` and its "when revealed" ability is still to come: a
// face-up Member of the Ship with such an ability.
bool gig_waits(const pb::ShipPosition& sh, const std::string& name) {
  card_id id = 0;
  if (!find_card(name, id) || !reveals(id)) return false;
  for (const pb::CardPosition& m : sh.crew())
    if (card_id c = 0; !m.face_down() && find_card(m.name(), c) && c == id) return true;
  return false;
}

// The face-up System of the Star Chart at Proximity `at` (false: none there).
bool system_at(const pb::Position& position, std::uint32_t at, card_id& id) {
  for (const pb::ChartPosition& cp : position.star_chart())
    if (cp.proximity() == at && !cp.face_down() && find_card(cp.system(), id)) return true;
  return false;
}

// The Backslides waiting under the open one: the active seat's other Ships, each once, in
// Ship order, out of Backslide; an earlier Ship's Discovery (the engine makes them in Ship
// order, so the last is open) of a System that has something to come, at its own
// Proximity; a Gig whose ability is to come.
verdict waiting_fit(const pb::Position& position) {
  const pb::ResolvingPosition& r = position.resolving();
  const pb::SeatPosition& act = position.seats(static_cast<int>(position.active_seat()));
  std::vector<std::uint32_t> discovered{act.ships(static_cast<int>(r.ship())).proximity()};
  int last = -1;
  for (const pb::WaitingBackslide& w : r.waiting_backslides()) {
    if (w.ship() >= static_cast<std::uint32_t>(act.ships_size()) || static_cast<int>(w.ship()) <= last || w.ship() == r.ship())
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides.ship: the active seat's other Ships, each once, in Ship order");
    last = static_cast<int>(w.ship());
    const pb::ShipPosition& x = act.ships(last);
    if (x.backslide())
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides.ship: a Ship out of its Backslide (it ended in this Aftermath Step)");
    if (!w.discovery() && w.card().empty())
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides: a waiting Backslide leaves its Discovery (`discovery`) or its Gig's "
                    "ability (`card`)");
    if (!w.card().empty() && !gig_waits(x, w.card()))
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides.card: a face-up Member of Ship `ship` with a \"when revealed\" ability "
                    "(the Gig that joined)");
    if (!w.discovery()) continue;
    if (w.ship() > r.ship())
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides.discovery: only an earlier Ship's (a lower `ship` than the open one's): "
                    "the Discoveries are made in Ship order, the last one's offers on top");
    card_id id = 0;
    if (!system_at(position, x.proximity(), id) || (!card(id).has(keyword::chaotic) && !reveals(id)))
      return refuse(rule_error::bad_options,
                    "resolving.waiting_backslides.discovery: a face-up System at the Ship's Proximity on the Star Chart, "
                    "Chaotic or with a \"when revealed\" ability");
    for (std::uint32_t at : discovered)
      if (at == x.proximity())
        return refuse(rule_error::bad_options,
                      "resolving.waiting_backslides.discovery: one Discovery a Proximity (a later Ship there found the "
                      "System placed)");
    discovered.push_back(x.proximity());
  }
  return engine::ok();
}

}  // namespace

namespace positions {

// BACKSLIDE: the Aftermath Step's Backslide left the active seat's Ship `ship` where the Star
// Chart had no System, and the state check's Discovery placed a Chaotic System there; its
// offers wait, over the "when revealed" ability of the Gig that joined, if it has one, and
// over what the other Ships' Backslides left (`waiting_backslides`).
verdict backslide_fits(const pb::Position& position) {
  const pb::ResolvingPosition& r = position.resolving();
  const pb::SeatPosition& act = position.seats(static_cast<int>(position.active_seat()));
  if (position.step() != pb::END_STEP)
    return refuse(rule_error::bad_options, "resolving: BACKSLIDE is decided in END_STEP (the Aftermath Step is over)");
  if (r.ship() >= static_cast<std::uint32_t>(act.ships_size()))
    return refuse(rule_error::bad_options, "resolving.ship: BACKSLIDE names the active seat's Ship that backslid");
  const pb::ShipPosition& sh = act.ships(static_cast<int>(r.ship()));
  card_id id = 0;
  if (!system_at(position, sh.proximity(), id) || !card(id).has(keyword::chaotic) || sh.backslide())
    return refuse(rule_error::bad_options,
                  "resolving.ship: BACKSLIDE's Ship is out of its Backslide, at the Proximity of a face-up Chaotic System "
                  "on the Star Chart (its Discovery placed it there)");
  if (r.chaotic_size() == 0)
    return refuse(rule_error::bad_options, "resolving.chaotic: a Backslide's Discovery states the seats still to decide its offers");
  if (!r.card().empty() && !gig_waits(sh, r.card()))
    return refuse(rule_error::bad_options,
                  "resolving.card: BACKSLIDE's card is a face-up Member of Ship `ship` with a \"when revealed\" ability "
                  "(the Gig that joined, its ability waiting under the offers)");
  return waiting_fit(position);
}

}  // namespace positions

// As the flow leaves them: the Aftermath Step brought the Gigs in Ship order (their
// abilities lowest), then the state check made the Discoveries in Ship order, each pushing
// its offers and then its System's "when revealed" ability. The open Ship's offers go on
// top (place_resolving); false when a stated card is not there.
bool state::place_backslides(const pb::Position& position) {
  const pb::ResolvingPosition& r = position.resolving();
  const int open = static_cast<int>(r.ship());
  auto gig = [&](int k, const std::string& name) {
    card_id cid = 0;
    if (name.empty()) return true;
    const copy_id c = find_card(name, cid) ? in_play(active_, k, cid, when::reveal) : no_card;
    if (c != no_card) push_triggers_of(active_, k, c, when::reveal);
    return c != no_card;
  };
  for (int k = 0, w = 0; k < max_ships; ++k) {
    const bool listed = w < r.waiting_backslides_size() && r.waiting_backslides(w).ship() == static_cast<std::uint32_t>(k);
    if (k == open ? !gig(k, r.card()) : listed && !gig(k, r.waiting_backslides(w).card())) return false;
    w += listed;
  }
  for (const pb::WaitingBackslide& w : r.waiting_backslides()) {
    if (!w.discovery() || w.ship() >= static_cast<std::uint32_t>(max_ships)) continue;
    const ship& x = players_[active_].ships[w.ship()];
    const copy_id c = x.present && x.proximity > 0 && x.proximity < terminus ? chart_[x.proximity] : no_card;
    if (c == no_card) return false;
    // As place_system: every seat still in, from the Initiative holder (on top).
    if (card_of(c).has(keyword::chaotic))
      for (int s = seats_ - 1; s >= 0; --s) offer_chaotic((initiative_ + s) % seats_);
    push_triggers_of(active_, static_cast<int>(w.ship()), c, when::reveal);
  }
  return true;
}

// The offers of the last waiting Discovery lie right under the open ones when its System has
// no "when revealed" ability between them: how many (0 for any other choice).
int state::offers_just_under(const pb::Position& position) const {
  const pb::ResolvingPosition& r = position.resolving();
  int offers = 0;
  for (int s = 0; s < seats_; ++s) offers += !players_[s].out && !players_[s].complications.empty();
  if (r.source() == pb::ResolvingPosition::OPENING) {
    // The waiting Starting Systems, from the next in Initiative order: each Chaotic one with
    // no "when revealed" ability puts its offers right under, up to the first with an ability.
    const int open = static_cast<int>(position.active_seat());
    int n = 0;
    for (int k = (open - initiative_ + seats_) % seats_ + 1; k < seats_; ++k) {
      const player& p = players_[(initiative_ + k) % seats_];
      if (p.out || p.starting_system == no_card) continue;
      if (has_effect_at(p.starting_system, when::reveal)) break;
      if (card_of(p.starting_system).has(keyword::chaotic)) n += offers;
    }
    return n;
  }
  if (r.source() != pb::ResolvingPosition::BACKSLIDE) return 0;
  const pb::WaitingBackslide* last = nullptr;
  for (const pb::WaitingBackslide& w : r.waiting_backslides())
    if (w.discovery()) last = &w;
  if (!last || last->ship() >= static_cast<std::uint32_t>(max_ships)) return 0;
  const ship& x = players_[active_].ships[last->ship()];
  const copy_id c = x.present && x.proximity > 0 && x.proximity < terminus ? chart_[x.proximity] : no_card;
  if (c == no_card || !card_of(c).has(keyword::chaotic) || has_effect_at(c, when::reveal)) return 0;
  return offers;
}

}  // namespace starport::terminus
