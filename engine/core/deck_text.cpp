// The plain-text deck list (engine/core/deck.hpp, docs/engine.md "Decks"), for every deck game.
// Input comes from people and from the fuzzer: every byte sequence is handled, nothing is
// read out of bounds, counts cannot overflow, and the error list has a bounded length.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/deck.hpp"

namespace starport::engine {
namespace {

constexpr std::size_t max_text = 64 * 1024;   // more is no deck list
constexpr std::size_t max_line = 200;         // longer than any "<count> <name>"
constexpr std::size_t max_errors = 50;        // then one line says how many more
constexpr std::size_t max_count_digits = 4;

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// Lower case, runs of spaces as one: "Ride  the CURRENT" matches "Ride the Current".
std::string key_of(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (space(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += lower(c);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A name from the input, safe to show: printable ASCII kept (UTF-8 bytes too), the rest as
// '?', cut at 60 characters.
std::string shown(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? '?' : c;
  }
  if (s.size() > 60) out += "...";
  return out;
}

}  // namespace

bool parse_deck_text(std::string_view text, const deck_rules& rules, deck_list& out,
                     std::vector<std::string>& errors) {
  out.clear();
  errors.clear();
  if (rules.pool == nullptr) {
    errors.push_back("this game has no card pool");
    return false;
  }
  if (text.size() > max_text) {
    errors.push_back("the list is too long: more than " + std::to_string(max_text) + " characters");
    return false;
  }
  std::unordered_map<std::string, card_index> by_name;
  for (const pool_card& c : rules.pool()) by_name.emplace(key_of(c.name), c.index);

  std::size_t broken = 0;
  auto error = [&](std::size_t line, const std::string& why) {
    if (++broken <= max_errors) errors.push_back("line " + std::to_string(line) + ": " + why);
  };
  deck_list list;
  std::uint64_t total = 0;
  std::size_t line_no = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    if (line.size() > max_line) {
      error(line_no, "too long (more than " + std::to_string(max_line) + " characters)");
      continue;
    }
    // "<count> <name>", "<count>x <name>" or "<name>".
    std::uint64_t count = 1;
    std::size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    std::size_t after = digits;
    if (digits > 0 && after < line.size() && (line[after] == 'x' || line[after] == 'X')) ++after;
    if (digits > 0 && (after == line.size() || space(line[after]))) {
      if (digits > max_count_digits) {
        error(line_no, "bad count '" + shown(line.substr(0, digits)) + "'");
        continue;
      }
      count = 0;
      for (std::size_t i = 0; i < digits; ++i) count = count * 10 + static_cast<std::uint64_t>(line[i] - '0');
      line = trim(line.substr(after));
      if (count == 0) {
        error(line_no, "bad count 0 (leave the card out instead)");
        continue;
      }
      if (line.empty()) {
        error(line_no, "a count without a card name");
        continue;
      }
    }
    const auto found = by_name.find(key_of(line));
    if (found == by_name.end()) {
      error(line_no, "no card named '" + shown(line) + "'");
      continue;
    }
    total += count;
    if (total > rules.max_cards) continue;   // reported once below; do not grow the list
    list.insert(list.end(), static_cast<std::size_t>(count), found->second);
  }
  if (broken > max_errors) errors.push_back("and " + std::to_string(broken - max_errors) + " more broken lines");
  if (total > rules.max_cards)
    errors.push_back("the list is too long: " + std::to_string(total) + " cards, at most " +
                     std::to_string(rules.max_cards));
  if (!errors.empty()) return false;
  out = std::move(list);
  return true;
}

std::string deck_text(const deck_rules& rules, std::span<const card_index> deck) {
  if (rules.pool == nullptr) return {};
  const auto pool = rules.pool();
  std::map<card_index, int> copies;
  int unknown = 0;
  for (card_index i : deck) {
    if (i < pool.size()) ++copies[i];
    else ++unknown;
  }
  // Kinds in the order the pool first shows them; cards by pool order within a kind.
  std::vector<std::string> kinds;
  for (const pool_card& c : pool)
    if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) kinds.push_back(c.kind);
  std::string out;
  for (const std::string& kind : kinds) {
    int in_kind = 0;
    for (auto [i, n] : copies)
      if (pool[i].kind == kind) in_kind += n;
    if (in_kind == 0) continue;
    if (!out.empty()) out += '\n';
    out += "# " + kind + " (" + std::to_string(in_kind) + ")\n";
    for (auto [i, n] : copies)
      if (pool[i].kind == kind) out += std::to_string(n) + " " + pool[i].name + "\n";
  }
  if (unknown > 0) out += "# " + std::to_string(unknown) + " cards not in the pool were left out\n";
  return out;
}

}  // namespace starport::engine
