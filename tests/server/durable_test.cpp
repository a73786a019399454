// Faults that freeze or mislead (issue 13, section 2), in process: a server without
// sockets (sessions write into vectors) whose storage thread the test holds up or makes
// fail, so that what leaves a match before, during and after a commit is known exactly.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/registry.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/shared_state.hpp"
#include "server/protocol/turn_timers.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/protocol/view_number.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/database.hpp"
#include "storage/worker.hpp"
#include "match_driver.hpp"
#include "server_fixture.hpp"
#include "test_client.hpp"

using namespace starport::server::testing;
namespace server = starport::server;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// One connection of the rig: what it was sent, and the match as its page would show it.
struct peer {
  std::shared_ptr<server::websocket_session> session;
  std::vector<v1::ServerMessage> out;
  std::uint32_t next_id = 1;
  std::string account_id;
  std::uint64_t number = 0;   // the last view's number
  sw::View view;
  v1::MatchInfo info;
  // Per seat, when its turn timer runs out (steady ms, 0: none), from what the stream carried.
  std::vector<std::int64_t> deadlines;

  const v1::ServerMessage* answer(std::uint32_t id) const {
    for (const auto& m : out)
      if (m.request_id() == id) return &m;
    return nullptr;
  }
  std::size_t count_views() const {
    std::size_t n = 0;
    for (const auto& m : out) n += m.has_view() ? 1 : 0;
    return n;
  }
};

struct rig {
  server::config settings;
  asio::io_context ioc{1};
  asio::executor_work_guard<asio::io_context::executor_type> work{ioc.get_executor()};
  scratch_dir dir;
  std::unique_ptr<starport::storage::worker> storage;
  std::shared_ptr<server::shared_state> state;
  std::vector<std::unique_ptr<peer>> peers;
  std::shared_future<void> gate;
  std::promise<void> opener;
  bool held = false;

  explicit rig(server::config c = {}) : settings(std::move(c)) {
    storage = std::make_unique<starport::storage::worker>(dir.file("starport.db"));
    start();
  }
  void start() {
    state = std::make_shared<server::shared_state>(settings, ioc, *storage);
    auto hub = std::make_shared<server::lobby_hub>(lobby_room(state));
    state->set_lobbies(hub);
    hub->restore({}, {});
  }
  ~rig() {
    if (held) release();
    for (auto& p : peers) p->session->end();
    drain();
    for (auto& m : state->matches().all()) m->stop();
    drain();
    state->matches().clear();
    state->set_lobbies(nullptr);
  }
  // Runs everything ready, storage included, until nothing is left to do.
  void drain() {
    for (;;) {
      const std::size_t ran = ioc.poll();
      if (!held && storage->queue_depth() > 0) {
        storage->flush();
        continue;
      }
      if (ran == 0) return;
    }
  }
  // Runs what the network side has ready, never waiting for storage.
  void pump() {
    while (ioc.poll() > 0) {
    }
  }
  // Storage's thread waits (nothing commits) until release().
  void hold() {
    opener = {};
    gate = opener.get_future().share();
    held = true;
    storage->submit([g = gate](starport::storage::database&) { g.wait(); });
  }
  void release() {
    held = false;
    opener.set_value();
  }

