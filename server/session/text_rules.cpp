#include "server/session/text_rules.hpp"

#include <cstdint>

namespace starport::server {

std::optional<std::size_t> printable_length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::uint32_t cp = 0;
    std::size_t extra = 0;
    if (lead < 0x80) {
      cp = lead;
    } else if ((lead & 0xe0) == 0xc0) {
      cp = lead & 0x1fu;
      extra = 1;
    } else if ((lead & 0xf0) == 0xe0) {
      cp = lead & 0x0fu;
      extra = 2;
    } else if ((lead & 0xf8) == 0xf0) {
      cp = lead & 0x07u;
      extra = 3;
    } else {
      return std::nullopt;
    }
    if (i + extra >= text.size()) return std::nullopt;   // a sequence cut short
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      if ((c & 0xc0) != 0x80) return std::nullopt;
      cp = (cp << 6) | (c & 0x3fu);
    }
    // Overlong forms, surrogates and beyond Unicode are not UTF-8.
    static constexpr std::uint32_t min_for[] = {0, 0x80, 0x800, 0x10000};
    if (cp < min_for[extra] || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return std::nullopt;
    // C0, DEL and C1 controls; also the line and paragraph separators.
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029) return std::nullopt;
    i += extra + 1;
  }
  return count;
}

namespace {

// Decodes one code point of text already checked by printable_length.
std::uint32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  const std::size_t extra = lead < 0x80 ? 0 : (lead & 0xe0) == 0xc0 ? 1 : (lead & 0xf0) == 0xe0 ? 2 : 3;
  std::uint32_t cp = extra == 0 ? lead : extra == 1 ? (lead & 0x1fu) : extra == 2 ? (lead & 0x0fu) : (lead & 0x07u);
  for (std::size_t k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3fu);
  i += extra + 1;
  return cp;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

bool in(std::uint32_t cp, std::uint32_t first, std::uint32_t last) { return cp >= first && cp <= last; }

// Unicode's White_Space characters that printable_length lets through.
bool is_space(std::uint32_t cp) {
  return cp == 0x20 || cp == 0xa0 || cp == 0x1680 || in(cp, 0x2000, 0x200a) || cp == 0x202f || cp == 0x205f ||
         cp == 0x3000;
}

// Reorders what is displayed around it: a name could show reversed, or move what follows it.
bool is_bidi_control(std::uint32_t cp) {
  return cp == 0x061c || cp == 0x200e || cp == 0x200f || in(cp, 0x202a, 0x202e) || in(cp, 0x2066, 0x2069);
}

// Shows nothing and joins nothing a name needs (default-ignorable format characters,
// fillers that render blank, noncharacters).
bool is_invisible(std::uint32_t cp) {
  return cp == 0xad || cp == 0x34f || in(cp, 0x115f, 0x1160) || in(cp, 0x17b4, 0x17b5) || in(cp, 0x180b, 0x180f) ||
         cp == 0x200b || in(cp, 0x2060, 0x2064) || in(cp, 0x206a, 0x206f) || cp == 0x2800 || cp == 0x3164 ||
         cp == 0xfeff || cp == 0xffa0 || in(cp, 0xfff0, 0xfffb) || in(cp, 0xfdd0, 0xfdef) ||
         (cp & 0xfffe) == 0xfffe || in(cp, 0x1bca0, 0x1bca3) || in(cp, 0x1d173, 0x1d17a) ||
         in(cp, 0xe0000, 0xe0fff);
}

// Allowed, but marks nothing on its own: joiners, variation selectors, combining marks.
bool is_mark_or_joiner(std::uint32_t cp) {
  return in(cp, 0x200c, 0x200d) || in(cp, 0xfe00, 0xfe0f) || in(cp, 0x300, 0x36f) || in(cp, 0x483, 0x489) ||
         in(cp, 0x1ab0, 0x1aff) || in(cp, 0x1dc0, 0x1dff) || in(cp, 0x20d0, 0x20ff) || in(cp, 0xfe20, 0xfe2f) ||
         in(cp, 0x3099, 0x309a);
}

}  // namespace

std::optional<std::string> clean_line(std::string_view text, std::size_t max_chars) {
  if (!printable_length(text)) return std::nullopt;
  std::string out;
  std::size_t chars = 0;
  bool visible = false, pending_space = false;
  for (std::size_t i = 0; i < text.size();) {
    const std::uint32_t cp = next_code_point(text, i);
    if (is_bidi_control(cp) || is_invisible(cp)) return std::nullopt;
    if (is_space(cp)) {
      pending_space = !out.empty();   // dropped at the start; one for a run; none at the end
      continue;
    }
    if (pending_space) {
      out += ' ';
      ++chars;
      pending_space = false;
    }
    append_utf8(out, cp);
    ++chars;
    if (!is_mark_or_joiner(cp)) visible = true;
  }
  if (!visible || chars > max_chars) return std::nullopt;
  return out;
}

std::optional<std::string> clean_display_name(std::string_view name) { return clean_line(name, max_name_chars); }

}  // namespace starport::server
