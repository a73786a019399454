#pragma once
// `starport loadgen`: M concurrent 2-player matches against a real server over loopback,
// one JSON line of figures on stdout, a readable summary on stderr.
#include <optional>
#include <string>
#include <vector>

#include "server/tools/loadgen/config.hpp"
#include "server/tools/loadgen/load_report.hpp"

namespace starport::loadgen {

// The flags of the server a run starts (without --url): room above the run's size, the
// closed loop's message rate, then the run's own --server-arg flags.
std::vector<std::string> server_flags(const config& cfg);

// The whole run; empty, with `error` set, when the server could not be started or reached.
std::optional<load_report> measure(const config& cfg, std::string& error);

// measure(), then the JSON line on stdout and the summary on stderr. Exit code 0: every
// match played; 1: some match failed or no move was accepted; 2: no server.
int run(const config& cfg);

}  // namespace starport::loadgen
