// libFuzzer target: the protocol envelope and every request, through the same code a
// WebSocket frame takes after it is read (websocket_session::receive → request_router →
// lobby hub, match actors, replays, storage), with no socket. One server lives for the
// whole run; each input is one connection of a known account (Hello with its token comes
// first), then the input's frames (frames.hpp). Ids are random, so a fuzzer could never
// name its own lobby or match: a lobby_id "L" or match_id "M" in a frame that parses is
// replaced by the last lobby or match the server showed this connection. Oracles: no sanitizer report, every frame
// the server writes is a well-formed ServerMessage, and every request gets an answer or
// the connection's flood limit says why not.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string_view>
#include <string>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <google/protobuf/arena.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/stubs/logging.h>

#include "starport/v1/protocol.pb.h"
#include "server/config.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/shared_state.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"
#include "tests/fuzz/frames.hpp"

namespace v1 = starport::v1;
namespace server = starport::server;

namespace {

// The schema this build migrates to, as an in-memory database's bytes, made once.
const std::string& migrated_image() {
  static const std::string image = starport::storage::database(":memory:").serialize();
  return image;
}

// Member order matters for teardown: the io_context goes before the storage thread and
// after the shared state's cycles are broken (~house).
struct house {
  server::config settings;
  std::unique_ptr<starport::storage::worker> storage;
  boost::asio::io_context ioc{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{ioc.get_executor()};
  std::shared_ptr<server::shared_state> state;
  std::string token;
  std::uint64_t inputs = 0;
  // The last Welcome frame the tap parsed, and what it took from it. The server adds the
  // whole game catalog to every Welcome and a resumed account's is the same byte for byte
  // input after input: equal bytes parse the same, so the tap compares instead of parsing.
  struct {
    std::string bytes, token;
    std::vector<std::string> lobbies;
  } welcome;

  house() {
    settings.rate_burst = 1e6;   // the fuzzer's frames arrive at once: no RATE_LIMITED for them
    settings.rate_per_second = 1e6;
    settings.abuse_limit = 1 << 30;
    // Bots move at once and a seat left by the fuzzer's connection is never handed to a
    // bot: a match does not play on by itself in the background of later inputs.
    settings.bot_delay = std::chrono::milliseconds(0);
    settings.seat_hold = std::chrono::hours(24 * 365);
    // An in-memory database: the same storage code and SQL, without a file's WAL writes
    // and syncs on every commit (nor a directory to clean up). Each house copies one
    // migrated image instead of running every migration again (docs/server.md, "Fuzzing").
    storage = std::make_unique<starport::storage::worker>(starport::storage::database::copy_of(migrated_image()));
    state = std::make_shared<server::shared_state>(settings, ioc, *storage);
    auto hub = std::make_shared<server::lobby_hub>(lobby_room(state));
    state->set_lobbies(hub);
    hub->restore({}, {});
  }
  ~house() {
    // As `starport serve` stops: the match clocks stop, the cycles through the state break,
    // and every handler still queued runs (cancelled) while the io_context lives, so that
    // no session or timer outlives it.
    drain();
    for (auto& m : state->matches().all()) m->stop();
    drain();
    state->matches().clear();
    state->set_lobbies(nullptr);
    state.reset();
    drain();
    work.reset();
    // Storage answers post back to sessions: run until neither side has anything left.
    for (;;) {
      storage->flush();
      ioc.restart();
      if (ioc.run() == 0 && storage->queue_depth() == 0) break;
    }
  }

  // Runs what is ready on the network side and on the storage thread until both are quiet.
  void drain() {
    for (;;) {
      const std::size_t ran = ioc.poll();
      if (storage->queue_depth() > 0) {
        storage->flush();
        continue;
      }
      if (ran == 0) return;
    }
  }
};

// A fresh server every so many inputs: matches and lobbies that inputs leave behind would
// otherwise pile up and slow every later input (and memory would grow without bound).
constexpr std::uint64_t inputs_per_house = 256;

std::unique_ptr<house>& the_house_ptr() {
  static std::unique_ptr<house> h;
  return h;
}

struct connection {
  std::shared_ptr<server::websocket_session> session;
  std::set<std::string> lobbies;
  std::string last_lobby, last_match;
  std::string token;
  std::uint64_t frames_out = 0;

