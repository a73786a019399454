// Quasar Search: rules text generated from the content data, lookups by name, and the
// checks every content set must pass (cards.hpp).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "engine/core/words.hpp"
#include "engine/quasar_search/cards.hpp"

namespace starport::quasar_search {

using engine::plural;

namespace {

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string num(int n) { return std::to_string(n); }

std::string subject(who w) {
  switch (w) {
    case who::you: return "You";
    case who::each_player: return "Each player";
    case who::team_leader: return "The Team Leader";
    case who::highest_value: return "The players with the highest value";
    case who::lowest_value: return "The players with the lowest value";
    case who::lowest_rank: return "The lowest-ranked player";
    case who::team: return "The team";
  }
  return "You";
}

bool plural_subject(who w) { return w == who::you || w == who::highest_value || w == who::lowest_value; }

// "draws" / "draw" by subject.
std::string verb(who w, std::string_view base, std::string_view third) {
  return std::string(plural_subject(w) ? base : third);
}

std::string action_words(const effect& e) {
  const who w = e.target;
  const int n = e.amount;
  switch (e.what) {
    case op::none: return "";
    case op::draw: return subject(w) + " " + verb(w, "Draw ", "Draws ") + plural(n, "card", "cards");
    case op::shift: return subject(w) + " " + verb(w, "Shift ", "Shifts ") + num(n);
    case op::stockpile: return subject(w) + " " + verb(w, "Stockpile ", "Stockpiles ") + num(n);
    case op::warp: return subject(w) + " " + verb(w, "Warp ", "Warps ") + num(n);
    case op::sensors: return "Sensors " + num(n);
    case op::produce_energy: return "Produce " + num(n) + " Energy";
    case op::consume_energy: return "Consume " + num(n) + " Energy";
    case op::gain_glory: return subject(w) + " " + verb(w, "gain ", "gains ") + num(n) + " Glory";
    case op::spend_glory: return subject(w) + " " + verb(w, "spend ", "spends ") + num(n) + " Glory";
    case op::boon:
      return "Grant " + (n > 1 ? num(n) + " Boons" : std::string("a Boon")) + " to " +
             (w == who::you ? std::string("you") : [&] {
               std::string s = subject(w);
               s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
               return s;
             }());
    case op::demand: return "Demand " + num(n);
    case op::morale:
      return n >= 0 ? "Gain " + num(n) + " Morale" : "Lose " + num(-n) + " Morale";
    case op::damage: return subject(w) + " " + verb(w, "take ", "takes ") + num(n) + " Crew Damage";
    case op::learn_lesson:
      return subject(w) + " " + verb(w, "Learn ", "Learns ") + plural(n, "Lesson", "Lessons");
    case op::discard: return subject(w) + " " + verb(w, "discard ", "discards ") + plural(n, "card", "cards");
    case op::boost:
      return std::string("Your confronting card's value is ") + (n >= 0 ? "+" : "") + num(n);
    case op::hand_size: return "Your Hand Size is " + num(n) + " more";
    case op::draw_discard: return "You may Draw from your Discard Zone";
    case op::no_deck_draw: return "Players may not Draw from their Decks";
  }
  return "";
}

std::string cost_words(const effect& e) {
  const int n = e.cost_amount;
  switch (e.pay) {
    case cost::none: return "";
    case cost::spend_glory: return "Spend " + num(n) + " Glory";
    case cost::consume_energy: return "Consume " + num(n) + " Energy";
    case cost::discard_card: return "Discard " + plural(n, "card", "cards");
    case cost::lose_morale: return "Lose " + num(n) + " Morale";
  }
  return "";
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

}  // namespace

std::string_view phase_name(phase p) {
  switch (p) {
    case phase::none: return "";
    case phase::mission_setup: return "Mission Setup";
    case phase::player_setup: return "Player Setup";
    case phase::act_setup: return "Act Setup";
    case phase::act_start: return "Act Start";
    case phase::challenge_setup: return "Challenge Setup";
    case phase::challenge_start: return "Challenge Start";
    case phase::pre_confrontation: return "Pre-Confrontation";
    case phase::confrontation: return "Confrontation";
    case phase::pre_resolution: return "Pre-Resolution";
    case phase::resolution: return "Resolution";
    case phase::pre_cleanup: return "Pre-Cleanup";
    case phase::cleanup: return "Cleanup";
    case phase::act_resolution: return "Act Resolution";
    case phase::ship: return "Ship Phase";
    case phase::act_cleanup: return "Act Cleanup";
    case phase::mission_resolution: return "Mission Resolution";
  }
  return "";
}

std::string_view target_name(target_kind t) {
  switch (t) {
    case target_kind::none: return "None";
    case target_kind::all_out: return "All-Out";
    case target_kind::nobody_left_behind: return "Nobody Left Behind";
    case target_kind::thread_the_needle: return "Thread the Needle";
    case target_kind::stand_together: return "Stand Together";
    case target_kind::spearhead: return "Spearhead";
    case target_kind::all_different: return "All Different";
    case target_kind::low_profile: return "Low Profile";
    case target_kind::split_decision: return "Split Decision";
  }
  return "";
}

namespace {
// "If successful: ", "If failed: " or nothing: the condition an effect is played on.
std::string condition_words(const effect& e) {
  if (e.only == condition::on_success) return "If successful: ";
  if (e.only == condition::on_failure) return "If failed: ";
  return "";
}
}  // namespace

std::string effect_text(const effect& e) {
  const std::string s = condition_words(e);
  switch (e.kind) {
    case style::constant: return "CONSTANT | " + s + action_words(e);
    case style::required: return upper(phase_name(e.at)) + " | " + s + action_words(e);
    case style::triggered: {
      std::string c = cost_words(e);
      return upper(phase_name(e.at)) + " | " + s + (c.empty() ? std::string("You may") : c) + ": " +
             action_words(e);
    }
    case style::result: return s + action_words(e);
    case style::boon_outcome: return "BOON OUTCOME | " + action_words(e);
  }
  return s;
}

const std::string& effect_text_once(const effect& e) {
  // Keyed by the effect's value, not its address: a test's content may come and go.
  const std::uint64_t key = static_cast<std::uint64_t>(e.kind) | static_cast<std::uint64_t>(e.at) << 8 |
                            static_cast<std::uint64_t>(e.pay) << 16 |
                            static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.cost_amount)) << 24 |
                            static_cast<std::uint64_t>(e.what) << 32 |
                            static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.amount)) << 40 |
                            static_cast<std::uint64_t>(e.target) << 48 | static_cast<std::uint64_t>(e.only) << 56;
  thread_local std::unordered_map<std::uint64_t, std::string> worded;
  auto [at, fresh] = worded.try_emplace(key);
  if (fresh) at->second = effect_text(e);
  return at->second;
}

