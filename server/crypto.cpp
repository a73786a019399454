#include "server/crypto.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

#include <openssl/sha.h>

namespace starport::server {

void random_bytes(void* out, std::size_t size) {
  auto* p = static_cast<unsigned char*>(out);
  std::size_t done = 0;
  // getrandom may return fewer bytes than asked (signals, large requests): loop, bounded.
  for (int attempt = 0; done < size && attempt < 64; ++attempt) {
    ssize_t n = ::getrandom(p + done, size - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    done += static_cast<std::size_t>(n);
  }
  if (done < size) throw std::runtime_error("getrandom returned too few bytes");
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  random_bytes(&v, sizeof v);
  return v;
}

std::string to_hex(const unsigned char* data, std::size_t size) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(size * 2, '0');
  for (std::size_t i = 0; i < size; ++i) {
    out[2 * i] = digits[data[i] >> 4];
    out[2 * i + 1] = digits[data[i] & 15];
  }
  return out;
}

std::string random_hex(int bits) {
  std::vector<unsigned char> bytes(static_cast<std::size_t>(bits / 8));
  random_bytes(bytes.data(), bytes.size());
  return to_hex(bytes.data(), bytes.size());
}

std::string sha256_hex(std::string_view text) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
  return to_hex(digest, sizeof digest);
}

bool is_hex(std::string_view text, std::size_t length) {
  if (text.size() != length) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace starport::server
