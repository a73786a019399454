#pragma once
// One running game behind a uniform, type-erased face, for the server, the CLI and
// generic tests. `game_info` describes a registered game; `match` is one instance.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/message.h>

#include "engine/core/action.hpp"
#include "engine/core/bot.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"
#include "engine/core/preferences.hpp"

namespace starport::engine {

class match;
using message_ptr = std::unique_ptr<google::protobuf::Message>;

struct game_info {
  std::string_view id;
  std::string_view title;
  int min_seats = 0;
  int max_seats = 0;
  int default_seats = 0;   // what a new table starts with; within min..max
  int rules_version = 0;
  // One shared outcome for the whole table (every seat wins or loses together), so one
  // person may hold several seats of it (docs/protocol.md, "Several seats"). Competitive
  // games leave it false: there a person holds at most one seat.
  bool cooperative = false;
  std::span<const std::string_view> action_names;   // index = kind
  std::span<const bot_entry> bots;                    // "random" first, then the game's own
  std::span<const preference_info> preferences;       // what a seat may have played for it
  // Games with constructed decks (deck.hpp): null for the others. `create` then deals every
  // seat a starter deck chosen from the seed (so playouts, bots and tests need no decks);
  // `create_with_decks` takes one list per seat, each with no deck_rules::problems.
  const deck_rules* decks = nullptr;
  // The game's card kinds, public, by index (what "{card:K}" in log words and a view's card
  // kind name) for a game without constructed decks; deck games use `decks->pool`. `cards()`
  // gives either. Never where a card is: only what each kind is.
  std::span<const pool_card> (*catalog)() = nullptr;
  message_ptr (*new_options)() = nullptr;
  message_ptr (*new_position)() = nullptr;
  message_ptr (*new_view)() = nullptr;
  verdict (*validate)(int seats, const google::protobuf::Message& options) = nullptr;
  verdict (*validate_at)(int seats, const google::protobuf::Message& options,
                         const google::protobuf::Message& position) = nullptr;
  // Precondition: the matching validate said ok.
  std::unique_ptr<match> (*create)(int seats, const google::protobuf::Message& options,
                                   std::uint64_t seed) = nullptr;
  std::unique_ptr<match> (*create_at)(int seats, const google::protobuf::Message& options,
                                      const google::protobuf::Message& position,
                                      std::uint64_t seed) = nullptr;
  std::unique_ptr<match> (*create_with_decks)(int seats, const google::protobuf::Message& options,
                                              std::span<const deck_list> decks,
                                              std::uint64_t seed) = nullptr;

  // For reports: a seat's label (e.g. its faction) and how far a match went (e.g. contests).
  std::string_view progress_name;
  std::string (*seat_label)(const match& m, int seat) = nullptr;
  std::uint32_t (*progress)(const match& m) = nullptr;

  const bot_entry* find_bot(std::string_view name) const;
  std::span<const pool_card> cards() const {
    return catalog ? catalog() : decks ? decks->pool() : std::span<const pool_card>{};
  }
  std::string action_text(const action& a) const;                          // "1 trigger 2"
  bool parse_action(std::string_view text, action& out, std::string& error) const;
};

class match {
 public:
  virtual ~match() = default;
  virtual std::unique_ptr<match> clone() const = 0;
  virtual const game_info& info() const = 0;
  virtual int seat_count() const = 0;
  virtual seat_mask must_act() const = 0;
  virtual seat_mask may_act() const = 0;
  // Seats that must act but wait for another seat's answer (S.P.A.C.E.: an open trade offer
  // of their own): the server stops their turn timer until the answer comes. Decided from
  // public information only, since every seat sees whose timer runs.
  virtual seat_mask awaiting_answer() const = 0;
  virtual verdict check(const action& a) const = 0;
  // check, then apply when legal; on refusal nothing changes.
  virtual verdict play(const action& a) = 0;
  // Apply an action `check` has just accepted in this very state, without checking it again
  // (the server judges each action before it plays it). Anything else is a caller's bug.
  virtual void apply_checked(const action& a) = 0;
  virtual void legal_actions(int seat, std::vector<action>& out) const = 0;
  virtual action timeout_action(int seat) const = 0;
  // Public words for an action about to be played (the log every viewer may read).
  virtual std::string describe(const action& a) const = 0;
  // Public words for what the action just played revealed or set off (cards turned face
  // up, a contest decided, an automatic opponent's moves); empty when nothing.
  virtual std::string describe_effects() const = 0;
  // Public words for what the deal itself set off before anyone moved (S.P.A.C.E.'s first
  // encounters), asked of a match as dealt; empty when nothing. The log's opening lines.
  virtual std::string describe_setup() const = 0;
  // The move `seat`'s preferences make now, or none (the seat is asked). Decided from
  // public information only, so how fast a seat answers reveals nothing it holds.
  virtual std::optional<action> preferred_action(int seat, preference_choices choices) const = 0;
  virtual message_ptr view(viewer who) const = 0;
  virtual void view_into(viewer who, google::protobuf::Message& out) const = 0;
  virtual outcome result() const = 0;
  virtual bool same_state(const match& other) const = 0;
  virtual void scramble_hidden(int seat, rng& r) = 0;
};

// The one adapter from a `game` value type to `match`.
template <game G>
class match_of final : public match {
 public:
  explicit match_of(G state) : state_(std::move(state)) {}
  std::unique_ptr<match> clone() const override { return std::make_unique<match_of>(state_); }
  const game_info& info() const override;
  int seat_count() const override { return state_.seat_count(); }
  seat_mask must_act() const override { return state_.must_act(); }
  seat_mask may_act() const override { return state_.may_act(); }
  seat_mask awaiting_answer() const override {
    if constexpr (requires { state_.awaiting_answer(); }) return state_.awaiting_answer();
    else return 0;
  }
  verdict check(const action& a) const override { return state_.check(a); }
  verdict play(const action& a) override {
    verdict v = state_.check(a);
    if (v) state_.apply(a);
    return v;
  }
  void apply_checked(const action& a) override { state_.apply(a); }
  void legal_actions(int seat, std::vector<action>& out) const override {
    state_.legal_actions(seat, out);
  }
  action timeout_action(int seat) const override { return state_.timeout_action(seat); }
  std::string describe(const action& a) const override { return state_.describe(a); }
  // Optional in a game: one without them reports no effects and has no preferences.
  std::string describe_effects() const override {
    if constexpr (requires { state_.describe_effects(); }) return state_.describe_effects();
    else return {};
  }
  std::string describe_setup() const override {
    if constexpr (requires { state_.describe_setup(); }) return state_.describe_setup();
    else return {};
  }
  std::optional<action> preferred_action(int seat, preference_choices choices) const override {
    if constexpr (requires { state_.preferred_action(seat, choices); })
      return state_.preferred_action(seat, choices);
    else return std::nullopt;
  }
  message_ptr view(viewer who) const override {
    auto out = std::make_unique<typename G::view_type>();
    state_.view(who, *out);
    return out;
  }
  void view_into(viewer who, google::protobuf::Message& out) const override {
    // Servers reuse one message for every viewer: whatever a game's view() forgets to
    // reset must not carry one seat's cards into the next viewer's view.
    out.Clear();
    state_.view(who, static_cast<typename G::view_type&>(out));
  }
  outcome result() const override { return state_.result(); }
  bool same_state(const match& other) const override {
    auto* o = dynamic_cast<const match_of*>(&other);
    return o && o->state_ == state_;
  }
  void scramble_hidden(int seat, rng& r) override { state_.scramble_hidden(seat, r); }
  const G& state() const { return state_; }

