#include "test_client.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "server/protocol/view_diff.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/protocol/view_number.hpp"

namespace starport::server::testing {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace asio = boost::asio;

namespace {

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

struct test_client::impl {
  asio::io_context ioc;
  websocket::stream<asio::ip::tcp::socket> ws{ioc};
};

test_client::test_client(std::uint16_t port, bool offer_deflate) : impl_(std::make_unique<impl>()) {
  auto& socket = impl_->ws.next_layer();
  socket.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  socket.set_option(asio::ip::tcp::no_delay(true));
  impl_->ws.read_message_max(16 * 1024 * 1024);
  if (offer_deflate) {
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    impl_->ws.set_option(pmd);
  }
  websocket::response_type answer;
  impl_->ws.handshake(answer, "127.0.0.1", "/ws");
  extensions = answer[beast::http::field::sec_websocket_extensions];
  impl_->ws.binary(true);
}

test_client::~test_client() = default;

void test_client::send_bytes(const std::string& bytes, bool binary) {
  impl_->ws.binary(binary);
  impl_->ws.write(asio::buffer(bytes));
  impl_->ws.binary(true);
}

void test_client::send_in_frames(const std::string& bytes, std::size_t pieces) {
  const std::size_t piece = (bytes.size() + pieces - 1) / pieces;
  for (std::size_t at = 0, k = 1; k <= pieces; ++k, at += piece) {
    const std::size_t from = std::min(at, bytes.size());
    impl_->ws.write_some(k == pieces, asio::buffer(bytes.data() + from, std::min(piece, bytes.size() - from)));
  }
}

std::uint32_t test_client::send(v1::ClientMessage message) {
  message.set_request_id(next_id_++);
  send_bytes(message.SerializeAsString());
  return message.request_id();
}

v1::ServerMessage test_client::read() {
  // Asynchronous under a deadline, so a silent server fails the test instead of hanging it
  // (a blocking read would retry forever past SO_RCVTIMEO).
  beast::flat_buffer buffer;
  beast::error_code result = asio::error::would_block;
  impl_->ws.async_read(buffer, [&result](beast::error_code ec, std::size_t) { result = ec; });
  impl_->ioc.restart();
  impl_->ioc.run_for(read_timeout);
  if (result == asio::error::would_block) {
    beast::error_code ignored;
    impl_->ws.next_layer().close(ignored);   // ends the read; its handler runs below
    impl_->ioc.restart();
    impl_->ioc.run();
    throw std::runtime_error("the server sent nothing for " + std::to_string(read_timeout.count()) + " ms");
  }
  if (result) throw beast::system_error(result);
  std::string bytes = beast::buffers_to_string(buffer.data());
  v1::ServerMessage m;
  if (!m.ParseFromString(bytes)) throw std::runtime_error("the server sent a frame that does not parse");
  const std::size_t wire_size = bytes.size();
  const bool was_packed = m.has_packed_view();
  if (was_packed) {
    std::string update;
    if (!server::unpack_view(m.packed_view(), update) || !m.mutable_view()->ParseFromString(update))
      throw std::runtime_error("the server sent a packed view that does not unpack");
    bytes = m.SerializeAsString();
  }
  frames.push_back(frame{std::move(bytes), step, was_packed, wire_size});
  // A diff names its match by this connection's handle (ServerMessage.stream), which the
  // match's MatchInfo (and a snapshot) came with: the tests read it back as the match id
  // (`frames` keeps what came on the wire).
  if (m.has_match()) streams[m.stream()] = m.match().match_id();
  if (m.has_view() && m.view().snapshot()) streams[m.stream()] = m.view().match_id();
  if (m.has_view() && m.view().match_id().empty())
    if (auto it = streams.find(m.stream()); it != streams.end()) m.mutable_view()->set_match_id(it->second);
  if (m.has_view()) {
    v1::ViewUpdate& u = *m.mutable_view();
    std::uint64_t& number = view_numbers[{u.match_id(), u.seat()}];
    number = view_number(u.snapshot(), u.number(), number);
    u.set_number(number);
  }
  // Coded log lines (log_refs) are decoded with the stream's table, as a page does, and the
  // tests read them back as text in log_line.
  if (m.has_view() && decode_logs) {
    v1::ViewUpdate& u = *m.mutable_view();
    std::vector<std::string> lines;
    server::log_reader& reader = log_readers[{u.match_id(), u.seat()}];
    if (!reader.read(u.snapshot() || u.log_reset(), u.log_line(),
                     std::span(u.log_refs().data(), static_cast<std::size_t>(u.log_refs_size())), lines))
      throw std::runtime_error("the server sent log lines that do not decode");
    std::string text;
    for (const std::string& l : lines) text += (text.empty() ? "" : "\n") + l;
    u.set_log_line(text);
    u.clear_log_refs();
  }
  track(m);
  return m;
}

v1::ServerMessage test_client::read_until(const std::function<bool(const v1::ServerMessage&)>& wanted,
                                          int max_messages) {
  for (int i = 0; i < max_messages; ++i) {
    v1::ServerMessage m = read();
    if (wanted(m)) return m;
  }
  throw std::runtime_error("the expected message did not come");
}

v1::ServerMessage test_client::reply_to(std::uint32_t request_id) {
  return read_until([request_id](const v1::ServerMessage& m) { return m.request_id() == request_id; });
}

int test_client::read_close_code() {
  try {
    for (int i = 0; i < 100000; ++i) read();
  } catch (const std::exception&) {
    // The close frame may arrive with the server already gone: its code is what counts.
    const auto code = static_cast<int>(impl_->ws.reason().code);
    return code != 0 ? code : -1;
  }
  return -1;
}

void test_client::close() {
  beast::error_code ec;
  impl_->ws.next_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  impl_->ws.next_layer().close(ec);
}

v1::Lobby test_client::await_lobby(const std::string& lobby_id, const std::function<bool(const v1::Lobby&)>& wanted) {
  if (auto it = lobbies.find(lobby_id); it != lobbies.end() && wanted(it->second)) return it->second;
  return read_until([&](const v1::ServerMessage& m) { return m.has_lobby() && m.lobby().lobby_id() == lobby_id && wanted(m.lobby()); }).lobby();
}

void test_client::track(const v1::ServerMessage& m) {
  if (m.has_error()) errors.push_back(m.error());
  if (m.has_lobby()) lobbies[m.lobby().lobby_id()] = m.lobby();
  if (m.has_match()) matches[m.match().match_id()].info = m.match();
  if (!m.has_view()) return;
  const v1::ViewUpdate& u = m.view();
  match_state& s = matches[u.match_id()];
  // The typed view is Space War's: another game's bytes are not parsed into it (MatchInfo,
  // which names the game, always comes before a match's first snapshot).
  const bool typed = s.info.game() == "space_war";
  if (u.snapshot()) {
    if (typed) s.view.ParseFromString(u.view());
    s.have_view = true;
    ++s.snapshots;
    s.log.assign(u.log_history().begin(), u.log_history().end());
  } else if (s.have_view && u.number() == s.number + 1) {
    if (typed && !apply_diff(s.view, u.patch())) ++s.gaps;
  } else {
    ++s.gaps;
  }
  s.number = u.number();
  for (std::string& line : split_lines(u.log_line())) s.log.push_back(std::move(line));
  if (!read_turn_timers(u.snapshot(), std::span(u.deadlines_ms().data(), static_cast<std::size_t>(u.deadlines_ms_size())),
                        u.full_turns(), u.stopped_turns(), std::int64_t{s.info.turn_seconds()} * 1000, steady_ms(),
                        s.deadlines))
    throw std::runtime_error("the server sent a whole turn of a match without turn timers");
}

std::int64_t test_client::match_state::ms_left(std::size_t seat) const {
  if (seat >= deadlines.size() || deadlines[seat] == 0) return 0;
  return std::max<std::int64_t>(deadlines[seat] - steady_ms(), 1);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

v1::Welcome test_client::hello(const std::string& display_name) {
  v1::ServerMessage m = request(hello_message(display_name, {}, v1::PROTOCOL_V3, packed));
  if (!m.has_welcome()) throw std::runtime_error("no Welcome: " + m.ShortDebugString());
  token = m.welcome().token();
  account_id = m.welcome().account_id();
  return m.welcome();
}

v1::Welcome test_client::resume(const std::string& saved_token) {
  v1::ServerMessage m = request(hello_message("", saved_token, v1::PROTOCOL_V3, packed));
  if (!m.has_welcome()) throw std::runtime_error("no Welcome: " + m.ShortDebugString());
  token = saved_token;
  account_id = m.welcome().account_id();
  return m.welcome();
}

void test_client::fence() {
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(1);
  request(std::move(ping));
}

v1::ClientMessage hello_message(const std::string& name, const std::string& token, std::uint32_t version,
                                bool packed) {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(version);
  m.mutable_hello()->set_display_name(name);
  m.mutable_hello()->set_token(token);
  if (packed)
    for (const server::view_dictionary& d : server::view_dictionaries()) m.mutable_hello()->add_dictionaries(d.name());
  return m;
}

std::string space_war_options(std::uint32_t contest_limit, bool auto_flip) {
  sw::Options o;
  o.set_contest_limit(contest_limit);
  o.set_auto_flip(auto_flip);
  return o.SerializeAsString();
}

v1::LobbySettings space_war_lobby(std::uint32_t seats, std::uint32_t contest_limit, bool is_private,
                                  bool spectators, std::uint32_t turn_seconds) {
  v1::LobbySettings s;
  s.set_game("space_war");
  s.set_seats(seats);
  s.set_options(space_war_options(contest_limit));
  s.set_is_private(is_private);
  s.set_allow_spectators(spectators);
  s.set_turn_seconds(turn_seconds);
  return s;
}

std::vector<v1::ViewUpdate> wire_updates(const test_client& c, std::size_t from) {
  std::vector<v1::ViewUpdate> out;
  for (std::size_t i = from; i < c.frames.size(); ++i) {
    v1::ServerMessage m;
    if (m.ParseFromString(c.frames[i].bytes) && m.has_view()) out.push_back(m.view());
  }
  return out;
}

v1::ClientMessage play_action(const std::string& match_id, std::uint64_t view_number, const v1::Action& action) {
  v1::ClientMessage m;
  m.mutable_play()->set_match_id(match_id);
  m.mutable_play()->set_view_number(view_number);
  *m.mutable_play()->mutable_action() = action;
  return m;
}

v1::ClientMessage list_lobbies() {
  v1::ClientMessage m;
  m.mutable_list_lobbies();
  return m;
}

v1::ClientMessage create_lobby(const v1::LobbySettings& settings) {
  v1::ClientMessage m;
  *m.mutable_create_lobby()->mutable_settings() = settings;
  return m;
}

v1::ClientMessage join_lobby(const std::string& lobby_id) {
  v1::ClientMessage m;
  m.mutable_join_lobby()->set_lobby_id(lobby_id);
  return m;
}

v1::ClientMessage set_ready(const std::string& lobby_id, bool ready) {
  v1::ClientMessage m;
  m.mutable_set_ready()->set_lobby_id(lobby_id);
  m.mutable_set_ready()->set_ready(ready);
  return m;
}

v1::ClientMessage start_message(const std::string& lobby_id) {
  v1::ClientMessage m;
  m.mutable_start_match()->set_lobby_id(lobby_id);
  return m;
}

v1::ClientMessage choose_deck(const std::string& lobby_id, const std::string& deck_id, std::uint32_t seat) {
  v1::ClientMessage m;
  m.mutable_choose_deck()->set_lobby_id(lobby_id);
  m.mutable_choose_deck()->set_deck_id(deck_id);
  m.mutable_choose_deck()->set_seat(seat);
  return m;
}

v1::ClientMessage join_by_invite(const std::string& invite_code) {
  v1::ClientMessage m;
  m.mutable_join_lobby()->set_invite_code(invite_code);
  return m;
}

v1::ClientMessage add_bot(const std::string& lobby_id, const std::string& bot, std::uint32_t seat) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_lobby_id(lobby_id);
  m.mutable_add_bot()->set_bot(bot);
  m.mutable_add_bot()->set_seat(seat);
  return m;
}

v1::ClientMessage remove_seat(const std::string& lobby_id, std::uint32_t seat) {
  v1::ClientMessage m;
  m.mutable_remove_seat()->set_lobby_id(lobby_id);
  m.mutable_remove_seat()->set_seat(seat);
  return m;
}

v1::ClientMessage open_replay(const std::string& match_id, std::uint32_t step, bool as_seat, std::uint32_t log_known) {
  v1::ClientMessage m;
  m.mutable_open_replay()->set_match_id(match_id);
  m.mutable_open_replay()->set_step(step);
  m.mutable_open_replay()->set_as_seat(as_seat);
  m.mutable_open_replay()->set_log_known(log_known);
  return m;
}

}  // namespace starport::server::testing
