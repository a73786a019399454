#pragma once
// Randomness from the OS CSPRNG (getrandom) and SHA-256 (OpenSSL): tokens, invite codes,
// match seeds and fairness commitments. Never the engine's PCG, which is predictable.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace starport::server {

// Fills `out` from getrandom(2); throws std::runtime_error if the kernel refuses.
void random_bytes(void* out, std::size_t size);
std::uint64_t random_u64();
// `bits` random bits (a multiple of 8) as lower-case hex.
std::string random_hex(int bits);

std::string to_hex(const unsigned char* data, std::size_t size);
// Lower-case hex of SHA-256 over the bytes of `text`.
std::string sha256_hex(std::string_view text);

// True for a string of exactly `length` lower-case hex digits.
bool is_hex(std::string_view text, std::size_t length);

}  // namespace starport::server
