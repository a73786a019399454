// `starport serve`: the online server (server/server.hpp). Flags override environment
// variables (STARPORT_HOST, _PORT, _DATA, _WEB_ROOT), which override the defaults.
#include <memory>

#include "server/tools/cli/commands.hpp"
#include "server/server.hpp"

namespace starport::cli {

void add_serve(CLI::App& app) {
  auto c = std::make_shared<server::config>();
  auto hold_seconds = std::make_shared<double>(30);
  auto bot_delay_ms = std::make_shared<int>(300);
  auto lobby_idle_seconds = std::make_shared<double>(30 * 60);
  auto http_idle_seconds = std::make_shared<double>(10);
  auto unplayed_idle_seconds = std::make_shared<double>(5 * 60);
  auto ws_idle_seconds = std::make_shared<double>(300);
  CLI::App* cmd = app.add_subcommand("serve", "serve the web client and the game protocol on one port");
  cmd->add_option("--host", c->host, "address to listen on (loopback by default)")
      ->envname("STARPORT_HOST")->capture_default_str();
  cmd->add_option("--port", c->port, "port; 0 picks a free one")->envname("STARPORT_PORT")->capture_default_str();
  cmd->add_option("--data", c->data, "data directory; the database is <data>/starport.db")
      ->envname("STARPORT_DATA")->capture_default_str();
  cmd->add_option("--web-root", c->web_root, "the built web client (web-client/dist)")
      ->envname("STARPORT_WEB_ROOT")->capture_default_str();
  cmd->add_option("--threads", c->threads, "network threads")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--seat-hold-seconds", *hold_seconds, "how long a disconnected player's seat waits before a bot plays it")
      ->check(CLI::Range(0.0, 86400.0))->capture_default_str();
  cmd->add_option("--bot-delay-ms", *bot_delay_ms, "pause before a bot moves")
      ->check(CLI::Range(0, 60000))->capture_default_str();
  cmd->add_option("--rate", c->rate_per_second, "sustained messages per second per connection")
      ->check(CLI::Range(1.0, 1e6))->capture_default_str();
  cmd->add_option("--burst", c->rate_burst, "messages a connection may send at once")
      ->check(CLI::Range(1.0, 1e6))->capture_default_str();
  cmd->add_option("--chat-burst", c->chat_burst, "chat lines one person may say at a table at once")
      ->check(CLI::Range(1.0, 1e6))->capture_default_str();
  cmd->add_option("--chat-rate", c->chat_per_second, "chat lines one person may say at a table per second, after the burst")
      ->check(CLI::Range(0.01, 1e6))->capture_default_str();
  cmd->add_option("--lobbies-per-account", c->lobbies_per_account, "lobbies one account may be in")
      ->check(CLI::Range(1, 100))->capture_default_str();
  cmd->add_option("--max-lobbies", c->max_lobbies, "open lobbies the whole server holds (more: SERVER_BUSY)")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  cmd->add_option("--lobby-idle-seconds", *lobby_idle_seconds,
                  "a lobby with no member online and no match running closes after this long")
      ->check(CLI::Range(1.0, 30.0 * 86400))->capture_default_str();
  cmd->add_option("--lobby-idle-unplayed-seconds", *unplayed_idle_seconds,
                  "the same for a lobby that never ran a match (its people left it): sooner")
      ->check(CLI::Range(1.0, 30.0 * 86400))->capture_default_str();
  cmd->add_option("--max-connections", c->max_connections,
                  "open connections the whole server holds, plain HTTP included (more are closed at once)")
      ->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--connections-per-address", c->connections_per_address,
                  "open connections from one client address (IPv4, or IPv6 /64)")
      ->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--guests-per-hour", c->guests_per_hour, "new guest accounts one client address may create per hour")
      ->check(CLI::Range(0, 10000000))->capture_default_str();
  cmd->add_option("--lobbies-per-address", c->lobbies_per_address,
                  "open lobbies that may be created from one client address (more: LIMIT_REACHED)")
      ->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--descriptor-reserve", c->descriptor_reserve,
                  "file descriptors connections may never take (an accepted socket leaving fewer free is closed)")
      ->check(CLI::Range(0, 100000))->capture_default_str();
  cmd->add_flag("--limit-loopback", c->limit_loopback,
                "apply the per-address limits to loopback clients too (off: a local reverse proxy is every client)");
  cmd->add_option("--http-idle-seconds", *http_idle_seconds, "a plain HTTP connection with no request closes after this long")
      ->check(CLI::Range(0.1, 3600.0))->capture_default_str();
  cmd->add_option("--ws-idle-seconds", *ws_idle_seconds,
                  "a game connection silent this long is closed; it is pinged at half of it")
      ->check(CLI::Range(0.1, 86400.0))->capture_default_str();
  cmd->add_flag("--ws-compress", c->ws_compress.enabled,
                "compress game frames (permessage-deflate) for clients that offer it; costs memory and CPU "
                "per connection (docs/capacity-measurements.md)");
  cmd->add_option("--ws-compress-window-bits", c->ws_compress.window_bits,
                  "the server's compression window, 2^bits bytes")
      ->check(CLI::Range(9, 15))->capture_default_str();
  cmd->add_option("--ws-compress-mem-level", c->ws_compress.mem_level, "deflate's memLevel")
      ->check(CLI::Range(1, 9))->capture_default_str();
  cmd->add_option("--ws-compress-level", c->ws_compress.level, "deflate's compression level")
      ->check(CLI::Range(0, 9))->capture_default_str();
  cmd->add_flag("--ws-compress-no-context-takeover", c->ws_compress.no_context_takeover,
                "compress each server frame alone (server_no_context_takeover)");
  cmd->add_option("--allow-origin", c->allowed_origins,
                  "a page origin (https://host[:port]) that may open game connections besides the server's own; repeatable")
      ->envname("STARPORT_ALLOW_ORIGIN")->delimiter(',');
  cmd->callback([c, hold_seconds, bot_delay_ms, lobby_idle_seconds, http_idle_seconds, unplayed_idle_seconds,
                 ws_idle_seconds] {
    c->lobby_idle_unplayed = std::chrono::milliseconds(static_cast<long long>(*unplayed_idle_seconds * 1000));
    c->http_idle = std::chrono::milliseconds(static_cast<long long>(*http_idle_seconds * 1000));
    c->ws_idle = std::chrono::milliseconds(static_cast<long long>(*ws_idle_seconds * 1000));
    c->seat_hold = std::chrono::milliseconds(static_cast<long long>(*hold_seconds * 1000));
    c->lobby_idle = std::chrono::milliseconds(static_cast<long long>(*lobby_idle_seconds * 1000));
    c->bot_delay = std::chrono::milliseconds(*bot_delay_ms);
    std::exit(server::server(*c).run());
  });
}

}  // namespace starport::cli
