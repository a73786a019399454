#include "game_streams.hpp"

#include <doctest/doctest.h>

#include "replies.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/protocol/view_number.hpp"

namespace starport::server::testing {

std::vector<v1::Action> legal_in(const google::protobuf::Message& view) {
  std::vector<v1::Action> out;
  const auto* field = view.GetDescriptor()->FindFieldByName("legal_actions");
  REQUIRE(field);
  const auto* reflection = view.GetReflection();
  for (int i = 0; i < reflection->FieldSize(view, field); ++i) {
    v1::Action a;
    a.CopyFrom(reflection->GetRepeatedMessage(view, field, i));
    out.push_back(a);
  }
  return out;
}

void streams::take(const v1::ServerMessage& m) {
  if (m.has_match() && m.match().match_id() == match_id) {
    info = m.match();
    stream = m.stream();
  }
  if (m.has_error() && m.error().code() != v1::STALE_VIEW) ++refusals;
  // A diff names its match by the connection's handle its MatchInfo came with, a snapshot by its id.
  if (!m.has_view()) return;
  if (m.view().snapshot() ? m.view().match_id() != match_id : m.stream() != stream) return;
  CHECK(m.view().snapshot() != m.view().match_id().empty());   // no match id in a diff
  const v1::ViewUpdate& u = m.view();
  seen_seats.insert(u.seat());
  one& s = seats[u.seat()];
  if (!s.view) s.view = game->new_view();
  if (u.snapshot()) {
    REQUIRE(s.view->ParseFromString(u.view()));
    s.have = true;
    ++s.snapshots;
  } else if (s.have && starport::server::view_number(false, u.number(), s.number) == s.number + 1) {
    if (!starport::server::apply_diff(*s.view, u.patch())) ++s.gaps;
  } else {
    ++s.gaps;
  }
  // Each seat's stream counts on its own; a diff leaves out its number (the previous + 1).
  s.number = starport::server::view_number(u.snapshot(), u.number(), s.number);
}

void sync(test_client& c, streams& st) {
  for (; st.consumed < c.frames.size(); ++st.consumed) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(c.frames[st.consumed].bytes));
    st.take(m);
  }
}

v1::ServerMessage read_into(test_client& c, streams& st) {
  v1::ServerMessage m = c.read();
  sync(c, st);
  return m;
}

started start_two_seats(const starport::engine::game_info& game, test_client& host, test_client& guest) {
  v1::LobbySettings table;
  table.set_game(std::string(game.id));
  table.set_seats(2);
  table.set_allow_spectators(true);
  started out;
  out.lobby_id = lobby_of(host, create_lobby(table)).lobby_id();
  lobby_of(guest, join_lobby(out.lobby_id));
  if (game.decks) {
    const auto starters = game.decks->starters();
    const auto starter = [&](std::size_t i) { return "starter:" + std::string(starters[i % starters.size()].id); };
    lobby_of(host, choose_deck(out.lobby_id, starter(0)));
    lobby_of(guest, choose_deck(out.lobby_id, starter(1)));
  }
  lobby_of(guest, set_ready(out.lobby_id, true));
  out.match_id = lobby_of(host, start_message(out.lobby_id)).match_id();
  REQUIRE_FALSE(out.match_id.empty());
  return out;
}

to_move next_to_move(std::span<streams> people) {
  for (std::size_t i = 0; i < people.size(); ++i) {
    auto& s = people[i].seats[0];   // a person holding one seat: its one stream
    if (!s.have || s.acted_on == s.number) continue;
    std::vector<v1::Action> legal = legal_in(*s.view);
    if (legal.empty()) continue;
    s.acted_on = s.number;
    return {static_cast<int>(i), s.number, std::move(legal)};
  }
  return {};
}

v1::Action pick(const starport::engine::game_info& game, const std::vector<v1::Action>& legal, std::mt19937& random) {
  std::vector<v1::Action> moves;
  for (const v1::Action& a : legal)
    if (a.kind() != 0) moves.push_back(a);
  if (moves.empty() || game.id == "space_war") return legal.front();
  return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
}

}  // namespace starport::server::testing
