#pragma once
// Namespace aliases shared by the network classes, as in Beast's examples.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

namespace starport::server {

namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;
using strand = net::strand<net::io_context::executor_type>;

}  // namespace starport::server
