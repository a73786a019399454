#include "server/listener.hpp"

#include <iostream>

#include <boost/asio/strand.hpp>

#include "server/http_session.hpp"

namespace starport::server {

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<shared_state> state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), state_(std::move(state)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

void listener::run() { do_accept(); }

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::do_accept() {
  // The new connection gets its own strand.
  acceptor_.async_accept(net::make_strand(ioc_),
                         [self = shared_from_this()](boost::beast::error_code ec, tcp::socket socket) {
                           self->on_accept(ec, std::move(socket));
                         });
}

void listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec)
    std::cerr << "accept: " << ec.message() << "\n";   // e.g. out of descriptors: keep serving
  else {
    // Small frames must leave at once: Nagle plus delayed ACKs would add 40 ms.
    boost::beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<http_session>(std::move(socket), state_)->run();
  }
  do_accept();
}

}  // namespace starport::server
