#include "server/tools/loadgen/counted_stream.hpp"

#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include <boost/asio/error.hpp>

namespace starport::loadgen {

void message_sizes::feed(const unsigned char* p, std::size_t n, wall_clock::time_point arrived) {
  while (n > 0) {
    if (have_ == 0 && payload_left_ > 0) {
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(payload_left_, n));
      payload_left_ -= k;
      if (!control_) message_ += k;
      p += k;
      n -= k;
    } else {
      header_[have_++] = *p++;
      --n;
      if (have_ < 2) continue;
      // Length: 7 bits, or 126 then 16 bits, or 127 then 64 bits; then a mask key if masked.
      const unsigned short_length = header_[1] & 0x7fu;
      const std::size_t extended = short_length == 126 ? 2 : short_length == 127 ? 8 : 0;
      const std::size_t header_size = 2 + extended + ((header_[1] & 0x80u) ? 4 : 0);
      if (have_ < header_size) continue;
      payload_left_ = short_length;
      if (extended > 0) {
        payload_left_ = 0;
        for (std::size_t i = 0; i < extended; ++i) payload_left_ = (payload_left_ << 8) | header_[2 + i];
      }
      final_ = (header_[0] & 0x80u) != 0;
      control_ = (header_[0] & 0x08u) != 0;   // opcodes 8–15
      if (!control_) message_ += header_size;
      have_ = 0;
    }
    if (have_ == 0 && payload_left_ == 0 && final_ && !control_) {
      complete_.push_back({message_, arrived});
      message_ = 0;
      final_ = false;
    }
  }
}

message_sizes::message message_sizes::take() {
  if (complete_.empty()) return {};
  const message m = complete_.front();
  complete_.pop_front();
  return m;
}

void counted_stream::stamp_arrivals(boost::beast::error_code& ec) {
  const int on = 1;
  if (::setsockopt(socket().native_handle(), SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) != 0) {
    ec.assign(errno, boost::system::system_category());
    return;
  }
  stamping_ = true;
}

bool counted_stream::receive(iovec* parts, std::size_t count, boost::beast::error_code& ec, std::size_t& bytes,
                             wall_clock::time_point& arrived) {
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
  msghdr msg{};
  msg.msg_iov = parts;
  msg.msg_iovlen = count;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t got;
  do {
    got = ::recvmsg(socket().native_handle(), &msg, MSG_DONTWAIT);
  } while (got < 0 && errno == EINTR);
  if (got < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK) return false;
    ec.assign(errno, boost::system::system_category());
    return true;
  }
  bytes = static_cast<std::size_t>(got);
  if (got == 0) {
    if (count > 0) ec = boost::asio::error::eof;   // as Asio reports a stream's end
    return true;
  }
  // The newest segment this read took (TCP stamps a read with its last one).
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_TIMESTAMPNS) continue;
    timespec ts{};
    std::memcpy(&ts, CMSG_DATA(c), sizeof ts);
    arrived = wall_clock::time_point(std::chrono::duration_cast<wall_clock::duration>(
        std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec)));
  }
  return true;
}

}  // namespace starport::loadgen
