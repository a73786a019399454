#include "server/text_rules.hpp"

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

std::optional<std::string> clean_display_name(std::string_view name) {
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  const auto length = printable_length(name);
  if (!length || *length == 0 || *length > max_name_chars) return std::nullopt;
  return std::string(name);
}

}  // namespace starport::server