  peer& connect(const std::string& name) {
    auto p = std::make_unique<peer>();
    peer* raw = p.get();
    p->session = std::make_shared<server::websocket_session>(tcp::socket(ioc), state);
    p->session->tap([raw](const server::frame_ptr& f) {
      v1::ServerMessage m;
      REQUIRE(m.ParseFromString(*f));
      if (m.has_match()) raw->info = m.match();
      if (m.has_view()) {
        const v1::ViewUpdate& u = m.view();
        const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now().time_since_epoch()).count();
        REQUIRE(server::read_turn_timers(
            u.snapshot(), std::span(u.deadlines_ms().data(), static_cast<std::size_t>(u.deadlines_ms_size())),
            u.full_turns(), u.stopped_turns(), std::int64_t{raw->info.turn_seconds()} * 1000, now, raw->deadlines));
        if (u.snapshot()) {
          REQUIRE(raw->view.ParseFromString(u.view()));
        } else {
          REQUIRE(u.number() == 0);   // the previous + 1, left out
          REQUIRE(server::apply_diff(raw->view, u.patch()));
        }
        raw->number = server::view_number(u.snapshot(), u.number(), raw->number);
      }
      raw->out.push_back(m);
    });
    peers.push_back(std::move(p));
    const std::uint32_t id = send(*raw, hello_message(name));
    drain();
    REQUIRE(raw->answer(id));
    REQUIRE(raw->answer(id)->has_welcome());
    raw->account_id = raw->answer(id)->welcome().account_id();
    return *raw;
  }
  std::uint32_t send(peer& p, v1::ClientMessage m) {
    m.set_request_id(p.next_id++);
    p.session->receive(m.SerializeAsString(), true);
    return m.request_id();
  }
  const v1::ServerMessage& ask(peer& p, v1::ClientMessage m) {
    const std::uint32_t id = send(p, std::move(m));
    drain();
    const v1::ServerMessage* a = p.answer(id);
    REQUIRE(a);
    return *a;
  }
  // `host` and `guest` sit at a two-seat Space War table and its match starts.
  std::string start_match(peer& host, peer& guest, std::uint32_t turn_seconds = 0) {
    const v1::ServerMessage created = ask(host, create_lobby(space_war_lobby(2, 30, false, true, turn_seconds)));
    REQUIRE(created.has_lobby());
    const std::string lobby_id = created.lobby().lobby_id();
    REQUIRE(ask(guest, join_lobby(lobby_id)).has_lobby());
    v1::ClientMessage ready;
    ready.mutable_set_ready()->set_lobby_id(lobby_id);
    ready.mutable_set_ready()->set_ready(true);
    REQUIRE(ask(guest, ready).has_lobby());
    v1::ClientMessage start;
    start.mutable_start_match()->set_lobby_id(lobby_id);
    const v1::ServerMessage started = ask(host, start);
    REQUIRE(started.has_lobby());
    REQUIRE(!started.lobby().match_id().empty());
    drain();
    REQUIRE(host.number > 0);
    REQUIRE(guest.number > 0);
    return started.lobby().match_id();
  }
};

// The seat with a legal action in its view, and that action.
peer& mover(peer& a, peer& b) { return a.view.legal_actions_size() > 0 ? a : b; }

v1::Action resign(std::uint32_t seat) {
  v1::Action a;
  a.set_seat(seat);
  a.set_kind(0);
  return a;
}

}  // namespace

TEST_CASE("durable: a second move from the same view is answered only once the first has committed") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  REQUIRE(p.view.legal_actions_size() > 0);
  const v1::Action move = p.view.legal_actions(0);
  const std::uint64_t n = p.number;
  const std::size_t others_had = other.out.size();
  r.hold();
  const std::uint32_t first = r.send(p, play_action(match, n, move));
  const std::uint32_t again = r.send(p, play_action(match, n, move));
  r.pump();
  // Nothing may say the first move is in while its append waits: not its answer, not the
  // refusal of the second ("already in"), nothing to the other seat.
  CHECK(p.answer(first) == nullptr);
  CHECK(p.answer(again) == nullptr);
  CHECK(other.out.size() == others_had);
  r.release();
  r.drain();
  REQUIRE(p.answer(first));
  CHECK(p.answer(first)->has_view());
  REQUIRE(p.answer(again));
  CHECK(p.answer(again)->error().code() == v1::STALE_VIEW);
  CHECK(p.answer(again)->error().detail().find("already in") != std::string::npos);
}

TEST_CASE("durable: another seat's move chosen from its latest view is taken while the first is in flight - both answered only after their commits") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  const std::uint32_t other_seat = other.info.your_seat();
  const std::uint64_t other_saw = other.number;
  const std::size_t others_had = other.out.size();
  r.hold();
  const std::uint32_t move = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  // Resigning is legal in every state. The other seat chose it from the latest table it was
  // shown (nothing newer has left the server), so it is taken in the state ahead; what
  // either seat is told waits for the commits.
  const std::uint32_t quit = r.send(other, play_action(match, other_saw, resign(other_seat)));
  r.pump();
  CHECK(p.answer(move) == nullptr);
  CHECK(other.answer(quit) == nullptr);
  CHECK(other.out.size() == others_had);
  r.release();
  r.drain();
  REQUIRE(p.answer(move));
  CHECK(p.answer(move)->has_view());
  REQUIRE(other.answer(quit));
  CHECK(other.answer(quit)->has_view());
  CHECK(p.info.over());   // the resignation went through
}

