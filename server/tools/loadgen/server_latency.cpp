#include "server/tools/loadgen/server_latency.hpp"

#include <chrono>
#include <cstdlib>
#include <limits>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace starport::loadgen {

latency_histogram latency_histogram::since(const latency_histogram& earlier) const {
  latency_histogram out = *this;
  if (earlier.bounds != bounds) return out;   // another server: the whole of this one
  for (std::size_t i = 0; i < cumulative.size(); ++i)
    out.cumulative[i] = cumulative[i] >= earlier.cumulative[i] ? cumulative[i] - earlier.cumulative[i] : 0;
  return out;
}

double latency_histogram::bound_ms_of(double q) const {
  const std::uint64_t n = total();
  if (n == 0) return 0;
  for (std::size_t i = 0; i < cumulative.size(); ++i)
    if (double(cumulative[i]) >= q * double(n)) return bounds[i] * 1000;
  return std::numeric_limits<double>::infinity();
}

double latency_histogram::share_over(double seconds) const {
  const std::uint64_t n = total();
  if (n == 0) return 0;
  for (std::size_t i = 0; i < bounds.size(); ++i)
    if (bounds[i] >= seconds) return double(n - cumulative[i]) / double(n);
  return 0;
}

std::optional<latency_histogram> parse_latency(std::string_view metrics) {
  // Lines as the server writes them: starport_action_latency_seconds_bucket{le="0.02"} 1234
  constexpr std::string_view prefix = "starport_action_latency_seconds_bucket{le=\"";
  latency_histogram h;
  std::size_t at = 0;
  while (at < metrics.size()) {
    std::size_t end = metrics.find('\n', at);
    if (end == std::string_view::npos) end = metrics.size();
    const std::string_view line = metrics.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(prefix)) continue;
    const std::string_view rest = line.substr(prefix.size());
    const std::size_t close = rest.find("\"} ");
    if (close == std::string_view::npos) return std::nullopt;
    const std::string le(rest.substr(0, close)), count(rest.substr(close + 3));
    char* stop = nullptr;
    const double bound = le == "+Inf" ? std::numeric_limits<double>::infinity() : std::strtod(le.c_str(), &stop);
    if (le != "+Inf" && (stop == le.c_str() || *stop != '\0')) return std::nullopt;
    const double value = std::strtod(count.c_str(), &stop);
    if (stop == count.c_str() || value < 0) return std::nullopt;
    if (!h.bounds.empty() && bound <= h.bounds.back()) return std::nullopt;
    h.bounds.push_back(bound);
    h.cumulative.push_back(static_cast<std::uint64_t>(value));
  }
  if (h.bounds.empty() || h.bounds.back() != std::numeric_limits<double>::infinity()) return std::nullopt;
  return h;
}

std::optional<latency_histogram> read_latency(const boost::asio::ip::tcp::endpoint& server, const std::string& host) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  // Asynchronous, on an io_context of its own: the stream's deadline bounds the whole
  // exchange (a blocking call would ignore it), even with a server that stopped answering.
  boost::asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  http::request<http::empty_body> req(http::verb::get, "/metrics", 11);
  req.set(http::field::host, host);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1 << 20);
  bool read = false;
  stream.expires_after(std::chrono::seconds(2));
  stream.async_connect(server, [&](beast::error_code ec) {
    if (ec) return;
    http::async_write(stream, req, [&](beast::error_code wec, std::size_t) {
      if (wec) return;
      http::async_read(stream, buffer, parser, [&](beast::error_code rec, std::size_t) { read = !rec; });
    });
  });
  ioc.run_for(std::chrono::seconds(3));
  if (!read || parser.get().result() != http::status::ok) return std::nullopt;
  return parse_latency(parser.get().body());
}

}  // namespace starport::loadgen
