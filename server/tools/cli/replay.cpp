// `starport replay` and `starport scenario`: apply a file's actions from its starting
// position (dealt from the seed, or explicit) and print what came of it.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include <boost/json.hpp>

#include "engine/core/scenario.hpp"
#include "engine/core/words.hpp"
#include "server/tools/cli/commands.hpp"

namespace starport::cli {
namespace {

namespace json = boost::json;

struct run_args {
  std::string file;
  long long at = -1;   // apply only the first N actions
  bool trace = false;  // print every seat's view after each action (JSON lines)
};

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// The seats' labels ("Dwarves", "ESA"): the CLI's names for "{seat:N}" in log words.
std::vector<std::string> seat_labels(const engine::scenario& sc, const engine::match& m) {
  std::vector<std::string> out;
  for (int s = 0; s < m.seat_count(); ++s) out.push_back(sc.game->seat_label(m, s));
  return out;
}

std::string outcome_json(const engine::match& m);

// One line of a --trace (docs/scenarios.md, "Tracing"): the step (0 = the start), the
// action and its log words (absent at the start), the outcome so far, and every seat's
// view plus the spectator's, each as that viewer receives it. `omniscient` (replay) adds
// the whole state.
void trace_line(const engine::scenario& sc, const engine::match& m, std::size_t step,
                const engine::action* a, const std::string* words, bool omniscient) {
  std::string out = "{\"step\": " + std::to_string(step);
  if (a != nullptr) out += ", \"action\": " + json_string(sc.game->action_text(*a));
  if (words != nullptr) out += ", \"log\": " + json_string(*words);
  out += ", \"outcome\": " + outcome_json(m) + ", \"views\": {";
  for (int s = 0; s < m.seat_count(); ++s)
    out += "\"seat" + std::to_string(s) + "\": " + engine::to_json(*m.view(engine::viewer::of_seat(s)), false) + ", ";
  out += "\"spectator\": " + engine::to_json(*m.view(engine::viewer::spectator()), false) + "}";
  if (omniscient) out += ", \"state\": " + engine::to_json(*m.view(engine::viewer::omniscient()), false);
  std::cout << out << "}\n";
}

// Applies the actions; on a refused one prints which and why. Returns the count applied.
// `log` gets each applied action's public words and effects, as the match log shows them.
// `trace` (0: none, 1: views, 2: views and the omniscient state) prints a line per action.
std::size_t apply_all(const engine::scenario& sc, engine::match& m, long long limit, bool& failed,
                      std::vector<std::string>& log, int trace = 0) {
  std::size_t applied = 0;
  failed = false;
  const std::vector<std::string> names = seat_labels(sc, m);
  if (trace) trace_line(sc, m, 0, nullptr, nullptr, trace > 1);
  for (const engine::action& a : sc.actions) {
    if (limit >= 0 && applied >= static_cast<std::size_t>(limit)) break;
    std::string words = m.describe(a);
    engine::verdict v = m.play(a);
    if (!v) {
      std::cerr << "action " << applied + 1 << " (" << sc.game->action_text(a) << ") refused: "
                << v.detail << "\n";
      failed = true;
      break;
    }
    log.push_back(engine::fill_seat_names(engine::join_words(std::move(words), m.describe_effects()), names,
                                          m.info().cards()));
    ++applied;
    if (trace) trace_line(sc, m, applied, &a, &log.back(), trace > 1);
  }
  return applied;
}

std::string log_json(const std::vector<std::string>& log) {
  std::string out = "[";
  for (std::size_t i = 0; i < log.size(); ++i) out += (i ? ",\n  " : "\n  ") + json_string(log[i]);
  return out + (log.empty() ? "]" : "\n]");
}

// What the deal set off before the first action, as the match log opens with it.
std::string opening_json(const engine::scenario& sc, const engine::match& m) {
  return json_string(engine::fill_seat_names(m.describe_setup(), seat_labels(sc, m), m.info().cards()));
}

std::string seats_json(const engine::scenario& sc, const engine::match& m) {
  std::string out = "[";
  for (const std::string& label : seat_labels(sc, m)) out += (out.size() > 1 ? ", " : "") + json_string(label);
  return out + "]";
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

// --trace's last line: what the run came to (the views are on the line before).
void trace_end(const engine::scenario& sc, const engine::match& m, std::size_t applied, bool failed) {
  std::cout << "{\"game\": \"" << sc.game->id << "\", \"seats\": " << seats_json(sc, m)
            << ", \"actions_applied\": " << applied << ", \"refused\": " << (failed ? "true" : "false")
            << ", \"outcome\": " << outcome_json(m) << "}\n";
}

// A scenario, or a replay file `verify --export` wrote (its record's fields left aside).
engine::scenario load(const std::string& path) {
  std::string text = read_file(path);
  boost::system::error_code bad;
  json::value doc = json::parse(text, bad);
  if (!bad && doc.is_object()) {
    bool had = false;
    for (const char* key : record_fields) had = doc.as_object().erase(key) > 0 || had;
    if (had) text = json::serialize(doc);
  }
  engine::scenario sc;
  std::string error;
  if (!engine::parse_scenario(text, sc, error)) throw CLI::ValidationError(path, error);
  return sc;
}

int run_replay(const run_args& args) {
  engine::scenario sc = load(args.file);
  auto m = sc.start();
  const std::string opening = opening_json(sc, *m);
  bool failed = false;
  std::vector<std::string> log;
  std::size_t applied = apply_all(sc, *m, args.at, failed, log, args.trace ? 2 : 0);
  if (args.trace) {
    trace_end(sc, *m, applied, failed);
    return failed ? 1 : 0;
  }
  std::cout << "{\n\"game\": \"" << sc.game->id << "\",\n\"seats\": " << seats_json(sc, *m)
            << ",\n\"actions_applied\": " << applied << ",\n\"outcome\": " << outcome_json(*m)
            << ",\n\"opening\": " << opening << ",\n\"log\": " << log_json(log) << ",\n\"state\": "
            << engine::to_json(*m->view(engine::viewer::omniscient())) << "\n}\n";
  return failed ? 1 : 0;
}

int run_scenario(const run_args& args) {
  engine::scenario sc = load(args.file);
  auto m = sc.start();
  const std::string opening = opening_json(sc, *m);
  bool failed = false;
  std::vector<std::string> log;
  std::size_t applied = apply_all(sc, *m, args.at, failed, log, args.trace ? 1 : 0);
  if (args.trace) {
    trace_end(sc, *m, applied, failed);
    return failed ? 1 : 0;
  }
  std::cout << "{\n\"game\": \"" << sc.game->id << "\",\n\"seats\": " << seats_json(sc, *m)
            << ",\n\"actions_applied\": " << applied << ",\n\"outcome\": " << outcome_json(*m)
            << ",\n\"opening\": " << opening << ",\n\"log\": " << log_json(log) << ",\n\"views\": {\n";
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
  cmd->add_flag("--trace", args->trace,
                "JSON lines: every seat's, the spectator's and the omniscient view after each action");
  cmd->callback([args] { std::exit(run_replay(*args)); });
}

void add_scenario(CLI::App& app) {
  auto args = std::make_shared<run_args>();
  CLI::App* cmd = app.add_subcommand("scenario", "start from an explicit position, apply actions, print every view");
  cmd->add_option("file", args->file, "scenario file (JSON, docs/scenarios.md), - for stdin")->required();
  cmd->add_option("--at", args->at, "apply only the first N actions");
  cmd->add_flag("--trace", args->trace, "JSON lines: every seat's and the spectator's view after each action");
  cmd->callback([args] { std::exit(run_scenario(*args)); });
}

}  // namespace starport::cli
