#pragma once
// One HTTP connection: static files, health and metrics, or the upgrade to /ws.
#include <memory>
#include <optional>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/net/net.hpp"

namespace starport::server {

class shared_state;

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  // `slot`: this socket's place in the connection quotas (address_quota), handed on to the
  // WebSocket after an upgrade; freed when the connection ends.
  http_session(tcp::socket&& socket, std::shared_ptr<shared_state> state, std::shared_ptr<void> slot = {});
  void run();

 private:
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void refuse_upgrade();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::shared_ptr<shared_state> state_;
  std::shared_ptr<void> slot_;   // after state_: released before it
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace starport::server
