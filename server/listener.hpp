#pragma once
// Accepts TCP connections; each new connection gets its own strand and an http_session.
#include <memory>

#include <boost/beast/core/error.hpp>

#include "server/net.hpp"

namespace starport::server {

class shared_state;

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Throws boost::system::system_error when the address cannot be bound.
  listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<shared_state> state);
  void run();
  void stop();   // any thread: close the acceptor, accept no more
  tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, tcp::socket socket);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  std::shared_ptr<shared_state> state_;
};

}  // namespace starport::server
