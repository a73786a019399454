#pragma once
// What text a client may send: display names, chat lines and deck names are UTF-8 without
// control characters, limited in characters (code points), not bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace starport::server {

// Code points in `text` when it is valid UTF-8 with no control characters; nothing otherwise.
std::optional<std::size_t> printable_length(std::string_view text);

// A line of text one player shows others (a display name, a chat line, a deck name) as
// kept: 1 to `max_chars` printable characters, at least one of them visible, none of them
// invisible formatting (U+200B, U+FEFF, U+00AD, Hangul fillers, tags…) or a bidirectional
// control (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), which would make blank lines
// or ones that display reversed. Normalized: every Unicode space (U+00A0, U+3000…) becomes
// U+0020, runs of them one, none at either end. Not NFC-normalized (see docs/server.md,
// "Display names"). Nothing when invalid.
std::optional<std::string> clean_line(std::string_view text, std::size_t max_chars);

// A display name: a clean line of at most 24 characters.
std::optional<std::string> clean_display_name(std::string_view name);

inline constexpr std::size_t max_name_chars = 24;
inline constexpr std::size_t max_chat_chars = 500;

}  // namespace starport::server
