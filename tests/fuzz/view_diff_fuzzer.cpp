// libFuzzer target: field-level view patches on raw wire data (server/protocol/view_diff.hpp;
// the web client's view_diff.ts applies the same patches). The input is a game (its View
// type, from the last byte), a `before` view, an `after` view and a patch, split by
// FuzzedDataProvider. Oracles: nothing crashes; apply_encoded either refuses and leaves
// the view untouched or succeeds; and whenever both views are canonical serializations of
// the View (what the server diffs), the diff succeeds and applying it to `before` gives
// `after` byte for byte.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include <google/protobuf/stubs/logging.h>

#include "engine/registry.hpp"
#include "server/protocol/view_diff.hpp"

namespace server = starport::server;

namespace {

// Parses and re-serializes to the same bytes, without fields the View lacks: what the
// server's own views are.
bool canonical(const std::string& bytes, google::protobuf::Message& scratch) {
  scratch.Clear();
  if (!scratch.ParseFromString(bytes)) return false;
  scratch.DiscardUnknownFields();
  return scratch.SerializeAsString() == bytes;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Random views hold invalid UTF-8 in string fields in one run of ten: protobuf's line
  // about each is noise in the log (the server limits it, server/protocol/protobuf_log.hpp).
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& games = starport::engine::games();
  FuzzedDataProvider in(data, size);
  const starport::engine::game_info& game = *games[in.ConsumeIntegral<std::uint8_t>() % games.size()];
  const starport::engine::message_ptr scratch = game.new_view();
  const google::protobuf::Descriptor& type = *scratch->GetDescriptor();
  const std::string before = in.ConsumeRandomLengthString(size);
  const std::string after = in.ConsumeRandomLengthString(size);
  const std::string patch = in.ConsumeRemainingBytesAsString();

  // A patch someone sent (the client's side of the wire): refused, or applied.
  std::string view = before;
  if (!server::apply_encoded(view, patch, type) && view != before) {
    std::cerr << "apply_encoded refused but changed the view\n";
    std::abort();
  }

  // The server's own diffs must round-trip exactly.
  const auto diff = server::diff_encoded(before, after, type);
  if (canonical(before, *scratch) && canonical(after, *scratch)) {
    if (!diff) {
      std::cerr << "two canonical views did not diff\n";
      std::abort();
    }
    std::string applied = before;
    if (!server::apply_encoded(applied, *diff, type) || applied != after) {
      std::cerr << "applying diff(before, after) to before did not give after\n";
      std::abort();
    }
  } else if (diff) {
    std::string applied = before;
    server::apply_encoded(applied, *diff, type);   // any input: must not crash
  }
  return 0;
}
