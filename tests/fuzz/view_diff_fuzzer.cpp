// libFuzzer target: view-diff application on raw wire data (server/protocol/view_diff.hpp; the
// web client's view_diff.ts does the same two steps on the same bytes). The input is a
// `before` view, an `after` view and a `changed`/`cleared` pair, split by FuzzedDataProvider.
// Oracles: nothing crashes; apply_encoded either refuses and leaves the view untouched or
// succeeds; and whenever diff_encoded(before, after) succeeds, applying that diff to
// `before` gives a view with no difference from `after`.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "server/protocol/view_diff.hpp"

namespace server = starport::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::string before = in.ConsumeRandomLengthString(size);
  const std::string after = in.ConsumeRandomLengthString(size);
  std::vector<std::uint32_t> cleared(in.ConsumeIntegralInRange<std::size_t>(0, 8));
  for (auto& number : cleared) number = in.ConsumeIntegral<std::uint32_t>();
  const std::string changed = in.ConsumeRemainingBytesAsString();

  // A diff someone sent (the client's side of the wire): refused, or applied.
  std::string view = before;
  if (!server::apply_encoded(view, changed, cleared) && view != before) {
    std::cerr << "apply_encoded refused but changed the view\n";
    std::abort();
  }

  // The server's own diffs must round-trip.
  if (const auto diff = server::diff_encoded(before, after)) {
    std::string applied = before;
    if (!server::apply_encoded(applied, diff->changed, diff->cleared)) {
      std::cerr << "a diff of well-formed views did not apply\n";
      std::abort();
    }
    const auto left = server::diff_encoded(applied, after);
    if (!left || !left->empty()) {
      std::cerr << "applying diff(before, after) to before did not give after\n";
      std::abort();
    }
  }
  return 0;
}
