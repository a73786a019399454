#include "server/match/fairness.hpp"

#include "server/crypto.hpp"

namespace starport::server {

fair_seed draw_fair_seed() { return {random_u64(), random_hex(128)}; }

std::string seed_commitment(std::uint64_t seed, const std::string& salt) {
  return sha256_hex(salt + ":" + std::to_string(seed));
}

}  // namespace starport::server
