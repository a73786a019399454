#include "server/protocol/log_table.hpp"

#include <algorithm>
#include <functional>

namespace starport::server {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A seat's number stays in the shape ("{seat:1} flips." is one shape with no numbers): a
// table has a few seats, so a shape per seat is learnt once, and each line is then a byte
// shorter per seat it names (docs/server.md, "Seats kept whole in log shapes").
constexpr std::string_view seat_open = "{seat:";

bool names_a_seat(std::string_view line, std::size_t digits, std::size_t end) {
  return digits >= seat_open.size() && line.substr(digits - seat_open.size(), seat_open.size()) == seat_open &&
         end < line.size() && line[end] == '}';
}

void code_line(std::string_view line, coded_line& out) {
  out.shape.clear();
  out.args.clear();
  out.codable = line.find(log_slot) == std::string_view::npos;
  std::size_t i = 0;
  while (i < line.size()) {
    if (!is_digit(line[i])) {
      out.shape.push_back(line[i++]);
      continue;
    }
    std::size_t end = i;
    while (end < line.size() && is_digit(line[end])) ++end;
    const std::string_view run = line.substr(i, end - i);
    if ((run.size() > 1 && run[0] == '0') || run.size() > 9 || names_a_seat(line, i, end)) {
      out.shape.append(run);   // "007", too long for a uint32, or a seat: words, not a number
    } else {
      std::uint32_t v = 0;
      for (char c : run) v = v * 10 + static_cast<std::uint32_t>(c - '0');
      out.args.push_back(v);
      out.shape.push_back(log_slot);
    }
    i = end;
  }
  out.hash = std::hash<std::string_view>{}(out.shape);
}

}  // namespace

std::size_t code_lines(std::string_view words, std::vector<coded_line>& out, std::size_t used) {
  while (!words.empty()) {
    const std::size_t end = words.find('\n');
    const std::string_view line = words.substr(0, end);
    if (!line.empty()) {
      if (out.size() <= used) out.resize(used + 1);
      code_line(line, out[used++]);
    }
    if (end == std::string_view::npos) break;
    words.remove_prefix(end + 1);
  }
  return used;
}

bool log_table::write(std::span<const coded_line> lines, google::protobuf::RepeatedField<std::uint32_t>& refs,
                      std::string& text) {
  const std::size_t known = hashes_.size();
  const int refs_before = refs.size();
  const std::size_t text_before = text.size();
  for (const coded_line& l : lines) {
    if (!l.codable) {
      hashes_.resize(known);   // as it was: these lines go as text
      refs.Truncate(refs_before);
      text.resize(text_before);
      return false;
    }
    const auto at = std::find(hashes_.begin(), hashes_.end(), l.hash);
    std::size_t number = static_cast<std::size_t>(at - hashes_.begin());
    if (at == hashes_.end()) {
      // New: its text travels; it is learnt while there is room, else used once.
      if (text.size() > text_before) text.push_back('\n');
      text.append(l.shape);
      number = hashes_.size();
      if (hashes_.size() < max_shapes) hashes_.push_back(l.hash);
    }
    refs.Add(static_cast<std::uint32_t>(number));
    for (std::uint32_t a : l.args) refs.Add(a);
  }
  return true;
}

bool log_reader::read(bool reset, std::string_view log_line, std::span<const std::uint32_t> refs,
                      std::vector<std::string>& lines) {
  if (reset) shapes_.clear();
  std::vector<std::string_view> texts;
  while (!log_line.empty()) {
    const std::size_t end = log_line.find('\n');
    if (end != 0) texts.push_back(log_line.substr(0, end));
    if (end == std::string_view::npos) break;
    log_line.remove_prefix(end + 1);
  }
  if (refs.empty()) {
    for (std::string_view t : texts) lines.emplace_back(t);
    return true;
  }
  std::size_t next_text = 0;
  std::size_t i = 0;
  while (i < refs.size()) {
    const std::uint32_t r = refs[i++];
    if (r > shapes_.size()) return false;
    std::string_view shape;
    if (r == shapes_.size()) {
      if (next_text >= texts.size()) return false;
      shape = texts[next_text++];
      if (shapes_.size() < log_table::max_shapes) shapes_.emplace_back(shape);   // else used once
    } else {
      shape = shapes_[r];
    }
    std::string line;
    for (char c : shape) {
      if (c != log_slot) {
        line.push_back(c);
        continue;
      }
      if (i >= refs.size()) return false;
      line += std::to_string(refs[i++]);
    }
    lines.push_back(std::move(line));
  }
  return next_text == texts.size();
}

}  // namespace starport::server
