#include "server/net/http_session.hpp"

#include <chrono>
#include <iostream>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "server/net/http_handler.hpp"
#include "server/shared_state.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

namespace {
constexpr std::uint64_t request_body_limit = 8 * 1024;   // GETs and upgrades carry no body

void fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == http::error::end_of_stream ||
      ec == beast::error::timeout || ec == net::error::connection_reset)
    return;
  std::cerr << "http " << what << ": " << ec.message() << "\n";
}
}  // namespace

http_session::http_session(tcp::socket&& socket, std::shared_ptr<shared_state> state, std::shared_ptr<void> slot)
    : stream_(std::move(socket)), state_(std::move(state)), slot_(std::move(slot)) {}

void http_session::run() {
  // Start on the connection's strand.
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

void http_session::do_read() {
  // A fresh parser per request: the body limit applies to each.
  parser_.emplace();
  parser_->body_limit(request_body_limit);
  parser_->header_limit(16 * 1024);
  // Short: an idle HTTP connection holds a descriptor and a slot of the connection limit.
  stream_.expires_after(state_->settings().http_idle);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                     self->on_read(ec, bytes);
                   });
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec) return fail(ec, "read");

  if (websocket::is_upgrade(parser_->get())) {
    const auto target = parser_->get().target();
    if (target == "/ws" || target.starts_with("/ws?")) {
      const auto& req = parser_->get();
      if (!origin_allowed(req[http::field::origin], req[http::field::host], state_->settings().allowed_origins)) {
        state_->stats().refused(metrics::refusal::origin);
        return refuse_upgrade();
      }
      // The WebSocket takes over the socket and its slot; this session ends here.
      beast::get_lowest_layer(stream_).expires_never();
      std::make_shared<websocket_session>(stream_.release_socket(), state_, std::move(slot_))
          ->run(parser_->release());
      return;
    }
  }
  http_context context{state_->settings().web_root,
                       [state = state_] { return state->stats().render(state->storage().queue_depth()); },
                       [state = state_] {
                         const auto r = state->health().now(state->storage().queue_depth(),
                                                            std::chrono::steady_clock::now());
                         return health_answer{r.healthy, r.ready, r.text};
                       }};
  http::message_generator response = handle_request(parser_->release(), context);
  const bool keep_alive = response.keep_alive();
  beast::async_write(stream_, std::move(response),
                     [self = shared_from_this(), keep_alive](beast::error_code e, std::size_t n) {
                       self->on_write(keep_alive, e, n);
                     });
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  if (!keep_alive) return do_close();
  do_read();
}

void http_session::refuse_upgrade() {
  // A page from another site may not open a game connection in its visitor's name.
  http::response<http::string_body> res{http::status::forbidden, parser_->get().version()};
  res.set(http::field::server, "starport");
  res.set(http::field::content_type, "text/plain");
  res.keep_alive(false);
  res.body() = "This page's origin may not connect to this server.\n";
  res.prepare_payload();
  beast::async_write(stream_, http::message_generator(std::move(res)),
                     [self = shared_from_this()](beast::error_code e, std::size_t n) {
                       self->on_write(false, e, n);
                     });
}

void http_session::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace starport::server