std::string effect_words(const effect& e) {
  const std::string c = e.kind == style::triggered ? cost_words(e) : std::string();
  return condition_words(e) + (c.empty() ? std::string() : c + ": ") + action_words(e);
}

std::vector<std::string> card_keywords(const player_card& c) {
  std::vector<std::string> out;
  if (c.has(keyword::overcommit)) out.emplace_back("Overcommit");
  if (c.has(keyword::adrenaline)) out.push_back("Adrenaline " + num(c.adrenaline));
  return out;
}

std::string card_text(const player_card& c) {
  std::string out;
  auto line = [&](std::string_view s) { engine::add_line(out, s); };
  if (c.kind == card_kind::lost_in_space) line("No value. Never equal to any value, always the lowest.");
  if (c.kind == card_kind::project) line("Project");
  for (const std::string& k : card_keywords(c)) line(k);
  for (const effect& e : c.effects)
    if (e.present()) line(effect_text_once(e));
  return out;
}

std::string target_text(const challenge_def& c, int seats) {
  const int n = c.per_player ? c.number * seats : c.number;
  std::string s(target_name(c.target));
  switch (c.target) {
    case target_kind::stand_together:
    case target_kind::all_different:
    case target_kind::none: return s;
    default: return s + " " + num(n);
  }
}

std::string results_text(std::span<const effect> results, bool failure) {
  std::string out;
  for (const effect& e : results) {
    if (!e.present()) continue;
    if (!out.empty()) out += ". ";
    out += effect_text_once(e);
  }
  // An empty Failure box still costs the Morale every failure costs: "Nothing happens" misled.
  if (out.empty()) return failure ? "Nothing more" : "Nothing happens";
  return out;
}

