#pragma once
// One test's server: a scratch data directory, a tiny web root and `starport serve` on
// port 0 (bots move at once, held seats wait briefly, unless `extra` says otherwise).
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "serve_process.hpp"

namespace starport::server::testing {

struct server_fixture {
  explicit server_fixture(std::vector<std::string> extra = {"--bot-delay-ms", "0"}) : extra_(std::move(extra)) {
    std::filesystem::create_directories(dir.path() / "web" / "assets");
    std::ofstream(dir.file("web/index.html")) << "<!doctype html><title>starport</title>\n";
    std::ofstream(dir.file("web/assets/app.js")) << "console.log('starport');\n";
    std::ofstream(dir.file("secret.txt")) << "outside the web root\n";
    start();
  }
  void start() { server = std::make_unique<serve_process>(data(), dir.file("web"), extra_); }
  std::string data() const { return dir.file("data"); }
  std::uint16_t port() const { return server->port(); }

  scratch_dir dir;
  std::unique_ptr<serve_process> server;

 private:
  std::vector<std::string> extra_;
};

}  // namespace starport::server::testing
