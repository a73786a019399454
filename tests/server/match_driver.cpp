#include "match_driver.hpp"

#include <stdexcept>

namespace starport::server::testing {

namespace {

bool is_view_of(const v1::ServerMessage& m, const std::string& match_id) {
  return m.has_view() && m.view().match_id() == match_id;
}

void expect(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

}  // namespace

table start_match(test_client& host, const std::vector<test_client*>& guests, const v1::LobbySettings& settings,
                  const std::vector<std::string>& bots) {
  table t;
  v1::ClientMessage create = create_lobby(settings);
  v1::ServerMessage created = host.request(create);
  expect(created.has_lobby(), "CreateLobby: " + created.ShortDebugString());
  t.lobby_id = created.lobby().lobby_id();
  const std::string code = created.lobby().invite_code();
  t.players.assign(settings.seats(), nullptr);
  t.players[0] = &host;
  for (test_client* g : guests) {
    v1::ClientMessage join;
    if (settings.is_private())
      join.mutable_join_lobby()->set_invite_code(code);
    else
      join.mutable_join_lobby()->set_lobby_id(t.lobby_id);
    v1::ServerMessage joined = g->request(join);
    expect(joined.has_lobby(), "JoinLobby: " + joined.ShortDebugString());
    t.players[joined.lobby().your_seat()] = g;
    v1::ClientMessage ready;
    ready.mutable_set_ready()->set_lobby_id(t.lobby_id);
    ready.mutable_set_ready()->set_ready(true);
    expect(g->request(ready).has_lobby(), "SetReady");
  }
  for (std::size_t i = 0, b = 0; i < t.players.size() && b < bots.size(); ++i) {
    if (t.players[i]) continue;
    v1::ClientMessage add = add_bot(t.lobby_id, bots[b++], static_cast<std::uint32_t>(i));
    expect(host.request(add).has_lobby(), "AddBot");
  }
  v1::ClientMessage start;
  start.mutable_start_match()->set_lobby_id(t.lobby_id);
  v1::ServerMessage started = host.request(start);
  expect(started.has_lobby() && !started.lobby().match_id().empty(), "StartMatch: " + started.ShortDebugString());
  t.match_id = started.lobby().match_id();
  for (test_client* p : t.players) {
    if (!p) continue;
    p->read_until([&](const v1::ServerMessage& m) { return is_view_of(m, t.match_id) && m.view().snapshot(); });
    expect(p->matches[t.match_id].info.match_id() == t.match_id, "no MatchInfo before the snapshot");
  }
  return t;
}

bool play_one(const table& t, const std::vector<test_client*>& watchers, unsigned pick) {
  test_client* actor = nullptr;
  for (test_client* p : t.players)
    if (p && p->matches[t.match_id].view.legal_actions_size() > 0) {
      actor = p;
      break;
    }
  if (!actor) return false;
  test_client::match_state& s = actor->matches[t.match_id];
  const auto& legal = s.view.legal_actions();
  const v1::Action a = legal[static_cast<int>(pick % static_cast<unsigned>(legal.size()))];
  const std::uint32_t next_step = actor->step + 1;
  for (test_client* p : t.players)
    if (p) p->step = next_step;
  for (test_client* w : watchers) w->step = next_step;
  const std::uint64_t before = s.number;
  v1::ServerMessage reply = actor->request(play_action(t.match_id, before, a));
  expect(is_view_of(reply, t.match_id), "PlayAction refused: " + reply.ShortDebugString());
  expect(reply.view().number() == before + 1, "the answer is not the next view");
  std::vector<test_client*> others = watchers;
  for (test_client* p : t.players)
    if (p && p != actor) others.push_back(p);
  for (test_client* o : others) {
    const std::uint64_t had = o->matches[t.match_id].number;
    v1::ServerMessage m = o->read_until([&](const v1::ServerMessage& x) { return is_view_of(x, t.match_id); });
    expect(m.view().number() == had + 1, "a watcher skipped a view number");
  }
  return true;
}

int play_to_end(const table& t, const std::vector<test_client*>& watchers, int max_actions) {
  int played = 0;
  while (played < max_actions && play_one(t, watchers, static_cast<unsigned>(played) * 7u)) ++played;
  return played;
}

void await_over(test_client& c, const std::string& match_id) {
  if (c.matches[match_id].info.over()) return;
  c.read_until([&](const v1::ServerMessage& m) { return m.has_match() && m.match().match_id() == match_id && m.match().over(); });
}

int play_against_bots(test_client& c, const std::string& match_id, int max_messages) {
  int played = 0;
  std::uint64_t acted_on = UINT64_MAX;
  for (int i = 0; i < max_messages; ++i) {
    test_client::match_state& s = c.matches[match_id];
    if (s.info.over()) return played;
    if (s.view.legal_actions_size() > 0 && acted_on != s.number) {
      acted_on = s.number;
      c.send(play_action(match_id, s.number, s.view.legal_actions(0)));
      ++played;
    }
    v1::ServerMessage m = c.read();
    // A view in flight when we acted makes ours stale: the next view lets us act again.
    if (m.has_error() && m.error().code() != v1::STALE_VIEW)
      throw std::runtime_error("refused: " + m.ShortDebugString());
  }
  throw std::runtime_error("the match against bots did not end");
}

table seat_two(test_client& a, test_client& b, std::uint32_t turn_seconds) {
  a.hello("Ada");
  b.hello("Bea");
  return start_match(a, {&b}, space_war_lobby(2, 30, false, true, turn_seconds));
}

}  // namespace starport::server::testing
