// `starport verify`: checks a match's fairness commitment (hex SHA-256 of salt ":" seed)
// and re-plays its log from the seed to the recorded result. From the database
// (--data, --match) or from a replay file (scenario JSON plus seed, salt, commitment).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include <boost/json.hpp>

#include "engine/core/scenario.hpp"
#include "server/tools/cli/commands.hpp"
#include "server/match/fairness.hpp"
#include "server/match/recovery.hpp"
#include "storage/database.hpp"

namespace starport::cli {
namespace {

namespace json = boost::json;

struct verify_args {
  std::string file;
  std::string data = "./data";
  std::string match_id;
  std::string commitment;   // the one a client received at the start, to compare
  std::string export_file;
};

// What a match claims, and what re-playing it shows.
struct claim {
  std::string match_id;
  std::uint64_t seed = 0;
  std::string salt;
  std::string commitment;
  std::unique_ptr<engine::match> game;
  std::vector<engine::action> actions;
  bool finished = false;
  std::vector<std::uint32_t> winners;
  std::string reason;
};

// `no_result`: the record says the server ended the match without a result (docs/server.md,
// "A match that cannot go on"), and the log re-plays to where it stopped.
int report(const claim& c, const std::string& problem, std::size_t replayed, bool no_result = false) {
  json::object out;
  out["match"] = c.match_id;
  out["commitment"] = c.commitment;
  out["actions"] = c.actions.size();
  out["replayed"] = replayed;
  if (c.game) {
    const engine::outcome o = c.game->result();
    out["over"] = o.over;
    json::array winners;
    for (int s = 0; s < c.game->seat_count(); ++s)
      if (engine::has_seat(o.winners, s)) winners.push_back(s);
    out["winners"] = winners;
    out["reason"] = o.reason;
  }
  if (no_result) {
    out["no_result"] = true;
    out["reason"] = c.reason;   // the server's words: the rules never ended it
  }
  out["verified"] = problem.empty();
  if (!problem.empty()) out["problem"] = problem;
  std::cout << json::serialize(out) << "\n";
  return problem.empty() ? 0 : 1;
}

int check(claim& c, const std::string& expected_commitment) {
  if (server::seed_commitment(c.seed, c.salt) != c.commitment)
    return report(c, "the seed and salt do not match the commitment", 0);
  if (!expected_commitment.empty() && expected_commitment != c.commitment)
    return report(c, "the commitment differs from the one given", 0);
  if (!c.game) return report(c, "the match cannot be dealt from its record", 0);
  std::size_t replayed = 0;
  for (const engine::action& a : c.actions) {
    if (!c.game->play(a)) return report(c, "action " + std::to_string(replayed) + " is refused by the rules", replayed);
    ++replayed;
  }
  const engine::outcome o = c.game->result();
  if (!c.finished) return report(c, o.over ? "the log ends the match but no result was recorded" : "", replayed);
  std::vector<std::uint32_t> winners;
  for (int s = 0; s < c.game->seat_count(); ++s)
    if (engine::has_seat(o.winners, s)) winners.push_back(static_cast<std::uint32_t>(s));
  // No winner claimed where the rules did not end it: the server ended it without a result.
  if (!o.over && c.winners.empty()) return report(c, "", replayed, true);
  if (!o.over) return report(c, "the recorded result is not reached: the log stops before the end", replayed);
  // Matches recorded before JFK's outcome named the Eastern bloc's win read "scored" with no
  // winners; the same result now reads "eastern_bloc_won".
  const bool renamed = c.reason == "scored" && std::string_view(o.reason) == "eastern_bloc_won";
  if (winners != c.winners || (o.reason != c.reason && !renamed))
    return report(c, "the re-played result differs from the recorded one", replayed);
  return report(c, "", replayed);
}

claim from_database(const verify_args& args, storage::match_record& record) {
  const std::string path = (std::filesystem::path(args.data) / "starport.db").string();
  if (!std::filesystem::exists(path)) throw CLI::ValidationError("--data", "no database at " + path);
  storage::database db(path);
  auto found = db.match(args.match_id);
  if (!found) throw CLI::ValidationError("--match", "no match " + args.match_id + " in " + path);
  record = *found;
  claim c;
  c.match_id = record.id;
  c.seed = record.seed;
  c.salt = record.salt;
  c.commitment = server::seed_commitment(record.seed, record.salt);
  std::string why;
  c.game = server::deal_match(record, why);
  std::uint32_t expected = 0;
  for (const storage::logged_action& a : db.actions(record.id)) {
    if (a.index != expected++) throw CLI::ValidationError("--match", "the action log has a gap");
    c.actions.push_back(a.move);
  }
  c.finished = record.finished;
  c.winners = record.winners;
  c.reason = record.end_reason;
  return c;
}

claim from_file(const std::string& path) {
  json::value doc;
  try {
    doc = json::parse(read_file(path));
  } catch (const std::exception& e) {
    throw CLI::ValidationError(path, std::string("not JSON: ") + e.what());
  }
  if (!doc.is_object()) throw CLI::ValidationError(path, "expected a JSON object");
  json::object& o = doc.as_object();
  claim c;
  const json::value* salt = o.if_contains("salt");
  const json::value* commitment = o.if_contains("commitment");
  if (!salt || !salt->is_string() || !commitment || !commitment->is_string())
    throw CLI::ValidationError(path, "a replay to verify needs \"salt\" and \"commitment\"");
  c.salt = json::value_to<std::string>(*salt);
  c.commitment = json::value_to<std::string>(*commitment);
  if (const json::value* id = o.if_contains("match_id"); id && id->is_string()) c.match_id = json::value_to<std::string>(*id);
  if (const json::value* outcome = o.if_contains("outcome"); outcome && outcome->is_object()) {
    c.finished = true;
    for (const json::value& w : outcome->as_object().at("winners").as_array())
      c.winners.push_back(json::value_to<std::uint32_t>(w));
    c.reason = json::value_to<std::string>(outcome->as_object().at("reason"));
  }
  for (const char* key : record_fields) o.erase(key);
  engine::scenario sc;
  std::string error;
  if (!engine::parse_scenario(json::serialize(doc), sc, error)) throw CLI::ValidationError(path, error);
  if (sc.position) throw CLI::ValidationError(path, "a replay starts from its seed, not from a position");
  c.seed = sc.seed;
  c.game = sc.start();
  c.actions = sc.actions;
  return c;
}

// The replay file `starport verify FILE` reads, for a finished match only (it shows the seed).
void export_replay(const storage::match_record& record, const claim& c, const std::string& path) {
  if (!record.finished) throw CLI::ValidationError("--export", "the match is still running; its seed stays secret");
  std::string why;
  auto start = server::deal_match(record, why);
  if (!start) throw CLI::ValidationError("--export", why);
  const engine::game_info& game = start->info();
  engine::message_ptr options = game.new_options();
  options->ParseFromString(record.options);
  // A deck game's file names each seat's list, as fixed in the match record at its start.
  std::vector<engine::deck_list> decks;
  if (game.decks)
    for (const storage::seat_record& s : record.seats) decks.push_back(s.deck);
  json::value doc = json::parse(engine::scenario_json(game, static_cast<int>(record.seats.size()), record.seed,
                                                      *options, c.actions, decks));
  json::object& o = doc.as_object();
  o["match_id"] = record.id;
  o["salt"] = record.salt;
  o["commitment"] = c.commitment;
  json::array winners;
  for (std::uint32_t w : record.winners) winners.push_back(w);
  o["outcome"] = json::object{{"winners", winners}, {"reason", record.end_reason}};
  std::ofstream out(path);
  out << json::serialize(doc) << "\n";
  if (!out) throw CLI::ValidationError("--export", "cannot write " + path);
}

int run_checked(const verify_args& args) {
  if (!args.file.empty()) {
    claim c = from_file(args.file);
    return check(c, args.commitment);
  }
  if (args.match_id.empty()) throw CLI::ValidationError("verify", "give a replay file, or --data and --match");
  storage::match_record record;
  claim c = from_database(args, record);
  if (!args.export_file.empty()) export_replay(record, c, args.export_file);
  return check(c, args.commitment);
}

int run_verify(const verify_args& args) {
  try {
    return run_checked(args);
  } catch (const CLI::Error&) {
    throw;
  } catch (const std::exception& e) {
    // A malformed file or an unreadable database: not verified, and say why.
    std::cerr << "verify: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace

void add_verify(CLI::App& app) {
  auto args = std::make_shared<verify_args>();
  CLI::App* cmd = app.add_subcommand("verify", "check a match's seed commitment and re-play it to its result");
  cmd->add_option("file", args->file, "replay file (JSON with seed, salt, commitment), - for stdin");
  cmd->add_option("--data", args->data, "data directory holding starport.db")->envname("STARPORT_DATA");
  cmd->add_option("--match", args->match_id, "match id in the database");
  cmd->add_option("--commitment", args->commitment, "the commitment received at the start, to compare");
  cmd->add_option("--export", args->export_file, "also write the finished match as a replay file");
  cmd->callback([args] { std::exit(run_verify(*args)); });
}

}  // namespace starport::cli