TEST_CASE("durable: a move from an older view that arrives while another is in flight is refused only after the commit") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& first = mover(a, b);
  REQUIRE(r.ask(first, play_action(match, first.number, first.view.legal_actions(0))).has_view());
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  const std::uint32_t other_seat = other.info.your_seat();
  REQUIRE(other.number > 1);   // the start's snapshot, then the first move's view
  const std::uint64_t older = other.number - 1;
  const std::size_t others_had = other.out.size();
  r.hold();
  const std::uint32_t move = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  const std::uint32_t quit = r.send(other, play_action(match, older, resign(other_seat)));
  r.pump();
  // Not even a refusal leaves while the move in flight is not on disk.
  CHECK(other.answer(quit) == nullptr);
  CHECK(other.out.size() == others_had);
  r.release();
  r.drain();
  REQUIRE(p.answer(move));
  CHECK(p.answer(move)->has_view());
  REQUIRE(other.answer(quit));
  CHECK(other.answer(quit)->error().code() == v1::STALE_VIEW);
  CHECK_FALSE(p.info.over());
}

TEST_CASE("durable: no frame tells of a move before it commits - the MatchInfo a disconnect pushes has no deadline in it") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b, 600);
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  const std::uint32_t seat = p.info.your_seat();
  REQUIRE(p.deadlines.size() == 2);   // the snapshot's: the deadlines come in the view stream
  REQUIRE(p.deadlines[seat] > 0);
  r.hold();
  const std::size_t had = p.out.size();
  r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  r.pump();
  other.session->end();   // the other seat's connection drops: MatchInfo goes out now
  r.pump();
  int infos = 0;
  for (std::size_t i = had; i < p.out.size(); ++i) {
    if (!p.out[i].has_match()) continue;
    ++infos;
    for (const v1::MatchSeat& x : p.out[i].match().seats()) CHECK(x.deadline_ms() == 0);
  }
  CHECK(infos == 1);
  for (std::size_t i = had; i < p.out.size(); ++i) CHECK_FALSE(p.out[i].has_view());
  r.release();
  r.drain();
  // After the commit the mover's clock is off (the other seat's turn, or its own again).
  CHECK(p.count_views() >= 2);
}

namespace {

// Runs the server (its timers included) until `done` holds or `within` passes.
template <class F>
bool run_until(rig& r, F done, std::chrono::milliseconds within = std::chrono::seconds(10)) {
  const auto give_up = std::chrono::steady_clock::now() + within;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= give_up) return false;
    r.ioc.run_for(std::chrono::milliseconds(2));
    if (!r.held && r.storage->queue_depth() > 0) r.storage->flush();
  }
  r.drain();
  return true;
}

server::config quick_retries(int ms) {
  server::config c;
  c.storage_retry = std::chrono::milliseconds(ms);
  return c;
}

v1::ClientMessage resync(const std::string& match_id) {
  v1::ClientMessage m;
  m.mutable_resync()->set_match_id(match_id);
  return m;
}

}  // namespace

TEST_CASE("durable: a refused append is tried again - the move goes through and the match goes on") {
  rig r(quick_retries(5));
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& p = mover(a, b);
  r.storage->inject_failures(2);   // the append's commit and its first retry fail
  const std::uint32_t move = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  REQUIRE(run_until(r, [&] { return p.answer(move) != nullptr; }));
  CHECK(p.answer(move)->has_view());
  // The match goes on: the next move (whoever's it is) is taken.
  peer& q = mover(a, b);
  REQUIRE(q.view.legal_actions_size() > 0);
  const std::uint32_t next = r.send(q, play_action(match, q.number, q.view.legal_actions(0)));
  REQUIRE(run_until(r, [&] { return q.answer(next) != nullptr; }));
  CHECK(q.answer(next)->has_view());
  starport::storage::database db(r.dir.file("starport.db"));
  CHECK(db.actions(match).size() == 2);
}

