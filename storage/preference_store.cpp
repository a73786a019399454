#include "storage/preference_store.hpp"

namespace starport::storage {

preference_store::preference_store(sqlite3* db)
    : upsert_(db,
              "INSERT INTO match_preferences (match_id, seat, choices, updated_ms) VALUES (?1, ?2, ?3, ?4)"
              " ON CONFLICT (match_id, seat) DO UPDATE SET choices = excluded.choices,"
              " updated_ms = excluded.updated_ms"),
      of_match_(db, "SELECT seat, choices FROM match_preferences WHERE match_id = ?1 ORDER BY seat") {}

void preference_store::set(const std::string& match_id, const seat_preferences& p, std::int64_t at_ms) {
  auto q = upsert_.start("set_preferences");
  const std::string bytes(p.choices.begin(), p.choices.end());
  q.bind_text(1, match_id).bind(2, p.seat).bind_blob(3, bytes).bind(4, at_ms);
  q.run();
}

std::vector<seat_preferences> preference_store::of_match(const std::string& match_id) {
  std::vector<seat_preferences> out;
  auto q = of_match_.start("preferences");
  q.bind_text(1, match_id);
  while (q.step()) {
    const std::string bytes = q.blob(1);
    out.push_back({static_cast<std::uint32_t>(q.integer(0)), std::vector<std::uint8_t>(bytes.begin(), bytes.end())});
  }
  return out;
}

}  // namespace starport::storage
