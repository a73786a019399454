#pragma once
// What text a client may send: display names and chat lines are UTF-8 without control
// characters, limited in characters (code points), not bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace starport::server {

// Code points in `text` when it is valid UTF-8 with no control characters; nothing otherwise.
std::optional<std::size_t> printable_length(std::string_view text);

// A display name trimmed of surrounding spaces, 1–24 printable characters; nothing when invalid.
std::optional<std::string> clean_display_name(std::string_view name);

inline constexpr std::size_t max_name_chars = 24;
inline constexpr std::size_t max_chat_chars = 500;

}  // namespace starport::server