TEST_CASE("durable: past its retries the match is re-dealt from its log - the unsaved move dropped and its player told - and waiting resyncs are answered") {
  rig r(quick_retries(2));
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  const std::string before = p.view.SerializeAsString();
  r.storage->inject_failures(4);   // the commit and its three retries
  const std::uint32_t move = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  const std::uint32_t wait = r.send(other, resync(match));   // waits for the append in flight
  REQUIRE(run_until(r, [&] { return p.answer(move) != nullptr && other.answer(wait) != nullptr; }));
  CHECK(p.answer(move)->error().code() == v1::INTERNAL);
  CHECK(p.answer(move)->error().detail().find("could not be saved") != std::string::npos);
  CHECK(other.answer(wait)->has_match());   // MatchInfo, then the snapshot
  CHECK(p.view.SerializeAsString() == before);   // the table as it was: the move never happened
  starport::storage::database db(r.dir.file("starport.db"));
  CHECK(db.actions(match).empty());
  // Storage works again: the same player moves, and it is taken.
  const std::uint32_t again = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  REQUIRE(run_until(r, [&] { return p.answer(again) != nullptr; }));
  CHECK(p.answer(again)->has_view());
  CHECK(db.actions(match).size() == 1);
}

TEST_CASE("durable: a match storage cannot save nor read is given up - its lobby is free again with a reason and every waiting request answered") {
  rig r(quick_retries(1));
  peer& a = r.connect("Ada");   // the host
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  peer& p = mover(a, b);
  peer& other = &p == &a ? b : a;
  r.storage->inject_failures(1000, 1000);
  const std::uint32_t move = r.send(p, play_action(match, p.number, p.view.legal_actions(0)));
  const std::uint32_t wait = r.send(other, resync(match));
  auto freed = [&] {
    for (const auto& m : a.out)
      if (m.has_lobby() && m.lobby().match_id().empty() && m.lobby().last_match_id() == match) return true;
    return false;
  };
  REQUIRE(run_until(r, [&] { return p.answer(move) && other.answer(wait) && freed(); }));
  r.storage->inject_failures(0, 0);
  CHECK(p.answer(move)->error().code() == v1::INTERNAL);
  CHECK(other.answer(wait)->error().code() == v1::INTERNAL);
  bool told = false;
  for (const auto& m : a.out)
    if (m.has_chat() && m.chat().from().empty() && m.chat().text().find("could not save") != std::string::npos) told = true;
  CHECK(told);
  CHECK(r.state->matches().active_for(a.account_id).empty());
}

TEST_CASE("durable: a running match this build cannot resume is ended with its reason - its lobby is free and says why") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "60"});
  std::string a_token, b_token, lobby_id, match_id;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 40));
    for (int i = 0; i < 3; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));
    a_token = a.token;
    b_token = b.token;
    lobby_id = t.lobby_id;
    match_id = t.match_id;
    f.server->kill9();
  }
  // A new build with other rules for the game: the match was recorded under the old ones.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((f.data() + "/starport.db").c_str(), &db) == SQLITE_OK);
  const std::string bump = "UPDATE matches SET rules_version = rules_version + 1 WHERE id = '" + match_id + "'";
  CHECK(sqlite3_exec(db, bump.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  f.start();
  test_client a(f.port()), b(f.port());
  const v1::Welcome w = a.resume(a_token);
  CHECK(std::count(w.active_matches().begin(), w.active_matches().end(), match_id) == 0);
  const v1::ServerMessage joined = a.request(join_lobby(lobby_id));
  REQUIRE(joined.has_lobby());
  CHECK(joined.lobby().match_id().empty());
  CHECK(joined.lobby().last_match_id() == match_id);
  bool said = false;
  for (const v1::ChatLine& line : joined.lobby().recent_chat().lines())
    said = said || (line.from().empty() && line.text().find("another version of the rules") != std::string::npos);
  CHECK(said);
  {
    starport::storage::database stored(f.data() + "/starport.db");
    const auto record = stored.match(match_id);
    REQUIRE(record);
    CHECK(record->finished);
    CHECK(record->end_reason.find("Not resumed") == 0);
  }
  // The host is not stranded: the table starts its next match.
  b.resume(b_token);
  REQUIRE(b.request(join_lobby(lobby_id)).has_lobby());
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_lobby_id(lobby_id);
  ready.mutable_set_ready()->set_ready(true);
  REQUIRE(b.request(ready).has_lobby());
  v1::ClientMessage start;
  start.mutable_start_match()->set_lobby_id(lobby_id);
  const v1::ServerMessage started = a.request(start);
  REQUIRE(started.has_lobby());
  CHECK(!started.lobby().match_id().empty());
  CHECK(started.lobby().match_id() != match_id);
}

TEST_CASE("durable: a match and its lobby's match id commit in one transaction") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const v1::ServerMessage created = r.ask(a, create_lobby(space_war_lobby(2, 30)));
  const std::string lobby_id = created.lobby().lobby_id();
  REQUIRE(r.ask(b, join_lobby(lobby_id)).has_lobby());
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_lobby_id(lobby_id);
  ready.mutable_set_ready()->set_ready(true);
  REQUIRE(r.ask(b, ready).has_lobby());
  v1::ClientMessage start;
  start.mutable_start_match()->set_lobby_id(lobby_id);
  const std::uint32_t id = r.send(a, start);
  r.pump();   // the match's record is with storage
  while (r.storage->queue_depth() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  r.hold();   // whatever comes after the match's own commit waits
  r.pump();   // the host is answered: the match exists
  REQUIRE(a.answer(id));
  const std::string match_id = a.answer(id)->lobby().match_id();
  REQUIRE(!match_id.empty());
  // What a crash now would leave: the lobby row must already name its match.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(r.dir.file("starport.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* q = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT match_id FROM lobbies WHERE id = ?", -1, &q, nullptr) == SQLITE_OK);
  sqlite3_bind_text(q, 1, lobby_id.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(q) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(q, 0))) == match_id);
  sqlite3_finalize(q);
  sqlite3_close(db);
  r.release();
  r.drain();
}

