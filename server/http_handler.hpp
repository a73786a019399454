#pragma once
// HTTP as a free function from request to response, testable without sockets: the built
// web client from the web root (index.html for client routes), /healthz and /metrics.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/string_body.hpp>

namespace starport::server {

namespace http = boost::beast::http;

struct http_context {
  std::string web_root;
  std::function<std::string()> metrics_text;
};

// The file under `web_root` that `target` names, or nothing when the target is malformed
// or climbs out of the root. Client routes (no extension, no such file) map to index.html.
std::optional<std::string> resolve_static(const std::string& web_root, std::string_view target);

http::message_generator handle_request(http::request<http::string_body>&& req,
                                       const http_context& context);

}  // namespace starport::server
