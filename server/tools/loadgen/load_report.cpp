#include "server/tools/loadgen/load_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include "server/tools/loadgen/duel.hpp"
#include "starport/v1/common.pb.h"

namespace starport::loadgen {
namespace {

// Nearest-rank percentile of sorted samples, in milliseconds.
double percentile_ms(const std::vector<std::int64_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  auto rank = static_cast<std::size_t>(p / 100.0 * double(sorted.size()) + 0.999999);
  rank = std::clamp<std::size_t>(rank, 1, sorted.size());
  return double(sorted[rank - 1]) / 1000.0;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + "\"";
}

}  // namespace

load_report::load_report(std::span<const duel_stats* const> duels, std::string version,
                         std::optional<process_usage> before, std::optional<process_usage> after,
                         double elapsed_s, double client_cpu_s)
    : matches_(static_cast<int>(duels.size())),
      version_(std::move(version)),
      elapsed_s_(elapsed_s),
      client_cpu_s_(client_cpu_s) {
  std::vector<std::int64_t> samples, playing, arrivals, playing_arrivals, outages;
  std::map<int, std::uint64_t> refused;
  std::map<std::string, std::uint64_t> losses;
  std::uint64_t bytes = 0, wire = 0;
  clock_type::time_point first{}, last{};
  for (const duel_stats* d : duels) {
    samples.insert(samples.end(), d->latency_us.begin(), d->latency_us.end());
    playing.insert(playing.end(), d->playing_latency_us.begin(), d->playing_latency_us.end());
    arrivals.insert(arrivals.end(), d->arrival_latency_us.begin(), d->arrival_latency_us.end());
    playing_arrivals.insert(playing_arrivals.end(), d->playing_arrival_latency_us.begin(),
                            d->playing_arrival_latency_us.end());
    for (auto [code, n] : d->refused) {
      refused[code] += n;
      refused_ += n;
    }
    sent_ += d->sent;
    resyncs_ += d->resyncs;
    reconnects_ += d->reconnects;
    outages.insert(outages.end(), d->outage_us.begin(), d->outage_us.end());
    lost_in_flight_ += d->lost_in_flight;
    still_out_ += d->still_out;
    for (const auto& [why, n] : d->losses) losses[why] += n;
    bytes += d->play_bytes;
    wire += d->wire_bytes;
    started_ += d->started;
    welcomed_ += d->welcomed;
    game_overs_ += d->game_over;
    if (!d->failure.empty()) {
      (d->started ? failed_plays_ : failed_setups_) += 1;
      if (first_failure_.empty()) first_failure_ = d->failure;
    }
    if (d->sent > 0 && (first == clock_type::time_point{} || d->first_send < first))
      first = d->first_send;
    if (d->last_accept > last) last = d->last_accept;
  }
  std::sort(samples.begin(), samples.end());
  double total_us = 0;
  for (std::int64_t us : samples) total_us += double(us);
  accepted_ = samples.size();
  p50_ms_ = percentile_ms(samples, 50);
  p99_ms_ = percentile_ms(samples, 99);
  std::sort(playing.begin(), playing.end());
  playing_p50_ms_ = percentile_ms(playing, 50);
  playing_p99_ms_ = percentile_ms(playing, 99);
  std::sort(arrivals.begin(), arrivals.end());
  std::sort(playing_arrivals.begin(), playing_arrivals.end());
  arrivals_ = arrivals.size();
  playing_arrivals_ = playing_arrivals.size();
  arrival_p50_ms_ = percentile_ms(arrivals, 50);
  arrival_p99_ms_ = percentile_ms(arrivals, 99);
  playing_arrival_p50_ms_ = percentile_ms(playing_arrivals, 50);
  playing_arrival_p99_ms_ = percentile_ms(playing_arrivals, 99);
  max_ms_ = samples.empty() ? 0 : double(samples.back()) / 1000.0;
  for (const auto& [why, n] : losses) losses_ += (losses_.empty() ? "" : ", ") + why + " " + std::to_string(n);
  std::sort(outages.begin(), outages.end());
  outages_ = outages.size();
  outage_p50_ms_ = percentile_ms(outages, 50);
  outage_p99_ms_ = percentile_ms(outages, 99);
  outage_max_ms_ = outages.empty() ? 0 : double(outages.back()) / 1000.0;
  play_s_ = last > first ? std::chrono::duration<double>(last - first).count() : 0;
  moves_per_s_ = play_s_ > 0 ? double(accepted_) / play_s_ : 0;
  // Little's law: the time-average number of actions waiting for their answer.
  in_flight_ = play_s_ > 0 ? total_us / 1e6 / play_s_ : 0;
  bytes_per_move_ = accepted_ ? double(bytes) / double(accepted_) : 0;
  wire_bytes_per_move_ = accepted_ ? double(wire) / double(accepted_) : 0;
  if (before && after) server_cpu_s_ = after->cpu_seconds - before->cpu_seconds;
  if (after) server_peak_rss_mb_ = after->peak_rss_mb;
  for (auto [code, n] : refused) {
    if (!refusals_.empty()) refusals_ += ", ";
    std::string name = v1::ErrorCode_IsValid(code) ? v1::ErrorCode_Name(code) : std::to_string(code);
    refusals_ += name + " " + std::to_string(n);
  }
}

std::string load_report::json() const {
  char numbers[512];
  if (idle_) {
    std::snprintf(numbers, sizeof numbers,
                  "\"idle\":true,\"connections\":%d,\"welcomed\":%d,\"server_rss_mb\":%.1f,"
                  "\"server_peak_rss_mb\":%.1f",
                  2 * matches_, welcomed_, held_rss_mb_, server_peak_rss_mb_);
    return "{\"peer\":\"starport\",\"version\":" + json_string(version_) + "," + numbers + "}";
  }
  std::snprintf(numbers, sizeof numbers,
                "\"game\":\"%s\",\"matches\":%d,\"moves_per_s\":%.1f,\"p50_ms\":%.3f,\"p99_ms\":%.3f,"
                "\"server_cpu_s\":%.2f,\"server_cpu_us_per_move\":%.1f,\"server_peak_rss_mb\":%.1f,"
                "\"bytes_per_move\":%.1f,\"wire_bytes_per_move\":%.1f,\"accepted\":%llu,\"refused\":%llu,\"turn_seconds\":%u",
                game_.c_str(), matches_, moves_per_s_, p50_ms_, p99_ms_, server_cpu_s_,
                accepted_ ? server_cpu_s_ * 1e6 / double(accepted_) : 0.0, server_peak_rss_mb_,
                bytes_per_move_, wire_bytes_per_move_, static_cast<unsigned long long>(accepted_),
                static_cast<unsigned long long>(refused_), turn_seconds_);
  std::string more;
  if (arrivals_ > 0) {
    char arrival[160];
    std::snprintf(arrival, sizeof arrival, ",\"arrival_p50_ms\":%.3f,\"arrival_p99_ms\":%.3f", arrival_p50_ms_,
                  arrival_p99_ms_);
    more += arrival;
  }
  if (window_moves_ > 0) {
    char window[256];
    std::snprintf(window, sizeof window,
                  ",\"playing_server_cpu_us_per_move\":%.1f,\"playing_moves\":%llu,\"playing_p50_ms\":%.3f,"
                  "\"playing_p99_ms\":%.3f,\"playing_server_rss_mb\":%.1f",
                  window_server_cpu_us_per_move(), static_cast<unsigned long long>(window_moves_), playing_p50_ms_,
                  playing_p99_ms_, window_rss_mb_);
    more += window;
    if (playing_arrivals_ > 0) {
      std::snprintf(window, sizeof window, ",\"playing_arrival_p50_ms\":%.3f,\"playing_arrival_p99_ms\":%.3f",
                    playing_arrival_p50_ms_, playing_arrival_p99_ms_);
      more += window;
    }
    if (server_latency_moves_ > 0) {
      // Bucket bounds: the histogram's (1, 2, 5, 10, 20, 50 ms, …); null past the last.
      auto bound = [](double ms) {
        char out[32];
        std::snprintf(out, sizeof out, "%g", ms);
        return std::isinf(ms) ? std::string("null") : std::string(out);
      };
      std::snprintf(window, sizeof window, ",\"playing_server_moves\":%llu,\"playing_server_over_20ms_pct\":%.3f",
                    static_cast<unsigned long long>(server_latency_moves_), 100 * server_over_20ms_);
      more += ",\"playing_server_p50_le_ms\":" + bound(server_p50_le_ms_) + ",\"playing_server_p99_le_ms\":" +
              bound(server_p99_le_ms_) + window;
    }
  }
  if (reconnects_ > 0 || still_out_ > 0) {
    char lost[256];
    std::snprintf(lost, sizeof lost,
                  ",\"reconnects\":%llu,\"outages\":%llu,\"outage_p50_ms\":%.1f,\"outage_p99_ms\":%.1f,"
                  "\"outage_max_ms\":%.1f,\"lost_in_flight\":%llu,\"still_out\":%d",
                  static_cast<unsigned long long>(reconnects_), static_cast<unsigned long long>(outages_),
                  outage_p50_ms_, outage_p99_ms_, outage_max_ms_, static_cast<unsigned long long>(lost_in_flight_),
                  still_out_);
    more += lost;
  }
  if (think_ms_ > 0) {
    char think[64];
    std::snprintf(think, sizeof think, ",\"think_ms\":%.3f", think_ms_);
    more += think;
  }
  return "{\"peer\":\"starport\",\"version\":" + json_string(version_) + "," + numbers + more + "}";
}

std::string load_report::summary() const {
  char text[1024];
  if (idle_) {
    std::snprintf(text, sizeof text,
                  "loadgen: idle run: %d of %d connections past Hello; server resident %.1f MB "
                  "with them open (peak %.1f MB); %d matches lost a connection",
                  welcomed_, 2 * matches_, held_rss_mb_, server_peak_rss_mb_, failed_setups_ + failed_plays_);
    std::string out = text;
    if (!first_failure_.empty()) out += "\nloadgen: first failure: " + first_failure_;
    return out;
  }
  std::snprintf(text, sizeof text,
                "loadgen: %d matches (%d started, %d ended by the rules, %d failed in setup, "
                "%d broke off); %llu actions sent, %llu accepted, %llu refused%s%s%s; %llu "
                "resyncs; play phase %.2f s of %.2f s; max latency %.3f ms",
                matches_, started_, game_overs_, failed_setups_, failed_plays_,
                static_cast<unsigned long long>(sent_), static_cast<unsigned long long>(accepted_),
                static_cast<unsigned long long>(refused_), refusals_.empty() ? "" : " (",
                refusals_.c_str(), refusals_.empty() ? "" : ")",
                static_cast<unsigned long long>(resyncs_), play_s_, elapsed_s_, max_ms_);
  std::string out = text;
  if (refusals_.find("RATE_LIMITED") != std::string::npos) {
    out += "\nloadgen: RATE_LIMITED: a connection sent more messages a second than the server's --rate allows "
           "(100 by default), and one that kept on was closed (a match that broke off)";
    if (think_ms_ <= 0)   // only the closed loop's seats outrun a person
      out += "; in the closed loop, the last matches left running go that fast. A server loadgen starts for a "
             "closed loop allows 10,000; give your own `serve --rate 10000 --burst 20000` for one";
  }
  if (reconnects_ > 0 || still_out_ > 0) {
    std::snprintf(text, sizeof text,
                  "\nloadgen: connections lost during play came back (--reconnect): %llu reconnects, %llu "
                  "outages, from a connection lost to the snapshot after it (p50 %.1f ms, p99 %.1f ms, longest "
                  "%.1f ms), %llu actions in flight at a loss, %d matches with a seat still out at the end",
                  static_cast<unsigned long long>(reconnects_), static_cast<unsigned long long>(outages_),
                  outage_p50_ms_, outage_p99_ms_, outage_max_ms_, static_cast<unsigned long long>(lost_in_flight_),
                  still_out_);
    out += text;
    out += "\nloadgen: connections lost, by the error: " + losses_;
  }
  if (accepted_ > 0) {
    // Both processes share the machine: what each spends per move bounds the throughput.
    const double per_move = 1e6 / double(accepted_);
    std::snprintf(text, sizeof text,
                  "\nloadgen: CPU per accepted move: server %.1f us, load generator %.1f us; "
                  "%.0f actions in flight on average (mean latency = in flight / moves per s)",
                  server_cpu_s_ * per_move, client_cpu_s_ * per_move, in_flight_);
    out += text;
    if (arrivals_ > 0) {
      std::snprintf(text, sizeof text,
                    "\nloadgen: latency to the answer's arrival at the client's socket (the kernel's receive "
                    "stamps, %llu answers: leaves out the load generator's own delay in reading it): p50 %.3f ms, "
                    "p99 %.3f ms",
                    static_cast<unsigned long long>(arrivals_), arrival_p50_ms_, arrival_p99_ms_);
      out += text;
    }
    std::snprintf(text, sizeof text,
                  "\nloadgen: server to client per accepted move: %.1f bytes of messages, %.1f bytes "
                  "on the wire (frame headers, payloads as sent: compressed with --compress)",
                  bytes_per_move_, wire_bytes_per_move_);
    out += text;
  }
  if (window_moves_ > 0) {
    std::snprintf(text, sizeof text,
                  "\nloadgen: while every match was playing (%.1f s, %llu moves, %.0f moves/s): server %.1f us "
                  "per move, latency p50 %.3f ms, p99 %.3f ms, resident %.1f MB at its end; setup and teardown "
                  "left out",
                  window_s_, static_cast<unsigned long long>(window_moves_),
                  window_s_ > 0 ? double(window_moves_) / window_s_ : 0.0, window_server_cpu_us_per_move(),
                  playing_p50_ms_, playing_p99_ms_, window_rss_mb_);
    out += text;
    if (playing_arrivals_ > 0) {
      std::snprintf(text, sizeof text, "; to the answer's arrival at the socket: p50 %.3f ms, p99 %.3f ms",
                    playing_arrival_p50_ms_, playing_arrival_p99_ms_);
      out += text;
    }
    if (server_latency_moves_ > 0) {
      std::snprintf(text, sizeof text,
                    "\nloadgen: the server's own latency in that window (its histogram, %llu moves, arrival to views "
                    "sent): p50 <= %g ms, p99 <= %g ms, %.2f %% over 20 ms",
                    static_cast<unsigned long long>(server_latency_moves_), server_p50_le_ms_, server_p99_le_ms_,
                    100 * server_over_20ms_);
      out += text;
    }
  }
  if (think_ms_ > 0) {
    std::snprintf(text, sizeof text,
                  "\nloadgen: paced run: each seat waited %.3f ms before each action, so the "
                  "latency is the server's own, not the specified closed-loop benchmark's",
                  think_ms_);
    out += text;
  }
  if (!bytes_.empty()) out += "\n" + bytes_;
  if (!first_failure_.empty()) out += "\nloadgen: first failure: " + first_failure_;
  return out;
}

}  // namespace starport::loadgen