TEST_CASE("durable: a connection's list of matches drops the ones that have closed") {
  server::config c;
  c.finished_linger = std::chrono::milliseconds(0);
  rig r(c);
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  for (int round = 0; round < 4; ++round) {
    const std::string match = r.start_match(a, b);   // a new table each round
    CHECK(a.session->client_data().matches.size() == 1);   // this match only, the closed ones dropped
    // Ada resigns; the match ends and (linger 0) closes.
    REQUIRE(r.ask(a, play_action(match, a.number, resign(a.info.your_seat()))).has_view());
    std::weak_ptr<server::match_actor> gone = r.state->matches().find(match);
    REQUIRE(run_until(r, [&] { return r.state->matches().find(match) == nullptr; }));
    REQUIRE(gone.expired());   // nothing else keeps a closed match
  }
}

TEST_CASE("durable: storage runs synchronous=FULL - every commit reaches the disk before anyone is told") {
  scratch_dir d;
  starport::storage::database db(d.file("starport.db"));
  CHECK(db.synchronous() == 2);   // FULL; NORMAL (1) may lose the last commits to a power cut
}

TEST_CASE("durable: a deadline that follows a preference's move is shown only once that move commits") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b, 600);
  v1::ClientMessage auto_flip;   // Space War's first preference, "Flip for me"
  auto_flip.mutable_set_preferences()->set_match_id(match);
  auto_flip.mutable_set_preferences()->add_choices(1);
  REQUIRE(r.ask(a, auto_flip).has_match());
  // The deadlines an update brings fit the view it brings: a seat has one only where that
  // view shows it to act (a deadline of the state ahead would tell of the preference's move).
  auto fits = [](const v1::ServerMessage& m, sw::View& view) {
    if (!m.has_view()) return true;
    if (m.view().snapshot()) view.ParseFromString(m.view().view());
    else if (!server::apply_diff(view, m.view().patch())) return false;
    for (int k = 0; k < m.view().deadlines_ms_size(); ++k)
      if (m.view().deadlines_ms(k) > 0 && (k >= view.seats_size() || (view.seats_to_act() >> k & 1) == 0)) return false;
    for (int k = 0; k < 32; ++k)   // a whole turn starting (full_turns) is a deadline too
      if ((m.view().full_turns() >> k & 1) != 0 && (k >= view.seats_size() || (view.seats_to_act() >> k & 1) == 0)) return false;
    return true;
  };
  int windows = 0;   // moves of Ada's preference caught in flight
  for (int step = 0; step < 300 && !a.info.over(); ++step) {
    peer* p = a.view.legal_actions_size() > 0 ? &a : b.view.legal_actions_size() > 0 ? &b : nullptr;
    if (!p) break;
    r.hold();
    r.send(*p, play_action(match, p->number, p->view.legal_actions(0)));
    r.pump();   // accepted; its append waits behind the gate
    r.release();
    while (r.storage->queue_depth() > 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    r.hold();   // the move has committed; whatever its settle appends next waits
    const std::size_t a_had = a.out.size(), b_had = b.out.size();
    sw::View a_view = a.view, b_view = b.view;
    r.pump();   // the settle: views go out, a preference may play and append
    // Something appended behind the gate, and not the result of a match that just ended.
    if (r.storage->queue_depth() > 1 && !a.info.over()) {
      ++windows;
      for (std::size_t i = a_had; i < a.out.size(); ++i) CHECK(fits(a.out[i], a_view));
      for (std::size_t i = b_had; i < b.out.size(); ++i) CHECK(fits(b.out[i], b_view));
    }
    r.release();
    r.drain();
  }
  CHECK(windows > 0);
}


