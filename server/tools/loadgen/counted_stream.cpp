#include "server/tools/loadgen/counted_stream.hpp"

namespace starport::loadgen {

void message_sizes::feed(const unsigned char* p, std::size_t n) {
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
      complete_.push_back(message_);
      message_ = 0;
      final_ = false;
    }
  }
}

std::uint64_t message_sizes::take() {
  if (complete_.empty()) return 0;
  const std::uint64_t size = complete_.front();
  complete_.pop_front();
  return size;
}

}  // namespace starport::loadgen
