#pragma once
// The server's own latency histogram (`starport_action_latency_seconds` on /metrics: a
// move's arrival to the views showing it, the commit included), read at the play window's
// two ends. The load generator's latencies include its own turn on the same cores; the
// server's tell what the server took, which is what an operator's target is about.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/tcp.hpp>

namespace starport::loadgen {

struct latency_histogram {
  std::vector<double> bounds;               // each bucket's upper bound, seconds; the last is +Inf
  std::vector<std::uint64_t> cumulative;    // moves at or under each bound

  std::uint64_t total() const { return cumulative.empty() ? 0 : cumulative.back(); }
  // The moves between an earlier reading and this one, bucket by bucket (same buckets).
  latency_histogram since(const latency_histogram& earlier) const;
  // The smallest bound, in ms, at or under which at least the share `q` of the moves fell
  // (+Inf when only the last bucket reaches it; 0 with no moves).
  double bound_ms_of(double q) const;
  // The share of the moves over `seconds` (one of the bounds), 0 to 1.
  double share_over(double seconds) const;
};

// The histogram from the text of /metrics; empty when it is not there.
std::optional<latency_histogram> parse_latency(std::string_view metrics);

// GET /metrics from the server (loopback), within 3 s at most; empty on any failure.
std::optional<latency_histogram> read_latency(const boost::asio::ip::tcp::endpoint& server, const std::string& host);

}  // namespace starport::loadgen