TEST_CASE("durable: a seat's own move made while the server's move for that seat is in flight waits and is stale") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = r.start_match(a, b);
  v1::ClientMessage auto_flip;   // Space War's first preference, "Flip for me": Ada's flips are the server's
  auto_flip.mutable_set_preferences()->set_match_id(match);
  auto_flip.mutable_set_preferences()->add_choices(1);
  REQUIRE(r.ask(a, auto_flip).has_match());
  int windows = 0;
  for (int step = 0; step < 300 && !a.info.over() && windows == 0; ++step) {
    peer* p = b.view.legal_actions_size() > 0 ? &b : a.view.legal_actions_size() > 0 ? &a : nullptr;
    if (!p) break;
    r.hold();
    r.send(*p, play_action(match, p->number, p->view.legal_actions(0)));
    r.pump();
    r.release();
    while (r.storage->queue_depth() > 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    r.hold();
    r.pump();   // the settle: Ada's preference may play for her now, its append held
    if (r.storage->queue_depth() > 1 && !a.info.over() && a.view.legal_actions_size() > 0) {
      ++windows;
      // Ada answers the table she was shown, but the server has already moved for her.
      const std::size_t had = a.out.size();
      const std::uint32_t mine = r.send(a, play_action(match, a.number, a.view.legal_actions(0)));
      r.pump();
      CHECK(a.answer(mine) == nullptr);
      CHECK(a.out.size() == had);
      r.release();
      r.drain();
      REQUIRE(a.answer(mine));
      CHECK(a.answer(mine)->error().code() == v1::STALE_VIEW);
      break;
    }
    r.release();
    r.drain();
  }
  CHECK(windows == 1);
}

namespace {

namespace engine = starport::engine;

// How the rules of `fails_after` go wrong.
enum class failure {
  nobody_named,       // the game is not over, yet no seat is named to act
  named_with_nothing, // the seats stay named with nothing to play
  throws,             // the next move throws half way through being applied
  refuses,            // the seats stay named and their moves listed, but the check refuses them
};

// A Space War match whose rules go wrong after `moves` actions, as a rules fault would. A
// resignation still passes the game's check, as it would in the real fault.
class fails_after final : public engine::match {
 public:
  fails_after(std::unique_ptr<engine::match> inner, int moves, failure how)
      : inner_(std::move(inner)), moves_(moves), how_(how) {}
  std::unique_ptr<engine::match> clone() const override {
    auto out = std::make_unique<fails_after>(inner_->clone(), moves_, how_);
    out->played_ = played_;
    return out;
  }
  const engine::game_info& info() const override { return inner_->info(); }
  int seat_count() const override { return inner_->seat_count(); }
  engine::seat_mask must_act() const override { return stuck() && how_ == failure::nobody_named ? 0 : inner_->must_act(); }
  engine::seat_mask may_act() const override { return stuck() && how_ == failure::nobody_named ? 0 : inner_->may_act(); }
  engine::seat_mask awaiting_answer() const override { return inner_->awaiting_answer(); }
  engine::verdict check(const engine::action& a) const override {
    if (stuck() && a.kind != engine::resign_kind) return engine::refuse(engine::rule_error::illegal_action, "stuck");
    return inner_->check(a);
  }
  engine::verdict play(const engine::action& a) override {
    const engine::verdict v = check(a);
    if (v) apply_checked(a);
    return v;
  }
  void apply_checked(const engine::action& a) override {
    inner_->apply_checked(a);
    if (how_ == failure::throws && played_ == moves_) throw std::out_of_range("basic_string::substr: a rules fault");
    ++played_;
  }
  void legal_actions(int seat, std::vector<engine::action>& out) const override {
    if (stuck() && how_ != failure::refuses) return out.clear();
    inner_->legal_actions(seat, out);
  }
  engine::action timeout_action(int seat) const override { return inner_->timeout_action(seat); }
  std::string describe(const engine::action& a) const override { return inner_->describe(a); }
  std::string describe_effects() const override { return inner_->describe_effects(); }
  std::string describe_setup() const override { return inner_->describe_setup(); }
  std::optional<engine::action> preferred_action(int seat, engine::preference_choices c) const override {
    return inner_->preferred_action(seat, c);
  }
  engine::message_ptr view(engine::viewer who) const override { return inner_->view(who); }
  void view_into(engine::viewer who, google::protobuf::Message& out) const override { inner_->view_into(who, out); }
  engine::outcome result() const override { return inner_->result(); }
  bool same_state(const engine::match& other) const override { return inner_->same_state(other); }
  void scramble_hidden(int seat, engine::rng& r) override { inner_->scramble_hidden(seat, r); }

