#pragma once
// What one match of the load run measured. Written on the match's strand only; read after
// every client thread has been joined.
#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace starport::loadgen {

using clock_type = std::chrono::steady_clock;

struct duel_stats {
  // Per accepted action: sent → the ViewUpdate that answers it (the server echoes the
  // PlayAction's request id on the update that first shows the action).
  std::vector<std::int64_t> latency_us;
  // The same, of the actions answered while every match was playing (play_window): the
  // steady state, without the ramp's setup bursts or the stragglers at the end.
  std::vector<std::int64_t> playing_latency_us;
  // Sent → the kernel's stamp of that update's arrival at the client's socket (both
  // lists, of the answers the kernel stamped): the latency less the time this process, on
  // the same cores as the server, took to get round to reading it.
  std::vector<std::int64_t> arrival_latency_us;
  std::vector<std::int64_t> playing_arrival_latency_us;
  std::uint64_t sent = 0;
  std::map<int, std::uint64_t> refused;      // by starport.v1.ErrorCode
  std::uint64_t resyncs = 0;                 // gaps in view numbers, or a diff that failed
  // With --reconnect: connections opened again after a loss (attempts, failed ones included);
  // each seat's outage, from its connection lost to the snapshot that shows it the table
  // again; actions that were waiting for their answer when the connection went (the snapshot
  // after says if they counted); and whether a seat was still out when the run ended.
  std::uint64_t reconnects = 0;
  std::vector<std::int64_t> outage_us;
  std::uint64_t lost_in_flight = 0;
  bool still_out = false;
  std::map<std::string, std::uint64_t> losses;   // why connections went, by the error's words
  std::uint64_t play_bytes = 0;              // server → client payload once the match began
  // The same frames as the socket read them: headers and (compressed) payloads.
  std::uint64_t wire_bytes = 0;
  // Where play_bytes went, by slot (duel.hpp, byte_slot): the frame kinds, each
  // ViewUpdate, MatchInfo and Error field, and each top-level View field of a patch.
  std::array<std::uint64_t, 256> bytes_by{};
  std::array<std::uint64_t, 256> count_by{};
  clock_type::time_point first_send{};
  clock_type::time_point last_accept{};
  bool started = false;                      // the match began
  int welcomed = 0;                          // connections past Hello (0–2)
  bool game_over = false;                    // it ended by the rules before the move bound
  std::string failure;                       // why setup or play broke off, if it did
};

}  // namespace starport::loadgen
