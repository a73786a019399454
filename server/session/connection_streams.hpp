#pragma once
// This connection's names for the matches it follows (ServerMessage.stream, docs/protocol.md
// "Stream handles"): 0, unsent, for the first, then the smallest number not in use, so a
// page or a bot that follows one match never pays a byte for naming it. Kept on the
// session's strand; a match's frames stay shared by every connection of its audience and
// the session writes its own name for the match in front of them.
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace starport::server {

class connection_streams {
 public:
  // The connection's handle for the match the server knows by `match` (its stream_handle,
  // unique among running matches), given the first time a frame of it comes. A new handle
  // first frees those of matches the connection no longer follows (`following(match)`
  // false): the table holds at most the matches the connection follows, plus this one.
  // None for a match without a handle that the connection does not follow: a frame posted
  // just before its match closed, arriving after its handle was freed (or given to another
  // match), which the page could only misread; the frame is dropped.
  std::optional<std::uint32_t> handle_for(std::uint32_t match, const std::function<bool(std::uint32_t match)>& following);
  std::size_t size() const { return names_.size(); }

 private:
  std::vector<std::pair<std::uint32_t, std::uint32_t>> names_;   // (the match's stream_handle, this connection's)
};

}  // namespace starport::server
