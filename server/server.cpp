#include "server/server.hpp"

#include <csignal>
#include <filesystem>
#include <iostream>
#include <thread>

#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "server/net/listener.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/protocol/protobuf_log.hpp"
#include "server/match/recovery.hpp"
#include "server/shared_state.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

constexpr auto shutdown_grace = std::chrono::seconds(3);
constexpr auto shutdown_poll = std::chrono::milliseconds(20);

// Stop when every session has closed, or when the grace period is over.
void wait_for_sessions(std::shared_ptr<net::steady_timer> timer, std::shared_ptr<shared_state> state,
                       net::io_context& ioc, std::chrono::steady_clock::time_point give_up) {
  if (state->stats().connections() <= 0 || std::chrono::steady_clock::now() >= give_up) return ioc.stop();
  timer->expires_after(shutdown_poll);
  timer->async_wait([timer, state, &ioc, give_up](boost::system::error_code) {
    wait_for_sessions(timer, state, ioc, give_up);
  });
}

std::string printable_endpoint(const tcp::endpoint& e) {
  const std::string address = e.address().to_string();
  return (e.address().is_v6() ? "[" + address + "]" : address) + ":" + std::to_string(e.port());
}

}  // namespace

int server::run() {
  limit_protobuf_log();   // a client sending bad UTF-8 must not fill the operator's log
  std::error_code fs_error;
  std::filesystem::create_directories(settings_.data, fs_error);
  const std::string db_path = (std::filesystem::path(settings_.data) / "starport.db").string();

  net::io_context ioc{settings_.threads};
  std::unique_ptr<storage::worker> worker;
  recovered found;
  try {
    worker = std::make_unique<storage::worker>(db_path);
    found = recover(*worker, std::thread::hardware_concurrency());   // every core: nothing else runs yet
  } catch (const std::exception& e) {
    std::cerr << "starport serve: cannot open " << db_path << ": " << e.what() << "\n";
    return 1;
  }
  for (const std::string& problem : found.problems) std::cerr << "not resumed: " << problem << "\n";

  auto state = std::make_shared<shared_state>(settings_, ioc, *worker);
  auto hub = std::make_shared<lobby_hub>(lobby_room(state));
  state->set_lobbies(hub);
  state->idle().start(ioc, state);   // silent WebSocket peers: pinged, then dropped
  state->lag().start(ioc, state->stats());
  state->health().start(ioc, *worker);   // /healthz and /readyz follow storage from here on
  hub->restore(found.lobbies, found.running, found.ended);
  for (recovered_match& m : found.matches) {
    auto actor = open_match(match_room(state), std::move(m.record), std::move(m.game), m.log_size);
    actor->restore(std::move(m.log), m.preferences);
    actor->start({});   // players come back through Hello → Welcome.active_matches → Resync
  }
  found.matches.clear();

  std::shared_ptr<listener> accept;
  try {
    const tcp::endpoint endpoint{net::ip::make_address(settings_.host), settings_.port};
    accept = std::make_shared<listener>(ioc, endpoint, state);
  } catch (const std::exception& e) {
    std::cerr << "starport serve: cannot listen on " << settings_.host << ":" << settings_.port << ": "
              << e.what() << "\n";
    return 1;
  }
  accept->run();
  std::cout << "listening on " << printable_endpoint(accept->local_endpoint()) << std::endl;

  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code ec, int) {
    if (ec) return;
    // Stop accepting, tell every client we are going away, stop the match clocks.
    state->health().stop();   // /readyz: no new players
    state->idle().stop();
    state->lag().stop();
    accept->stop();
    for (auto& s : state->sessions()) s->close(boost::beast::websocket::close_code::going_away);
    for (auto& m : state->matches().all()) m->stop();
    wait_for_sessions(std::make_shared<net::steady_timer>(ioc), state, ioc,
                      std::chrono::steady_clock::now() + shutdown_grace);
  });

  std::vector<std::thread> threads;
  for (int i = 1; i < settings_.threads; ++i)
    threads.emplace_back([&ioc, &state] {
      state->stats().network_thread_started();
      ioc.run();
    });
  state->stats().network_thread_started();
  ioc.run();
  for (std::thread& t : threads) t.join();

  // Every accepted action is already durable; this commits the rest (lobbies, results).
  worker->flush();
  worker.reset();
  state->matches().clear();   // actors and the hub hold the state: break the cycle
  state->set_lobbies(nullptr);
  std::cerr << "starport serve: stopped\n";
  return 0;
}

}  // namespace starport::server
