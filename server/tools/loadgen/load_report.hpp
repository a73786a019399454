#pragma once
// The figures of one load run, merged from every match: the one JSON line the benchmark
// prints, and a readable summary for people (stderr).
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "server/tools/loadgen/duel_stats.hpp"
#include "server/tools/loadgen/process_usage.hpp"
#include "server/tools/loadgen/server_latency.hpp"

namespace starport::loadgen {

class load_report {
 public:
  // `before`/`after`: the server process around the run; empty when it is not known.
  // `client_cpu_s`: this process's own CPU time for the run (the load generator's cost).
  load_report(std::span<const duel_stats* const> duels, std::string version,
              std::optional<process_usage> before, std::optional<process_usage> after,
              double elapsed_s, double client_cpu_s);

  // The game played (--game), and the byte breakdown of its frames (duel.hpp,
  // byte_breakdown), which names the fields of that game's View.
  void set_game(std::string id, std::string byte_breakdown) {
    game_ = std::move(id);
    bytes_ = std::move(byte_breakdown);
  }
  // A paced run (--think-ms) says so in both outputs: it is not the benchmark as specified.
  void set_think_ms(double ms) { think_ms_ = ms; }
  void set_turn_seconds(std::uint32_t s) { turn_seconds_ = s; }
  // An idle run (--idle) reports connections and memory only.
  void set_idle(bool idle) { idle_ = idle; }
  // The server's CPU over the part of the run when every match was playing (play_window):
  // per move, setup and teardown left out; and its resident memory as that part ended (the
  // peak may come later, from the closing handshakes).
  void set_play_window(double server_cpu_s, std::uint64_t moves, double seconds, double server_rss_mb = 0) {
    window_cpu_s_ = server_cpu_s;
    window_moves_ = moves;
    window_s_ = seconds;
    window_rss_mb_ = server_rss_mb;
  }
  // The server's own latency histogram over the same window: how long its moves took inside
  // it, apart from the load generator's share of the cores (server_latency.hpp).
  void set_server_latency(const latency_histogram& h) {
    server_latency_moves_ = h.total();
    server_p50_le_ms_ = h.bound_ms_of(0.50);
    server_p99_le_ms_ = h.bound_ms_of(0.99);
    server_over_20ms_ = h.share_over(0.020);
  }
  std::uint64_t window_moves() const { return window_moves_; }
  std::uint64_t server_latency_moves() const { return server_latency_moves_; }   // 0: not read
  // 0 when there was no window or no move in it.
  double window_server_cpu_us_per_move() const {
    return window_moves_ ? window_cpu_s_ * 1e6 / double(window_moves_) : 0.0;
  }
  // The server's resident memory at the end of the run, every connection still open.
  void set_held_rss_mb(double mb) { held_rss_mb_ = mb; }

  std::string json() const;
  std::string summary() const;
  // Every match began and at least one move was accepted (idle: every client got its Welcome).
  bool healthy() const {
    return idle_ ? welcomed_ == 2 * matches_ : failed_setups_ == 0 && accepted_ > 0;
  }
  int welcomed() const { return welcomed_; }
  double held_rss_mb() const { return held_rss_mb_; }
  std::uint64_t refused() const { return refused_; }
  int failed_plays() const { return failed_plays_; }

  int started() const { return started_; }
  int game_overs() const { return game_overs_; }   // matches that ended by the rules
  std::uint64_t resyncs() const { return resyncs_; }
  // --reconnect: connections opened again, outages seen through (a loss to its snapshot),
  // and matches with a seat still out when the run ended.
  std::uint64_t reconnects() const { return reconnects_; }
  std::uint64_t outages() const { return outages_; }
  int still_out() const { return still_out_; }
  double outage_max_ms() const { return outage_max_ms_; }
  std::uint64_t accepted() const { return accepted_; }
  double moves_per_s() const { return moves_per_s_; }
  double p50_ms() const { return p50_ms_; }
  double p99_ms() const { return p99_ms_; }
  // Of the answers whose arrival the kernel stamped (duel_stats::arrival_latency_us).
  std::uint64_t arrivals() const { return arrivals_; }
  double arrival_p50_ms() const { return arrival_p50_ms_; }
  double arrival_p99_ms() const { return arrival_p99_ms_; }
  double server_cpu_s() const { return server_cpu_s_; }
  double server_peak_rss_mb() const { return server_peak_rss_mb_; }
  double bytes_per_move() const { return bytes_per_move_; }
  // What the socket read for them: frame headers and, with --compress, compressed payloads.
  double wire_bytes_per_move() const { return wire_bytes_per_move_; }

 private:
  int matches_ = 0;
  std::string version_;
  double moves_per_s_ = 0;
  double p50_ms_ = 0;
  double playing_p50_ms_ = 0, playing_p99_ms_ = 0;   // of the actions answered while all played
  // To the answer's arrival at the socket (duel_stats::arrival_latency_us); 0 answers: not stamped.
  std::uint64_t arrivals_ = 0, playing_arrivals_ = 0;
  double arrival_p50_ms_ = 0, arrival_p99_ms_ = 0, playing_arrival_p50_ms_ = 0, playing_arrival_p99_ms_ = 0;
  double p99_ms_ = 0;
  double max_ms_ = 0;
  double server_cpu_s_ = 0;
  double server_peak_rss_mb_ = 0;
  double bytes_per_move_ = 0;
  double wire_bytes_per_move_ = 0;
  double elapsed_s_ = 0;
  double client_cpu_s_ = 0;
  double in_flight_ = 0;
  double think_ms_ = 0;
  std::uint32_t turn_seconds_ = 0;
  bool idle_ = false;
  double held_rss_mb_ = 0;
  double window_cpu_s_ = 0;
  std::uint64_t window_moves_ = 0;
  double window_s_ = 0;
  double window_rss_mb_ = 0;
  std::uint64_t server_latency_moves_ = 0;   // 0: the server's histogram was not read
  double server_p50_le_ms_ = 0, server_p99_le_ms_ = 0, server_over_20ms_ = 0;
  int welcomed_ = 0;
  double play_s_ = 0;
  std::uint64_t sent_ = 0;
  std::uint64_t accepted_ = 0;
  std::uint64_t refused_ = 0;
  std::uint64_t resyncs_ = 0;
  // --reconnect (duel_stats): connections opened again, outages (a connection lost to the
  // snapshot after it) and their p50, p99 and longest, actions in flight at a loss, matches
  // with a seat still out at the end.
  std::uint64_t reconnects_ = 0, outages_ = 0, lost_in_flight_ = 0;
  int still_out_ = 0;
  double outage_p50_ms_ = 0, outage_p99_ms_ = 0, outage_max_ms_ = 0;
  std::string losses_;   // "connection refused 20000, end of stream 19916, …"
  int started_ = 0;
  int game_overs_ = 0;
  int failed_setups_ = 0;
  int failed_plays_ = 0;
  std::string refusals_;          // "STALE_VIEW 12, ..."
  std::string first_failure_;
  std::string bytes_;             // the byte breakdown (duel.hpp, byte_breakdown)
  std::string game_ = "space_war";
};

}  // namespace starport::loadgen