 private:
  bool stuck() const { return how_ != failure::throws && played_ >= moves_; }
  std::unique_ptr<engine::match> inner_;
  int moves_;
  failure how_;
  int played_ = 0;
};

// Ada (seat 0) and Bea (seat 1; null: a bot) play a match whose rules go wrong after `moves`
// actions; it is stored and started as a lobby would, and their pages open it. Returns its id.
std::string start_failing(rig& r, peer& a, peer* b, int moves, failure how) {
  const engine::game_info* game = engine::find_game("space_war");
  REQUIRE(game != nullptr);
  starport::storage::match_record record;
  record.id = "m-stalls";
  record.game = "space_war";
  record.rules_version = game->rules_version;
  record.options = space_war_options(30);
  record.seed = 7;
  record.salt = "00";
  record.settings = space_war_lobby(2, 30).SerializeAsString();
  record.seats = {{0, a.account_id, "Ada", ""}, b ? starport::storage::seat_record{1, b->account_id, "Bea", ""}
                                                  : starport::storage::seat_record{1, "", "Vega", "random"}};
  r.storage->submit([record](starport::storage::database& db) { db.create_match(record); });
  r.drain();
  auto options = game->new_options();
  REQUIRE(options->ParseFromString(record.options));
  auto actor = open_match(match_room(r.state), record,
                          std::make_unique<fails_after>(game->create(2, *options, record.seed), moves, how), 0);
  actor->start({});
  r.drain();
  REQUIRE(r.ask(a, resync(record.id)).has_match());
  if (b) REQUIRE(r.ask(*b, resync(record.id)).has_match());
  return record.id;
}

// Played through `moves` actions before the rules fail (0: a match resumed in such a state).
void stalls_and_ends(int moves, failure how) {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = start_failing(r, a, &b, moves, how);
  for (int i = 0; i < moves; ++i) {
    CHECK_FALSE(a.info.over());
    peer& p = mover(a, b);
    REQUIRE(p.view.legal_actions_size() > 0);
    REQUIRE(r.ask(p, play_action(match, p.number, p.view.legal_actions(0))).has_view());
  }
  for (peer* p : {&a, &b}) {
    CHECK(p->info.over());
    CHECK(p->info.outcome().over());
    CHECK(p->info.outcome().no_result());
    CHECK(p->info.outcome().winners_size() == 0);
    CHECK(p->info.outcome().reason().find("no seat had a move the rules allow") == 0);
    CHECK(p->info.revealed_seed() == 7);   // over: the commitment can be checked
  }
  CHECK(r.state->matches().active_for(a.account_id).empty());
  CHECK(r.state->stats().render(0).find("starport_matches_stopped_total{reason=\"nobody_can_move\"} 1\n") != std::string::npos);
  // A resignation would pass the stuck game's check; the match is over.
  const v1::ServerMessage late = r.ask(a, play_action(match, a.number, resign(a.info.your_seat())));
  CHECK(error_of(late) == v1::GAME_OVER);
  // Stored as ended, with its reason and no winner; its replay says the same.
  {
    starport::storage::database stored(r.dir.file("starport.db"));
    const auto record = stored.match(match);
    REQUIRE(record);
    CHECK(record->finished);
    CHECK(record->winners.empty());
    CHECK(record->end_reason.find("no seat had a move") == 0);
    CHECK(record->action_count == static_cast<std::uint32_t>(moves));
  }
  const v1::ServerMessage replay = r.ask(b, open_replay(match, 0, false));
  REQUIRE(replay.has_replay_frame());
  CHECK(replay.replay_frame().total_steps() == static_cast<std::uint32_t>(moves));
  CHECK(replay.replay_frame().match().over());
  CHECK(replay.replay_frame().match().outcome().no_result());
  CHECK(replay.replay_frame().match().outcome().reason() == a.info.outcome().reason());
  CHECK(replay.replay_frame().perspective() == "everything");
}

}  // namespace

