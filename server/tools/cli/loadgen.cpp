// `starport loadgen`: the load benchmark (server/tools/loadgen/). It starts its own server by
// default, or measures one already running on loopback.
#include <cstdlib>
#include <memory>

#include "server/tools/cli/commands.hpp"
#include "server/tools/loadgen/loadgen.hpp"

namespace starport::cli {

void add_loadgen(CLI::App& app) {
  auto cfg = std::make_shared<loadgen::config>();
  CLI::App* cmd = app.add_subcommand(
      "loadgen", "play M concurrent 2-player matches (Space War unless --game) over loopback "
                 "WebSockets; print one JSON line of figures");
  cmd->add_option("--game", cfg->game,
                  "the game played (a registered id: space_war, space_race, terminus, scoundrels, "
                  "quasar_search); deck games take starter decks")
      ->capture_default_str();
  cmd->add_option("-m,--matches", cfg->matches, "concurrent matches (two clients each)")
      ->capture_default_str()->check(CLI::Range(1, 20000));
  cmd->add_option("--moves", cfg->moves, "actions sent per match, both seats together")
      ->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--seconds", cfg->seconds, "the whole run's time limit")
      ->capture_default_str()->check(CLI::Range(1.0, 3600.0));
  cmd->add_option("--threads", cfg->threads, "client io threads")
      ->capture_default_str()->check(CLI::Range(1, 16));
  cmd->add_option("--think-ms", cfg->think_ms,
                  "each seat waits this long before each action (0: acts at once, the "
                  "benchmark as specified); paces the offered load")
      ->capture_default_str()->check(CLI::Range(0.0, 60000.0));
  cmd->add_option("--jitter", cfg->jitter,
                  "each pause is think-ms times a uniform draw from [1-j, 1+j], so paced seats "
                  "do not act in lockstep")
      ->capture_default_str()->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--turn-seconds", cfg->turn_seconds,
                  "every lobby's turn timer, as real tables have (0: none)")
      ->capture_default_str()->check(CLI::Range(0, 3600));
  cmd->add_option("--ramp-seconds", cfg->ramp_seconds,
                  "spread the matches' starts evenly over this long (0: all at once)")
      ->capture_default_str()->check(CLI::Range(0.0, 600.0));
  cmd->add_flag("--idle", cfg->idle,
                "connect and say Hello only, hold the connections for --seconds, and report "
                "the server's memory with them open");
  cmd->add_flag("--no-arrival-stamps{false}", cfg->stamp_arrivals,
                "read with Asio's own reads, without the kernel's receive stamps (to measure what the "
                "stamps cost the load generator)");
  cmd->add_flag("--plain{false}", cfg->packed,
                "ask for plain view updates (by default the clients name every view dictionary, as "
                "the web client does, and view updates come packed)");
  cmd->add_flag("--reconnect", cfg->reconnect,
                "a connection lost during play comes back as a page does (backoff, Hello with its token, "
                "Resync) and plays on; the report gives each match's outage (for a server restarted under it)");
  cmd->add_flag("--compress", cfg->compress,
                "offer permessage-deflate as browsers do (a server this run starts gets --ws-compress)");
  cmd->add_option("--server-arg", cfg->server_args,
                  "one more flag for the server this run starts, e.g. --server-arg=--ws-compress-window-bits=10; "
                  "repeatable")
      ->allow_extra_args(false);
  auto* url = cmd->add_option("--url", cfg->url,
                              "a running server, e.g. ws://127.0.0.1:8080/ws (loopback only)");
  cmd->add_option("--server-pid", cfg->server_pid, "that server's pid, for CPU and memory")
      ->needs(url);
  cmd->add_option("--server-exe", cfg->server_exe, "the binary to run as `serve`")
      ->capture_default_str()->excludes(url);
  cmd->add_flag("--keep-data", cfg->keep_data, "keep the started server's data directory");
  cmd->callback([cfg] { std::exit(loadgen::run(*cfg)); });
}

}  // namespace starport::cli