 private:
  G state_;
};

// The game_info of a game type, built once from its static members.
template <game G>
const game_info& info_of() {
  using options_t = typename G::options_type;
  using position_t = typename G::position_type;
  static_assert(G::min_seats <= G::default_seats && G::default_seats <= G::max_seats,
                "a game's default seat count lies within its seat range");
  static const game_info info = [] {
    game_info i;
    i.id = G::id;
    i.title = G::title;
    i.min_seats = G::min_seats;
    i.max_seats = G::max_seats;
    i.default_seats = G::default_seats;
    i.rules_version = G::rules_version;
    if constexpr (requires { G::cooperative; }) i.cooperative = G::cooperative;
    i.action_names = G::action_names;
    i.bots = G::bots();
    if constexpr (requires { G::preferences(); }) i.preferences = G::preferences();
    if constexpr (requires { G::catalog(); }) i.catalog = &G::catalog;
    if constexpr (requires { G::deck_rules(); }) {
      i.decks = &G::deck_rules();
      i.create_with_decks = [](int seats, const google::protobuf::Message& o,
                               std::span<const deck_list> decks, std::uint64_t seed) {
        return std::unique_ptr<match>(
            new match_of<G>(G(seats, static_cast<const options_t&>(o), decks, seed)));
      };
    }
    i.progress_name = G::progress_name;
    i.seat_label = [](const match& m, int seat) {
      return static_cast<const match_of<G>&>(m).state().seat_label(seat);
    };
    i.progress = [](const match& m) { return static_cast<const match_of<G>&>(m).state().progress(); };
    i.new_options = [] { return message_ptr(new options_t()); };
    i.new_position = [] { return message_ptr(new position_t()); };
    i.new_view = [] { return message_ptr(new typename G::view_type()); };
    i.validate = [](int seats, const google::protobuf::Message& o) {
      if (o.GetDescriptor() != options_t::descriptor())
        return refuse(rule_error::bad_options, "options are not this game's");
      return G::validate(seats, static_cast<const options_t&>(o));
    };
    i.validate_at = [](int seats, const google::protobuf::Message& o,
                       const google::protobuf::Message& p) {
      if (o.GetDescriptor() != options_t::descriptor() ||
          p.GetDescriptor() != position_t::descriptor())
        return refuse(rule_error::bad_options, "options or position are not this game's");
      return G::validate(seats, static_cast<const options_t&>(o),
                         static_cast<const position_t&>(p));
    };
    i.create = [](int seats, const google::protobuf::Message& o, std::uint64_t seed) {
      return std::unique_ptr<match>(
          new match_of<G>(G(seats, static_cast<const options_t&>(o), seed)));
    };
    i.create_at = [](int seats, const google::protobuf::Message& o,
                     const google::protobuf::Message& p, std::uint64_t seed) {
      return std::unique_ptr<match>(new match_of<G>(
          G(seats, static_cast<const options_t&>(o), static_cast<const position_t&>(p), seed)));
    };
    return i;
  }();
  return info;
}

template <game G>
const game_info& match_of<G>::info() const {
  return info_of<G>();
}

// Fills a view's `legal_actions` (repeated starport.v1.Action) for one viewer.
template <game G, class ActionList>
void fill_legal_actions(const G& g, viewer who, ActionList& out) {
  out.Clear();
  if (who.who != viewer::kind::seat) return;
  std::vector<action> legal;
  g.legal_actions(who.seat, legal);
  for (const action& a : legal) {
    auto* m = out.Add();
    m->set_seat(a.seat);
    m->set_kind(a.kind);
    for (int i = 0; i < a.argc; ++i) m->add_args(a.args[i]);
  }
}

}  // namespace starport::engine