TEST_CASE("durable: a match whose rules leave nobody a move ends without a result - told, stored, counted, replayed") {
  SUBCASE("no seat named, in play") { stalls_and_ends(3, failure::nobody_named); }
  SUBCASE("seats named with nothing to play, in play") { stalls_and_ends(3, failure::named_with_nothing); }
  SUBCASE("no seat named, at its start") { stalls_and_ends(0, failure::nobody_named); }
  SUBCASE("seats named with nothing to play, at its start") { stalls_and_ends(0, failure::named_with_nothing); }
}

TEST_CASE("durable: a move whose rules throw ends that match without a result - the server and its other matches go on") {
  rig r;
  peer& a = r.connect("Ada");
  peer& b = r.connect("Bea");
  const std::string match = start_failing(r, a, &b, 3, failure::throws);
  for (int i = 0; i < 3; ++i) {
    peer& p = mover(a, b);
    REQUIRE(r.ask(p, play_action(match, p.number, p.view.legal_actions(0))).has_view());
  }
  peer& p = mover(a, b);
  const v1::ServerMessage answer = r.ask(p, play_action(match, p.number, p.view.legal_actions(0)));
  CHECK(error_of(answer) == v1::INTERNAL);
  CHECK(answer.error().detail().find("fault") != std::string::npos);
  for (peer* q : {&a, &b}) {
    CHECK(q->info.over());
    CHECK(q->info.outcome().no_result());
    CHECK(q->info.outcome().winners_size() == 0);
    CHECK(q->info.outcome().reason() == "the server hit a fault in this match");
  }
  CHECK(r.state->stats().render(0).find("starport_matches_stopped_total{reason=\"fault\"} 1\n") != std::string::npos);
  CHECK(r.state->matches().active_for(a.account_id).empty());
  // Closed at once: nothing is shown from the state the fault left half made.
  CHECK(error_of(r.ask(b, resync(match))) == v1::NOT_FOUND);
  {
    starport::storage::database stored(r.dir.file("starport.db"));
    const auto record = stored.match(match);
    REQUIRE(record);
    CHECK(record->finished);
    CHECK(record->action_count == 3);   // the move that threw was never saved
  }
  const v1::ServerMessage replay = r.ask(a, open_replay(match, 3, false));
  REQUIRE(replay.has_replay_frame());
  CHECK(replay.replay_frame().total_steps() == 3);
  CHECK(replay.replay_frame().match().outcome().no_result());
  // The server goes on: the same players start another match and play in it.
  const std::string next = r.start_match(a, b);
  peer& m = mover(a, b);
  CHECK(r.ask(m, play_action(next, m.number, m.view.legal_actions(0))).has_view());
}

TEST_CASE("durable: when the rules refuse every move they list, the bot's refused move ends the match without a result") {
  server::config c;
  c.bot_delay = std::chrono::milliseconds(1);
  rig r(c);
  peer& a = r.connect("Ada");
  // From the start: every seat is named and offered its flip, and the check refuses it.
  const std::string match = start_failing(r, a, nullptr, 0, failure::refuses);
  REQUIRE(run_until(r, [&] { return a.info.over(); }));
  CHECK(a.info.outcome().no_result());
  CHECK(a.info.outcome().reason().find("no seat had a move the rules allow") == 0);
  CHECK(r.state->stats().render(0).find("starport_matches_stopped_total{reason=\"nobody_can_move\"} 1\n") != std::string::npos);
  REQUIRE(a.view.legal_actions_size() > 0);   // still listed in the last view she was shown
  CHECK(error_of(r.ask(a, play_action(match, a.number, a.view.legal_actions(0)))) == v1::GAME_OVER);
}