std::string next_text(const act_def& a) {
  auto to = [](const next_step& n) {
    if (n.letter) return std::string("Ending ") + n.letter;
    return "Act " + num(n.sequence);
  };
  std::string when;
  if (a.success_at_least > 0) when = "At least " + plural(a.success_at_least, "success", "successes");
  if (a.failures_at_most != no_limit)
    when += (when.empty() ? "At most " : " and at most ") + plural(a.failures_at_most, "failure", "failures");
  if (when.empty()) when = "Always";
  return when + ": " + to(a.on_success) + ". Otherwise: " + to(a.on_failure) + ". Morale broken: " + to(a.on_broken) + ".";
}

int find_card(const content_set& c, std::string_view name) {
  for (std::size_t i = 0; i < c.pool.size(); ++i)
    if (same_name(c.pool[i].name, name)) return static_cast<int>(i);
  return -1;
}

int find_challenge(const content_set& c, std::string_view name) {
  for (std::size_t i = 0; i < c.challenges.size(); ++i)
    if (same_name(c.challenges[i].name, name)) return static_cast<int>(i);
  return -1;
}

int find_faction(const content_set& c, std::string_view name) {
  for (std::size_t i = 0; i < c.factions.size(); ++i)
    if (same_name(c.factions[i].name, name)) return static_cast<int>(i);
  return -1;
}

int find_act(const content_set& c, int sequence) {
  if (!c.mission) return -1;
  for (std::size_t i = 0; i < c.mission->acts.size(); ++i)
    if (c.mission->acts[i].sequence == sequence) return static_cast<int>(i);
  return -1;
}

std::string validate_effect(const effect& e) {
  if (!e.present()) return "";
  if (static_cast<int>(e.what) >= op_count) return "unknown op";
  if (static_cast<int>(e.target) >= who_count) return "unknown target";
  const bool constant_op = e.what == op::boost || e.what == op::hand_size ||
                           e.what == op::draw_discard || e.what == op::no_deck_draw;
  if ((e.kind == style::constant) != constant_op)
    return constant_op ? "a rules change must be Constant" : "a Constant effect must be a rules change";
  if ((e.kind == style::required || e.kind == style::triggered) &&
      (e.at == phase::none || e.at == phase::mission_setup || e.at == phase::mission_resolution ||
       e.at == phase::act_setup || e.at == phase::act_resolution || e.at == phase::act_cleanup ||
       e.at == phase::confrontation || e.at == phase::resolution))
    return "no effects happen in " + std::string(e.at == phase::none ? "no phase" : phase_name(e.at));
  if (e.kind != style::triggered && e.pay != cost::none) return "only a Triggered effect has a cost";
  if (e.pay != cost::none && e.cost_amount <= 0) return "a cost needs an amount";
  if (e.kind == style::triggered && e.target != who::you && e.target != who::team)
    return "a Triggered effect is personal";
  const bool needs_amount = e.what != op::draw_discard && e.what != op::no_deck_draw &&
                            e.what != op::boost && e.what != op::hand_size && e.what != op::morale &&
                            e.what != op::boon;
  if (needs_amount && e.amount <= 0) return "needs a positive amount";
  if (e.amount < -10 || e.amount > 10) return "amount out of range";
  if (e.what == op::shift && e.target != who::you && e.target != who::each_player &&
      e.target != who::highest_value && e.target != who::lowest_value && e.target != who::team_leader &&
      e.target != who::lowest_rank)
    return "Shift needs a player";
  if (e.what == op::shift && e.at != phase::pre_resolution)
    return "Shift happens only in Pre-Resolution";
  return "";
}

