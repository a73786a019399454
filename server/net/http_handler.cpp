#include "server/net/http_handler.hpp"

#include <filesystem>
#include <system_error>

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/version.hpp>

namespace starport::server {
namespace {

namespace fs = std::filesystem;
namespace beast = boost::beast;

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? std::string_view{} : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".webp") return "image/webp";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decodes a path; nothing for bad escapes or bytes no file name should hold.
std::optional<std::string> decode_path(std::string_view path) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%') {
      if (i + 2 >= path.size()) return std::nullopt;
      const int hi = hex_value(path[i + 1]);
      const int lo = hex_value(path[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return std::nullopt;
    out += c;
  }
  return out;
}

bool has_extension(std::string_view path) {
  const auto slash = path.rfind('/');
  return path.find('.', slash == std::string_view::npos ? 0 : slash) != std::string_view::npos;
}

template <class Body>
void common_headers(http::response<Body>& res, unsigned version, bool keep_alive) {
  res.version(version);
  res.set(http::field::server, "starport");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  res.keep_alive(keep_alive);
}

http::message_generator text_response(const http::request<http::string_body>& req,
                                      http::status status, std::string_view content_type,
                                      std::string body) {
  http::response<http::string_body> res{status, req.version()};
  common_headers(res, req.version(), req.keep_alive());
  res.set(http::field::content_type, content_type);
  res.set(http::field::cache_control, "no-store");
  res.body() = req.method() == http::verb::head ? std::string{} : std::move(body);
  res.prepare_payload();
  return res;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;   // not a browser: a browser always sends Origin on a WebSocket
  for (const std::string& a : allowed) {
    std::string_view entry = a;
    while (!entry.empty() && entry.back() == '/') entry.remove_suffix(1);
    if (iequals(origin, entry)) return true;
  }
  const auto scheme_end = origin.find("://");
  if (scheme_end == std::string_view::npos) return false;   // "null" and other opaque origins
  const std::string_view scheme = origin.substr(0, scheme_end);
  if (!iequals(scheme, "http") && !iequals(scheme, "https")) return false;
  const std::string_view origin_host = origin.substr(scheme_end + 3);
  if (origin_host.empty() || origin_host.find('/') != std::string_view::npos) return false;
  // The page came from this server when its origin names the host the browser asked for.
  return !host.empty() && iequals(origin_host, host);
}

std::optional<std::string> resolve_static(const std::string& web_root, std::string_view target) {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return std::nullopt;
  auto decoded = decode_path(path);
  if (!decoded) return std::nullopt;
  // No segment may climb: ".." anywhere is refused outright rather than normalised.
  for (std::size_t start = 1; start <= decoded->size();) {
    std::size_t end = decoded->find('/', start);
    if (end == std::string::npos) end = decoded->size();
    const std::string_view segment(decoded->data() + start, end - start);
    if (segment == ".." || segment == ".") return std::nullopt;
    start = end + 1;
  }
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(fs::path(web_root), ec);
  if (ec) return std::nullopt;
  fs::path file = root / decoded->substr(1);
  if (decoded->back() == '/') file /= "index.html";
  if (!fs::is_regular_file(file, ec)) {
    if (has_extension(*decoded)) return std::nullopt;
    file = root / "index.html";   // a client route, e.g. /lobby/abc: the app routes it
  }
  // A symlink must not lead out of the root either.
  const fs::path real = fs::weakly_canonical(file, ec);
  if (ec) return std::nullopt;
  const std::string real_text = real.string();
  const std::string root_text = root.string();
  if (real_text.compare(0, root_text.size(), root_text) != 0 ||
      (real_text.size() > root_text.size() && real_text[root_text.size()] != '/'))
    return std::nullopt;
  return real_text;
}

http::message_generator handle_request(http::request<http::string_body>&& req,
                                       const http_context& context) {
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text_response(req, http::status::method_not_allowed, "text/plain", "GET or HEAD only\n");
  const std::string_view target(req.target().data(), req.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/healthz" || path == "/readyz") {
    const health_answer h = context.health ? context.health() : health_answer{true, true, "ok\n"};
    const bool good = path == "/healthz" ? h.healthy : h.ready;
    return text_response(req, good ? http::status::ok : http::status::service_unavailable, "text/plain", h.text);
  }
  if (path == "/metrics")
    return text_response(req, http::status::ok, "text/plain; version=0.0.4",
                         context.metrics_text ? context.metrics_text() : std::string{});
  if (path == "/ws")
    return text_response(req, http::status::upgrade_required, "text/plain", "WebSocket only\n");

  const auto file = resolve_static(context.web_root, target);
  if (!file) return text_response(req, http::status::not_found, "text/plain", "not found\n");
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(file->c_str(), beast::file_mode::scan, ec);
  if (ec) return text_response(req, http::status::not_found, "text/plain", "not found\n");
  const auto size = body.size();
  const bool hashed_asset = path.find("/assets/") != std::string_view::npos;
  const char* cache = hashed_asset ? "public, max-age=31536000, immutable" : "no-cache";
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    common_headers(res, req.version(), req.keep_alive());
    res.set(http::field::content_type, mime_type(*file));
    res.set(http::field::cache_control, cache);
    res.content_length(size);
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  common_headers(res, req.version(), req.keep_alive());
  res.set(http::field::content_type, mime_type(*file));
  res.set(http::field::cache_control, cache);
  res.content_length(size);
  return res;
}

}  // namespace starport::server