  explicit connection(house& h)
      : session(std::make_shared<server::websocket_session>(server::tcp::socket(h.ioc), h.state)) {
    session->tap([this, &h](const server::frame_ptr& f) {
      if (!h.welcome.bytes.empty() && *f == h.welcome.bytes) {
        ++frames_out;
        if (!h.welcome.token.empty()) token = h.welcome.token;
        lobbies.insert(h.welcome.lobbies.begin(), h.welcome.lobbies.end());
        return;
      }
      // On an arena: each Welcome carries the whole game catalog, and freeing it message by
      // message under ASan cost more than the server's building it (docs/server.md, "Fuzzing").
      google::protobuf::Arena arena;
      auto& m = *google::protobuf::Arena::CreateMessage<v1::ServerMessage>(&arena);
      if (!m.ParseFromString(*f)) {
        std::cerr << "the server wrote a frame that is no ServerMessage\n";
        std::abort();
      }
      ++frames_out;
      if (m.has_lobby()) {
        lobbies.insert(m.lobby().lobby_id());
        last_lobby = m.lobby().lobby_id();
        if (!m.lobby().match_id().empty()) last_match = m.lobby().match_id();
      }
      if (m.has_match()) last_match = m.match().match_id();
      if (m.has_lobby_closed()) lobbies.erase(m.lobby_closed().lobby_id());
      if (m.has_welcome()) {
        if (!m.welcome().token().empty()) token = m.welcome().token();
        for (const auto& l : m.welcome().lobbies()) lobbies.insert(l);
        h.welcome.bytes = *f;
        h.welcome.token = m.welcome().token();
        h.welcome.lobbies.assign(m.welcome().lobbies().begin(), m.welcome().lobbies().end());
      }
    });
  }
  void send(house& h, const v1::ClientMessage& m) {
    const std::string bytes = m.SerializeAsString();
    server::net::post(h.ioc, [s = session, bytes] { s->receive(bytes, true); });
    h.drain();
  }
};

// The frame, with "L" and "M" ids replaced (see the top); the bytes as sent otherwise.
std::string with_ids(const connection& c, std::string_view bytes, bool binary) {
  v1::ClientMessage m;
  if (!binary || !m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return std::string(bytes);
  const auto* body_field = m.GetDescriptor()->FindOneofByName("body");
  const auto* which = m.GetReflection()->GetOneofFieldDescriptor(m, body_field);
  if (!which || which->type() != google::protobuf::FieldDescriptor::TYPE_MESSAGE) return std::string(bytes);
  auto* body = m.GetReflection()->MutableMessage(&m, which);
  const auto* reflection = body->GetReflection();
  bool replaced = false;
  for (const char* name : {"lobby_id", "match_id"}) {
    const auto* field = body->GetDescriptor()->FindFieldByName(name);
    if (!field || field->is_repeated() || field->type() != google::protobuf::FieldDescriptor::TYPE_STRING) continue;
    const std::string value = reflection->GetString(*body, field);
    if (value == "L" && name[0] == 'l') reflection->SetString(body, field, c.last_lobby), replaced = true;
    if (value == "M" && name[0] == 'm') reflection->SetString(body, field, c.last_match), replaced = true;
  }
  return replaced ? m.SerializeAsString() : std::string(bytes);
}

}  // namespace

// A new server with one known account (its token in house::token).
house& new_house() {
  auto& h = the_house_ptr();
  h.reset();
  h = std::make_unique<house>();
  connection first(*h);
  v1::ClientMessage hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_V3);
  hello.mutable_hello()->set_display_name("Fuzz");
  first.send(*h, hello);
  if (first.token.empty()) {
    std::cerr << "request_fuzzer: the first Hello got no token\n";
    std::abort();
  }
  h->token = first.token;
  server::net::post(h->ioc, [s = first.session] { s->end(); });
  h->drain();
  return *h;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The fuzzer sends invalid UTF-8 in string fields by the million: protobuf's complaint
  // about each is noise here (the server limits it, server/protocol/protobuf_log.hpp).
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  new_house();
  std::atexit([] { the_house_ptr().reset(); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  house& h = ++the_house_ptr()->inputs % inputs_per_house == 0 ? new_house() : *the_house_ptr();
  connection c(h);
  v1::ClientMessage hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_V3);
  hello.mutable_hello()->set_token(h.token);
  c.send(h, hello);
  for (const auto& f : starport::fuzz::split_frames(data, size)) {
    server::net::post(h.ioc, [s = c.session, binary = f.binary, bytes = with_ids(c, f.bytes, f.binary)] {
      s->receive(bytes, binary);
    });
    h.drain();
  }
  // Leave every lobby this input sat down at, so that the account's limits do not fill up
  // over millions of inputs and later inputs still reach the code past them.
  std::uint32_t id = 1u << 30;
  for (const std::string& lobby : std::set<std::string>(c.lobbies)) {
    v1::ClientMessage leave;
    leave.set_request_id(++id);
    leave.mutable_leave_lobby()->set_lobby_id(lobby);
    c.send(h, leave);
  }
  server::net::post(h.ioc, [s = c.session] { s->end(); });
  h.drain();
  return 0;
}