std::string validate_content(const content_set& c) {
  std::string out;
  auto problem = [&](std::string_view where, const std::string& what) {
    out += std::string(where) + ": " + what + "\n";
  };
  if (!c.mission) return "no mission\n";
  // Player cards.
  int lost = 0;
  for (std::size_t i = 0; i < c.pool.size(); ++i) {
    const player_card& p = c.pool[i];
    if (p.name.empty()) problem("pool", "a card without a name");
    for (std::size_t k = 0; k < i; ++k)
      if (same_name(c.pool[k].name, p.name)) problem(p.name, "name used twice");
    if (p.kind == card_kind::lost_in_space) {
      ++lost;
      if (p.has_value) problem(p.name, "Lost in Space has no value");
    } else if (p.kind != card_kind::faction && !p.has_value) {
      problem(p.name, "needs a value");
    }
    if (p.value < -10 || p.value > 10) problem(p.name, "value out of -10..10");
    if (p.faction != neutral && p.faction >= c.factions.size()) problem(p.name, "unknown faction");
    if (p.kind == card_kind::faction && p.faction == neutral) problem(p.name, "a Faction card names its faction");
    if (p.has(keyword::adrenaline) != (p.adrenaline > 0)) problem(p.name, "Adrenaline needs its X");
    for (const effect& e : p.effects) {
      std::string v = validate_effect(e);
      if (!v.empty()) problem(p.name, v);
      if (e.present() && e.kind == style::result) problem(p.name, "a player card has no Results");
    }
  }
  if (lost != 1) problem("pool", "exactly one Lost in Space card");
  // Factions.
  for (std::size_t i = 0; i < c.factions.size(); ++i) {
    const faction_def& f = c.factions[i];
    for (std::size_t k = 0; k < i; ++k)
      if (c.factions[k].rankbreaker == f.rankbreaker) problem(f.name, "Rankbreaker used twice");
    for (std::uint8_t r : f.ranks)
      if (r < 1 || r > 5) problem(f.name, "Rank values are 1..5");
    if (f.morale == 0) problem(f.name, "needs a Morale Number");
    int card = find_card(c, f.name);
    if (card < 0 || c.pool[card].kind != card_kind::faction || c.pool[card].faction != i)
      problem(f.name, "no Faction card of that name in the pool");
  }
  // Challenges.
  for (std::size_t i = 0; i < c.challenges.size(); ++i) {
    const challenge_def& ch = c.challenges[i];
    for (std::size_t k = 0; k < i; ++k)
      if (same_name(c.challenges[k].name, ch.name)) problem(ch.name, "name used twice");
    if (find_act(c, ch.act) < 0) problem(ch.name, "no Act " + num(ch.act));
    if (ch.target == target_kind::none) problem(ch.name, "needs a Target");
    for (const auto* box : {&ch.success, &ch.failure})
      for (const effect& e : *box) {
        std::string v = validate_effect(e);
        if (!v.empty()) problem(ch.name, v);
        if (e.present() && e.kind != style::result) problem(ch.name, "a Result has style result");
        if (e.present() && e.target == who::you) problem(ch.name, "an unowned card never says you");
      }
    for (const effect& e : ch.effects) {
      std::string v = validate_effect(e);
      if (!v.empty()) problem(ch.name, v);
      if (e.present() && e.kind != style::constant && e.target == who::you)
        problem(ch.name, "an unowned card never says you");
      if (e.present() && e.kind == style::triggered) problem(ch.name, "an unowned card has no Triggers");
    }
  }
  // Acts and endings.
  const mission_def& m = *c.mission;
  if (find_act(c, 1) < 0) problem(m.name, "no Act 1");
  auto check_next = [&](std::string_view where, const next_step& n) {
    if ((n.sequence != 0) == (n.letter != 0)) {
      problem(where, "each branch names an Act or an Ending");
      return;
    }
    if (n.sequence && find_act(c, n.sequence) < 0) problem(where, "no Act " + num(n.sequence));
    if (n.letter) {
      bool found = false;
      for (const ending_def& e : m.endings) found = found || e.letter == n.letter;
      if (!found) problem(where, std::string("no Ending ") + n.letter);
    }
  };
  for (const act_def& a : m.acts) {
    check_next(a.name, a.on_success);
    check_next(a.name, a.on_failure);
    check_next(a.name, a.on_broken);
    if (a.on_success.sequence && a.on_success.sequence <= a.sequence) problem(a.name, "branches only go forward");
    if (a.on_failure.sequence && a.on_failure.sequence <= a.sequence) problem(a.name, "branches only go forward");
    if (a.on_broken.sequence && a.on_broken.sequence <= a.sequence) problem(a.name, "branches only go forward");
    int count = 0;
    for (const challenge_def& ch : c.challenges) count += ch.act == a.sequence;
    if (count == 0) problem(a.name, "no Challenges");
    for (const effect& e : a.start) {
      std::string v = validate_effect(e);
      if (!v.empty()) problem(a.name, v);
    }
  }
  bool safeguard = false;
  for (const ending_def& e : m.endings) safeguard = safeguard || (e.letter == m.safeguard_letter && !e.victory);
  if (!safeguard) problem(m.name, "the safeguard letter must be a losing Ending");
  return out;
}

}  // namespace starport::quasar_search
