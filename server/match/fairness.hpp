#pragma once
// Provably fair shuffles (docs/protocol.md, "Fair shuffles"): the server commits to
// hex(SHA-256(salt + ":" + decimal seed)) at the start and reveals seed and salt at the end.
#include <cstdint>
#include <string>

namespace starport::server {

struct fair_seed {
  std::uint64_t seed = 0;
  std::string salt;   // 128 random bits, hex
};

fair_seed draw_fair_seed();
std::string seed_commitment(std::uint64_t seed, const std::string& salt);

}  // namespace starport::server
