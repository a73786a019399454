#pragma once
// The `starport` subcommands. Each adds itself to the CLI11 app and runs when chosen.
#include <CLI/CLI.hpp>

namespace starport::cli {

void add_simulate(CLI::App& app);
void add_replay(CLI::App& app);
void add_scenario(CLI::App& app);
void add_diff_fixtures(CLI::App& app);
void add_train_dictionary(CLI::App& app);
void add_loadgen(CLI::App& app);
void add_serve(CLI::App& app);
void add_verify(CLI::App& app);

// Reads a whole file (or standard input for "-"); throws CLI::Error with a message.
std::string read_file(const std::string& path);

// What `verify --export` adds to a scenario (docs/scenarios.md): the match record's fairness
// fields, which `verify` checks and `replay` and `scenario` leave aside.
inline constexpr const char* record_fields[] = {"salt", "commitment", "match_id", "outcome"};

}  // namespace starport::cli
