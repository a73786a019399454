// starport: the server and its tools in one binary.
#include <CLI/CLI.hpp>

#include "server/tools/cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Starport: authoritative server for five space-themed tabletop games"};
  app.require_subcommand(1);
  starport::cli::add_simulate(app);
  starport::cli::add_replay(app);
  starport::cli::add_scenario(app);
  starport::cli::add_diff_fixtures(app);
  starport::cli::add_train_dictionary(app);
  starport::cli::add_loadgen(app);
  starport::cli::add_serve(app);
  starport::cli::add_verify(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
