#pragma once
// HTTP as a free function from request to response, testable without sockets: the built
// web client from the web root (index.html for client routes), /healthz and /metrics.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/string_body.hpp>

namespace starport::server {

namespace http = boost::beast::http;

struct health_answer {
  bool healthy = true;   // /healthz: 200 when true, else 503
  bool ready = true;     // /readyz: 200 when true, else 503
  std::string text;      // the body of both
};

struct http_context {
  std::string web_root;
  std::function<std::string()> metrics_text;
  std::function<health_answer()> health;   // none: always healthy and ready
};

// Whether a WebSocket upgrade with this Origin header may go on: no Origin (not a
// browser), an origin whose host[:port] is the request's Host (the server's own page), or
// one of `allowed` (scheme://host[:port], compared without case). "null" is refused.
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed);

// The file under `web_root` that `target` names, or nothing when the target is malformed
// or climbs out of the root. Client routes (no extension, no such file) map to index.html.
std::optional<std::string> resolve_static(const std::string& web_root, std::string_view target);

http::message_generator handle_request(http::request<http::string_body>&& req,
                                       const http_context& context);

}  // namespace starport::server
