// `starport replay` and `starport scenario`: apply a file's actions from its starting
// position (dealt from the seed, or explicit) and print what came of it.
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "engine/core/scenario.hpp"
#include "server/cli/commands.hpp"

namespace starport::cli {
namespace {

struct run_args {
  std::string file;
  long long at = -1;   // apply only the first N actions
};

// Applies the actions; on a refused one prints which and why. Returns the count applied.
std::size_t apply_all(const engine::scenario& sc, engine::match& m, long long limit, bool& failed) {
  std::size_t applied = 0;
  failed = false;
  for (const engine::action& a : sc.actions) {
    if (limit >= 0 && applied >= static_cast<std::size_t>(limit)) break;
    engine::verdict v = m.play(a);
    if (!v) {
      std::cerr << "action " << applied + 1 << " (" << sc.game->action_text(a) << ") refused: "
                << v.detail << "\n";
      failed = true;
      break;
    }
    ++applied;
  }
  return applied;
}

std::string outcome_json(const engine::match& m) {
  engine::outcome o = m.result();
  std::string out = "{\"over\": " + std::string(o.over ? "true" : "false") + ", \"winners\": [";
  bool first = true;
  for (int s = 0; s < m.seat_count(); ++s)
    if (engine::has_seat(o.winners, s)) {
      out += (first ? "" : ", ") + std::to_string(s);
      first = false;
    }
  return out + "], \"reason\": \"" + o.reason + "\"}";
}

engine::scenario load(const std::string& path) {
  engine::scenario sc;
  std::string error;
  if (!engine::parse_scenario(read_file(path), sc, error)) throw CLI::ValidationError(path, error);
  return sc;
}

int run_replay(const run_args& args) {
  engine::scenario sc = load(args.file);
  auto m = sc.start();
  bool failed = false;
  std::size_t applied = apply_all(sc, *m, args.at, failed);
  std::cout << "{\n\"game\": \"" << sc.game->id << "\",\n\"actions_applied\": " << applied
            << ",\n\"outcome\": " << outcome_json(*m) << ",\n\"state\": "
            << engine::to_json(*m->view(engine::viewer::omniscient())) << "\n}\n";
  return failed ? 1 : 0;
}

int run_scenario(const run_args& args) {
  engine::scenario sc = load(args.file);
  auto m = sc.start();
  bool failed = false;
  std::size_t applied = apply_all(sc, *m, args.at, failed);
  std::cout << "{\n\"game\": \"" << sc.game->id << "\",\n\"actions_applied\": " << applied
            << ",\n\"outcome\": " << outcome_json(*m) << ",\n\"views\": {\n";
  for (int s = 0; s < m->seat_count(); ++s)
    std::cout << "\"seat" << s << "\": " << engine::to_json(*m->view(engine::viewer::of_seat(s))) << ",\n";
  std::cout << "\"spectator\": " << engine::to_json(*m->view(engine::viewer::spectator())) << "\n}\n}\n";
  return failed ? 1 : 0;
}

}  // namespace

std::string read_file(const std::string& path) {
  if (path == "-") return {std::istreambuf_iterator<char>(std::cin), {}};
  std::ifstream in(path);
  if (!in) throw CLI::ValidationError(path, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void add_replay(CLI::App& app) {
  auto args = std::make_shared<run_args>();
  CLI::App* cmd = app.add_subcommand("replay", "re-play options + seed + action log; print the final state");
  cmd->add_option("file", args->file, "replay file (JSON, docs/scenarios.md), - for stdin")->required();
  cmd->add_option("--at", args->at, "apply only the first N actions");
  cmd->callback([args] { std::exit(run_replay(*args)); });
}

void add_scenario(CLI::App& app) {
  auto args = std::make_shared<run_args>();
  CLI::App* cmd = app.add_subcommand("scenario", "start from an explicit position, apply actions, print every view");
  cmd->add_option("file", args->file, "scenario file (JSON, docs/scenarios.md), - for stdin")->required();
  cmd->add_option("--at", args->at, "apply only the first N actions");
  cmd->callback([args] { std::exit(run_scenario(*args)); });
}

}  // namespace starport::cli
