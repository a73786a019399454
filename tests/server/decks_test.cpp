// Issue 15, "Decks", through the real server: the card pool; an account's decks saved,
// listed, copied, exported, imported, replaced and deleted; every broken list refused with
// nothing saved; a seat chooses a deck before Ready and only its holder learns which; bots
// and PlayComputer take starters; the chosen lists are fixed into the match record, so
// recovery after kill -9 and the replay deal the match from them after the deck was edited
// and deleted. (Storage: tests/storage/decks_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"
#include "match_driver.hpp"
#include "replies.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;
namespace engine = starport::engine;

namespace {

const engine::game_info& terminus() {
  const engine::game_info* g = engine::find_game("terminus");
  REQUIRE(g);
  REQUIRE(g->decks);
  return *g;
}

engine::deck_list starter_list(std::size_t i) {
  const auto starters = terminus().decks->starters();
  REQUIRE(starters.size() > i);
  return starters[i].cards;
}

std::string starter_id(std::size_t i) { return "starter:" + terminus().decks->starters()[i].id; }

// A list the deck rules refuse (one card short) that still parses and saves.
engine::deck_list short_list() {
  engine::deck_list cards = starter_list(0);
  cards.pop_back();
  REQUIRE_FALSE(terminus().decks->problems(cards).empty());
  return cards;
}

v1::LobbySettings terminus_lobby(bool is_private = false) {
  v1::LobbySettings s;
  s.set_game("terminus");
  s.set_seats(2);
  s.set_is_private(is_private);
  s.set_allow_spectators(true);
  return s;
}

v1::ClientMessage list_cards(const std::string& game) {
  v1::ClientMessage m;
  m.mutable_list_cards()->set_game(game);
  return m;
}

v1::ClientMessage list_decks(const std::string& game) {
  v1::ClientMessage m;
  m.mutable_list_decks()->set_game(game);
  return m;
}

v1::ClientMessage save_deck(const std::string& game, const std::string& id, const std::string& name,
                            const engine::deck_list& cards, const std::string& text = {}) {
  v1::ClientMessage m;
  v1::Deck& d = *m.mutable_save_deck()->mutable_deck();
  d.set_game(game);
  d.set_id(id);
  d.set_name(name);
  for (engine::card_index c : cards) d.add_cards(c);
  m.mutable_save_deck()->set_text(text);
  return m;
}

v1::ClientMessage delete_deck(const std::string& id) {
  v1::ClientMessage m;
  m.mutable_delete_deck()->set_deck_id(id);
  return m;
}



v1::ClientMessage add_bot_with(const std::string& lobby_id, const std::string& deck_id) {
  v1::ClientMessage m = add_bot(lobby_id, "random", 1);
  m.mutable_add_bot()->set_deck_id(deck_id);
  return m;
}

v1::ClientMessage play_computer_with(const std::string& game, const std::string& deck_id) {
  v1::ClientMessage m;
  m.mutable_play_computer()->set_game(game);
  m.mutable_play_computer()->set_bot("random");
  m.mutable_play_computer()->set_deck_id(deck_id);
  return m;
}




v1::Deck saved(test_client& c, v1::ClientMessage m) {
  const v1::ServerMessage reply = c.request(std::move(m));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_deck());
  return reply.deck();
}


engine::deck_list cards_of(const v1::Deck& d) { return {d.cards().begin(), d.cards().end()}; }

engine::deck_list sorted(engine::deck_list cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

// Every frame `c` received, as bytes, contains none of `secrets`.
void never_heard(const test_client& c, const std::vector<std::string>& secrets) {
  for (const test_client::frame& f : c.frames)
    for (const std::string& secret : secrets) CHECK_MESSAGE(f.bytes.find(secret) == std::string::npos, secret);
}

std::vector<std::string> deck_ids(const v1::DeckList& list) {
  std::vector<std::string> out;
  for (const v1::Deck& d : list.decks()) out.push_back(d.id());
  return out;
}

// The snapshot a Resync answers, as the bytes of the game's View.
std::string snapshot_view(test_client& c, const std::string& match_id) {
  v1::ClientMessage m;
  m.mutable_resync()->set_match_id(match_id);
  REQUIRE(c.request(m).has_match());
  const v1::ServerMessage snap = c.read_until([&](const v1::ServerMessage& x) {
    return x.has_view() && x.view().match_id() == match_id && x.view().snapshot();
  });
  return snap.view().view();
}

void resign(test_client& c, const std::string& match_id, std::uint32_t seat) {
  v1::Action a;
  a.set_seat(seat);
  a.set_kind(0);
  const std::uint32_t id = c.send(play_action(match_id, c.matches[match_id].number, a));
  const v1::ServerMessage reply = c.reply_to(id);
  INFO(reply.ShortDebugString());
  CHECK_FALSE(reply.has_error());
  await_over(c, match_id);
}

// What the engine deals from `decks` and the revealed seed, seen by everyone.
std::string dealt(const std::vector<engine::deck_list>& decks, std::uint64_t seed) {
  const engine::game_info& g = terminus();
  engine::message_ptr options = g.new_options();
  auto m = g.create_with_decks(static_cast<int>(decks.size()), *options, decks, seed);
  return m->view(engine::viewer::omniscient())->SerializeAsString();
}

}  // namespace

TEST_CASE("decks: the card pool is public and is the engine's, and only deck games use decks") {
  server_fixture f;
  test_client ada(f.port());
  const v1::Welcome w = ada.hello("Ada");
  std::set<std::string> with_decks;
  for (const v1::GameInfo& g : w.games())
    if (g.uses_decks()) with_decks.insert(g.id());
  CHECK(with_decks.count("terminus") == 1);
  CHECK(with_decks.count("space_war") == 0);
  CHECK(with_decks.count("space_race") == 0);

  const v1::ServerMessage pool = ada.request(list_cards("terminus"));
  REQUIRE(pool.has_card_pool());
  const auto engine_pool = terminus().decks->pool();
  REQUIRE(pool.card_pool().cards_size() == static_cast<int>(engine_pool.size()));
  CHECK(pool.card_pool().max_cards() == terminus().decks->max_cards);
  CHECK(pool.card_pool().rules_version() == static_cast<std::uint32_t>(terminus().rules_version));
  for (std::size_t i = 0; i < engine_pool.size(); ++i) {
    const v1::PoolCard& c = pool.card_pool().cards(static_cast<int>(i));
    CHECK(c.index() == engine_pool[i].index);
    CHECK(c.name() == engine_pool[i].name);
    CHECK(c.kind() == engine_pool[i].kind);
    CHECK(c.text() == engine_pool[i].text);
    CHECK(c.tags_size() == static_cast<int>(engine_pool[i].tags.size()));
    CHECK(c.stats_size() == static_cast<int>(engine_pool[i].stats.size()));
  }

  // An anonymous viewer (a replay link) reads the same pool, and nothing else of decks.
  test_client viewer(f.port());
  REQUIRE(viewer.request(hello_message("")).has_welcome());
  const v1::ServerMessage seen = viewer.request(list_cards("terminus"));
  REQUIRE(seen.has_card_pool());
  CHECK(seen.card_pool().SerializeAsString() == pool.card_pool().SerializeAsString());
  refused(viewer, list_decks("terminus"), v1::NOT_AUTHENTICATED);
  refused(viewer, save_deck("terminus", "", "Mine", starter_list(0)), v1::NOT_AUTHENTICATED);
  refused(viewer, delete_deck("x"), v1::NOT_AUTHENTICATED);

  // A game with a catalog but no decks answers ListCards only: every card kind its views
  // and log lines name ("{card:K}"), in index order, no deck limit.
  for (const char* game : {"space_war", "space_race", "scoundrels"}) {
    CAPTURE(game);
    const v1::ServerMessage catalog = viewer.request(list_cards(game));
    REQUIRE(catalog.has_card_pool());
    const auto kinds = starport::engine::find_game(game)->cards();
    REQUIRE(catalog.card_pool().cards_size() == static_cast<int>(kinds.size()));
    CHECK(kinds.size() > 30);
    CHECK(catalog.card_pool().max_cards() == 0);
    for (int i = 0; i < catalog.card_pool().cards_size(); ++i) {
      CHECK(catalog.card_pool().cards(i).index() == static_cast<std::uint32_t>(i));
      CHECK(catalog.card_pool().cards(i).name() == kinds[static_cast<std::size_t>(i)].name);
    }
    refused(ada, list_decks(game), v1::BAD_REQUEST);
    refused(ada, save_deck(game, "", "Mine", {0, 1}), v1::BAD_REQUEST);
  }

  // No game at all.
  refused(ada, list_cards("no_such_game"), v1::BAD_REQUEST);
  refused(ada, list_decks("no_such_game"), v1::BAD_REQUEST);
  refused(ada, save_deck("no_such_game", "", "Mine", {0, 1}), v1::BAD_REQUEST);
  const v1::Lobby war = lobby_of(ada, create_lobby(space_war_lobby(2, 3)));
  refused(ada, choose_deck(war.lobby_id(), starter_id(0)), v1::BAD_REQUEST);
  refused(ada, add_bot_with(war.lobby_id(), starter_id(0)), v1::BAD_REQUEST);
  refused(ada, play_computer_with("space_war", starter_id(0)), v1::BAD_REQUEST);
  // Ready and Start in a game without decks need none.
  const v1::Lobby with_bot = lobby_of(ada, add_bot(war.lobby_id(), "random", 1));
  REQUIRE(with_bot.seats(1).bot());
  CHECK_FALSE(with_bot.seats(1).deck_chosen());
  CHECK(with_bot.seats(1).deck_name().empty());
}

TEST_CASE("decks: save, list, copy, export, import, replace and delete, newest first, each account its own") {
  server_fixture f;
  test_client ada(f.port());
  ada.hello("Ada");

  const v1::ServerMessage empty = ada.request(list_decks("terminus"));
  REQUIRE(empty.has_deck_list());
  CHECK(empty.deck_list().decks_size() == 0);
  const auto starters = terminus().decks->starters();
  REQUIRE(empty.deck_list().starters_size() == static_cast<int>(starters.size()));
  for (std::size_t i = 0; i < starters.size(); ++i) {
    const v1::Deck& s = empty.deck_list().starters(static_cast<int>(i));
    CHECK(s.starter());
    CHECK(s.id() == starter_id(i));
    CHECK(s.name() == starters[i].name);
    CHECK(s.summary() == starters[i].summary);
    CHECK(cards_of(s) == starters[i].cards);
    CHECK(s.problems_size() == 0);
    CHECK_FALSE(s.text().empty());
  }

  // A new deck from card indices; surrounding spaces of its name are trimmed.
  const v1::Deck mine = saved(ada, save_deck("terminus", "", "  Pathfinder mine ", starter_list(0)));
  CHECK_FALSE(mine.id().empty());
  CHECK(mine.name() == "Pathfinder mine");
  CHECK(mine.game() == "terminus");
  CHECK_FALSE(mine.starter());
  CHECK(mine.problems_size() == 0);
  CHECK(cards_of(mine) == starter_list(0));
  CHECK(mine.updated_ms() > 0);
  // Its export is the engine's plain text, and an import of it is the same list.
  CHECK(mine.text() == engine::deck_text(*terminus().decks, starter_list(0)));
  const v1::Deck imported = saved(ada, save_deck("terminus", "", "Imported", {}, mine.text()));
  CHECK(imported.id() != mine.id());
  CHECK(sorted(cards_of(imported)) == sorted(starter_list(0)));
  CHECK(imported.problems_size() == 0);

  // A copy is a save of its cards under another name; the same name, in any case, is taken.
  refused(ada, save_deck("terminus", "", "PATHFINDER MINE", cards_of(mine)), v1::BAD_REQUEST);
  const v1::Deck copy = saved(ada, save_deck("terminus", "", "Pathfinder copy", cards_of(mine)));
  CHECK(copy.id() != mine.id());
  CHECK(cards_of(copy) == cards_of(mine));

  // A list that breaks deck rules is saved (it is being built) with its problems listed.
  const v1::Deck building = saved(ada, save_deck("terminus", mine.id(), "Pathfinder mine", short_list()));
  CHECK(building.id() == mine.id());
  CHECK(building.problems_size() > 0);
  for (const std::string& p : building.problems()) CHECK(is_sentence(p));
  CHECK(cards_of(building) == short_list());

  v1::ServerMessage list = ada.request(list_decks("terminus"));
  REQUIRE(list.has_deck_list());
  // Most recently changed first.
  CHECK(deck_ids(list.deck_list()) == std::vector<std::string>{mine.id(), copy.id(), imported.id()});
  CHECK(list.deck_list().decks(0).problems_size() == building.problems_size());

  // Bea has decks of her own and sees none of Ada's.
  test_client bea(f.port());
  bea.hello("Bea");
  const v1::Deck hers = saved(bea, save_deck("terminus", "", "Pathfinder mine", starter_list(1)));   // names are per account
  const v1::ServerMessage bea_list = bea.request(list_decks("terminus"));
  CHECK(deck_ids(bea_list.deck_list()) == std::vector<std::string>{hers.id()});

  // Delete answers the game's list without it; twice is not found.
  const v1::ServerMessage after = ada.request(delete_deck(copy.id()));
  REQUIRE(after.has_deck_list());
  CHECK(deck_ids(after.deck_list()) == std::vector<std::string>{mine.id(), imported.id()});
  CHECK(after.deck_list().starters_size() == static_cast<int>(starters.size()));
  refused(ada, delete_deck(copy.id()), v1::NOT_FOUND);
  never_heard(bea, {mine.id(), copy.id(), imported.id(), "Pathfinder copy", "Imported"});
}

TEST_CASE("decks: every broken list or name is refused with sentences, and nothing is saved") {
  server_fixture f;
  test_client ada(f.port());
  ada.hello("Ada");
  test_client bea(f.port());
  bea.hello("Bea");
  const v1::Deck mine = saved(ada, save_deck("terminus", "", "Mine", starter_list(0)));
  const v1::Deck hers = saved(bea, save_deck("terminus", "", "Hers", starter_list(1)));
  const std::string before = ada.request(list_decks("terminus")).deck_list().SerializeAsString();
  const std::string before_bea = bea.request(list_decks("terminus")).deck_list().SerializeAsString();

  // Names: empty, only spaces, too long, control characters, broken UTF-8.
  // (Text that is not UTF-8 does not even parse as a request: protobuf's rule for strings.)
  for (const std::string& name : {std::string(), std::string("   "), std::string(41, 'x'), std::string("a\nb"),
                                  std::string("tab\there"), std::string("\xc2\x85next line")})
    refused(ada, save_deck("terminus", "", name, starter_list(0)), v1::BAD_REQUEST);
  saved(ada, save_deck("terminus", "", std::string(40, 'y'), starter_list(0)));   // 40 is fine
  ada.request(delete_deck(ada.request(list_decks("terminus")).deck_list().decks(0).id()));

  // Cards outside the pool: each one named.
  const auto pool = static_cast<engine::card_index>(terminus().decks->pool().size());
  engine::deck_list outside = starter_list(0);
  outside[3] = pool;
  outside[7] = 65535;
  const v1::Error out = refused(ada, save_deck("terminus", "", "Outside", outside), v1::BAD_REQUEST);
  REQUIRE(out.problems_size() == 2);
  CHECK(out.problems(0).find("Card 4") == 0);
  CHECK(out.problems(1).find("Card 8") == 0);

  // 10,000 cards.
  const v1::Error huge = refused(ada, save_deck("terminus", "", "Huge", engine::deck_list(10000, 0)), v1::BAD_REQUEST);
  REQUIRE(huge.problems_size() == 1);
  CHECK(huge.problems(0).find(std::to_string(terminus().decks->max_cards)) != std::string::npos);

  // An imported list with broken lines: every one named, nothing saved.
  const std::string text = "# my list\n2 " + terminus().decks->pool()[0].name +
                           "\n3 Warp Coil That Does Not Exist\nzero " + terminus().decks->pool()[1].name +
                           "\n1 Another Missing Card\n";
  const v1::Error broken = refused(ada, save_deck("terminus", "", "Broken", {}, text), v1::BAD_REQUEST);
  CHECK(broken.problems_size() >= 2);
  bool names_line_3 = false;
  for (const std::string& p : broken.problems()) names_line_3 = names_line_3 || p.find("line 3") != std::string::npos;
  CHECK(names_line_3);

  // Someone else's deck, a made-up one and a starter cannot be replaced or deleted.
  refused(ada, save_deck("terminus", hers.id(), "Taken over", starter_list(0)), v1::NOT_FOUND);
  refused(ada, save_deck("terminus", "0123456789abcdef", "Nowhere", starter_list(0)), v1::NOT_FOUND);
  refused(ada, save_deck("terminus", starter_id(0), "Better starter", starter_list(0)), v1::BAD_REQUEST);
  refused(ada, delete_deck(hers.id()), v1::NOT_FOUND);
  refused(ada, delete_deck(starter_id(0)), v1::NOT_FOUND);
  refused(ada, delete_deck(""), v1::NOT_FOUND);

  CHECK(ada.request(list_decks("terminus")).deck_list().SerializeAsString() == before);
  CHECK(bea.request(list_decks("terminus")).deck_list().SerializeAsString() == before_bea);
  (void)mine;
}

TEST_CASE("decks: an account keeps at most 100 decks, and replacing one is still allowed") {
  // The rate limit raised: this test also measures ListDecks in a loop.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client ada(f.port());
  ada.hello("Ada");
  std::string first;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 100; ++i) {
    const v1::Deck d = saved(ada, save_deck("terminus", "", "Deck " + std::to_string(i), starter_list(i % 4)));
    if (i == 0) first = d.id();
  }
  const auto t1 = std::chrono::steady_clock::now();
  refused(ada, save_deck("terminus", "", "Deck 100", {}), v1::LIMIT_REACHED);
  saved(ada, save_deck("terminus", first, "Deck zero", starter_list(0)));
  const auto t2 = std::chrono::steady_clock::now();
  const v1::ServerMessage full = ada.request(list_decks("terminus"));
  const auto t3 = std::chrono::steady_clock::now();
  CHECK(full.deck_list().decks_size() == 100);
  const auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
  // The server's CPU for one ListDecks of 100 decks, against a Ping's (what request_cost weighs).
  const auto cpu_each = [&](const v1::ClientMessage& m, int n) {
    const double before = cpu_seconds(f.server->pid());
    for (int i = 0; i < n; ++i) ada.request(m);
    return (cpu_seconds(f.server->pid()) - before) / n * 1e6;
  };
  v1::ClientMessage ping;
  ping.mutable_ping();
  const double ping_us = cpu_each(ping, 1000), list_us = cpu_each(list_decks("terminus"), 100),
               cards_us = cpu_each(list_cards("terminus"), 300);
  MESSAGE("100 SaveDeck round trips of 60 cards: " << ms(t1 - t0) / 100 << " ms each; ListDecks of 100 decks: "
          << full.ByteSizeLong() << " bytes in " << ms(t3 - t2) << " ms; server CPU a ListDecks " << list_us
          << " us, a ListCards " << cards_us << " us, a Ping " << ping_us << " us");
  ada.request(delete_deck(first));
  saved(ada, save_deck("terminus", "", "Deck 100", {}));
}

TEST_CASE("decks: a deck list costs 25 messages of the rate - asked for in a loop it is refused first, other requests still pass") {
  server_fixture f;   // the default rate: 100 messages a second, 200 at once
  test_client ada(f.port());
  ada.hello("Ada");
  for (int i = 0; i < 3; ++i) saved(ada, save_deck("terminus", "", "Deck " + std::to_string(i), starter_list(i)));
  std::vector<std::uint32_t> ids;
  for (int i = 0; i < 12; ++i) ids.push_back(ada.send(list_decks("terminus")));
  int listed = 0, limited = 0;
  // Refusals come at once, lists after their storage read: every answer as it arrives.
  for (std::set<std::uint32_t> waiting(ids.begin(), ids.end()); !waiting.empty();) {
    const v1::ServerMessage m = ada.read();
    if (!waiting.erase(m.request_id())) continue;
    listed += m.has_deck_list();
    limited += m.has_error() && m.error().code() == v1::RATE_LIMITED;
  }
  // 200 tokens less the Hello and three saves: seven lists, an eighth if tokens came back meanwhile.
  CHECK(listed >= 7);
  CHECK(listed <= 9);
  CHECK(listed + limited == 12);
  v1::ClientMessage ping;
  ping.mutable_ping();
  CHECK(ada.request(ping).has_pong());   // a cheap message needs only one token back
  std::this_thread::sleep_for(std::chrono::milliseconds(300));   // 30 tokens back
  CHECK(ada.request(list_decks("terminus")).deck_list().decks_size() == 3);
}

TEST_CASE("decks: a seat chooses a deck before Ready, only its holder learns which, and a new choice clears Ready") {
  server_fixture f;
  test_client ada(f.port());
  ada.hello("Ada");
  test_client bea(f.port());
  bea.hello("Bea");
  const v1::Deck secret = saved(bea, save_deck("terminus", "", "Zebra Gambit", starter_list(1)));
  const v1::Deck unfinished = saved(bea, save_deck("terminus", "", "Half built", short_list()));
  const v1::Deck adas = saved(ada, save_deck("terminus", "", "Ada's own", starter_list(0)));

  const v1::Lobby created = lobby_of(ada, create_lobby(terminus_lobby()));
  const std::string id = created.lobby_id();
  CHECK_FALSE(created.seats(0).deck_chosen());
  lobby_of(bea, join_lobby(id));

  const v1::Error first = refused(bea, set_ready(id, true), v1::BAD_REQUEST);
  CHECK(first.detail().find("Choose a deck") == 0);
  refused(bea, choose_deck(id, adas.id()), v1::NOT_FOUND);   // another account's deck
  refused(bea, choose_deck(id, "starter:nope"), v1::BAD_REQUEST);
  const v1::Error half = refused(bea, choose_deck(id, unfinished.id()), v1::BAD_REQUEST);
  CHECK(half.problems_size() > 0);
  refused(bea, choose_deck("nope", secret.id()), v1::NOT_FOUND);
  refused(bea, choose_deck(id, std::string(5000, 'a')), v1::NOT_FOUND);

  v1::Lobby mine = lobby_of(bea, choose_deck(id, secret.id()));
  CHECK(mine.seats(1).deck_chosen());
  CHECK(mine.seats(1).deck_name() == "Zebra Gambit");
  // Ada is told that Bea has a deck, not which.
  const v1::ServerMessage pushed = ada.read_until([&](const v1::ServerMessage& m) {
    return m.has_lobby() && m.lobby().seats(1).deck_chosen();
  });
  CHECK(pushed.lobby().seats(1).deck_name().empty());

  // Start waits for every deck, the host's first.
  CHECK(refused(ada, start_message(id), v1::BAD_REQUEST).detail().find("Choose a deck") == 0);
  mine = lobby_of(ada, choose_deck(id, starter_id(0)));
  CHECK(mine.seats(0).deck_name() == terminus().decks->starters()[0].name);
  CHECK(refused(ada, start_message(id), v1::BAD_REQUEST).detail().find("Waiting for Bea (seat 2) to be ready") == 0);

  CHECK(lobby_of(bea, set_ready(id, true)).seats(1).ready());
  // Another choice clears Ready; clearing the choice does too, and Ready needs a deck again.
  CHECK_FALSE(lobby_of(bea, choose_deck(id, starter_id(1))).seats(1).ready());
  CHECK(lobby_of(bea, set_ready(id, true)).seats(1).ready());
  const v1::Lobby cleared = lobby_of(bea, choose_deck(id, ""));
  CHECK_FALSE(cleared.seats(1).ready());
  CHECK_FALSE(cleared.seats(1).deck_chosen());
  CHECK(refused(ada, start_message(id), v1::BAD_REQUEST).detail().find("Waiting for Bea (seat 2) to choose a deck") == 0);
  lobby_of(bea, choose_deck(id, secret.id()));

  // Editing the chosen deck so that it breaks a rule takes it away from the seat; a legal
  // edit keeps it (with Ready to confirm again); deleting it takes it away.
  lobby_of(bea, set_ready(id, true));
  saved(bea, save_deck("terminus", secret.id(), "Zebra Gambit", short_list()));
  v1::ServerMessage gone = bea.read_until([&](const v1::ServerMessage& m) {
    return m.has_lobby() && !m.lobby().seats(1).deck_chosen();
  });
  CHECK_FALSE(gone.lobby().seats(1).ready());
  saved(bea, save_deck("terminus", secret.id(), "Zebra Gambit", starter_list(1)));
  lobby_of(bea, choose_deck(id, secret.id()));
  saved(bea, save_deck("terminus", secret.id(), "Zebra Gambit II", starter_list(2)));
  const v1::ServerMessage renamed = bea.read_until([&](const v1::ServerMessage& m) {
    return m.has_lobby() && m.lobby().seats(1).deck_name() == "Zebra Gambit II";
  });
  CHECK(renamed.lobby().seats(1).deck_chosen());
  bea.request(delete_deck(secret.id()));
  bea.read_until([&](const v1::ServerMessage& m) { return m.has_lobby() && !m.lobby().seats(1).deck_chosen(); });

  // Nothing Ada received names Bea's decks or their ids.
  ada.fence();
  never_heard(ada, {"Zebra", "Half built", secret.id(), unfinished.id()});
}

TEST_CASE("decks: bots take starters, and PlayComputer deals its player a starter, a named starter or an own deck") {
  server_fixture f;
  test_client ada(f.port());
  ada.hello("Ada");
  std::set<std::string> starter_names;
  for (const engine::starter_deck& s : terminus().decks->starters()) starter_names.insert(s.name);

  const std::string id = lobby_of(ada, create_lobby(terminus_lobby())).lobby_id();
  refused(ada, add_bot_with(id, "starter:nope"), v1::BAD_REQUEST);
  refused(ada, add_bot_with(id, "0123456789abcdef"), v1::BAD_REQUEST);   // a bot takes starters only
  const v1::Lobby with_bot = lobby_of(ada, add_bot_with(id, starter_id(1)));
  CHECK(with_bot.seats(1).deck_chosen());
  CHECK(with_bot.seats(1).deck_name() == terminus().decks->starters()[1].name);   // a bot's starter is public
  lobby_of(ada, remove_seat(id, 1));
  const v1::Lobby any = lobby_of(ada, add_bot_with(id, ""));
  CHECK(any.seats(1).deck_chosen());
  CHECK(starter_names.count(any.seats(1).deck_name()) == 1);
  ada.request(v1::ClientMessage(remove_seat(id, 1)));
  ada.request([&] {
    v1::ClientMessage m;
    m.mutable_leave_lobby()->set_lobby_id(id);
    return m;
  }());

  // PlayComputer: any starter, a named one, Ada's own; refused: unknown starter, someone
  // else's deck, a deck with problems.
  const v1::Lobby quick = lobby_of(ada, play_computer_with("terminus", ""));
  CHECK(starter_names.count(quick.seats(0).deck_name()) == 1);
  CHECK(quick.seats(1).deck_chosen());
  CHECK_FALSE(quick.match_id().empty());

  test_client bea(f.port());
  bea.hello("Bea");
  const v1::Deck hers = saved(bea, save_deck("terminus", "", "Hers", starter_list(0)));
  const v1::Deck half = saved(ada, save_deck("terminus", "", "Half", short_list()));
  const v1::Deck own = saved(ada, save_deck("terminus", "", "My own", starter_list(2)));
  refused(ada, play_computer_with("terminus", "starter:nope"), v1::BAD_REQUEST);
  refused(ada, play_computer_with("terminus", hers.id()), v1::NOT_FOUND);
  refused(ada, play_computer_with("terminus", std::string(5000, 'a')), v1::NOT_FOUND);
  CHECK(refused(ada, play_computer_with("terminus", half.id()), v1::BAD_REQUEST).problems_size() > 0);
  const v1::Lobby named = lobby_of(ada, play_computer_with("terminus", starter_id(1)));
  CHECK(named.seats(0).deck_name() == terminus().decks->starters()[1].name);
  const v1::Lobby mine = lobby_of(ada, play_computer_with("terminus", own.id()));
  CHECK(mine.seats(0).deck_name() == "My own");
  CHECK_FALSE(mine.match_id().empty());
}

TEST_CASE("decks: the match is dealt the chosen lists, fixed at the start: kill -9, restart and the replay use them after the deck was edited and deleted") {
  server_fixture f;
  std::string token, bea_token, match_id, lobby_id, before;
  const engine::deck_list ada_list = starter_list(2);
  const engine::deck_list bea_list = starter_list(1);
  {
    test_client ada(f.port());
    ada.hello("Ada");
    token = ada.token;
    test_client bea(f.port());
    bea.hello("Bea");
    bea_token = bea.token;
    const v1::Deck own = saved(ada, save_deck("terminus", "", "Ada's racer", ada_list));
    const v1::Deck hers = saved(bea, save_deck("terminus", "", "Bea's secret", bea_list));
    lobby_id = lobby_of(ada, create_lobby(terminus_lobby())).lobby_id();
    lobby_of(bea, join_lobby(lobby_id));
    lobby_of(ada, choose_deck(lobby_id, own.id()));
    lobby_of(bea, choose_deck(lobby_id, hers.id()));
    lobby_of(bea, set_ready(lobby_id, true));
    const v1::Lobby started = lobby_of(ada, start_message(lobby_id));
    match_id = started.match_id();
    REQUIRE_FALSE(match_id.empty());
    ada.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
    bea.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });

    // Refused once the match runs.
    refused(ada, choose_deck(lobby_id, starter_id(0)), v1::BAD_REQUEST);
    // The decks change after the start: the match must not notice.
    saved(ada, save_deck("terminus", own.id(), "Ada's racer", starter_list(0)));
    bea.request(delete_deck(hers.id()));
    // Bea's seat loses the deleted deck for the next match (the lobby is saved before this push) …
    bea.read_until([&](const v1::ServerMessage& m) { return m.has_lobby() && !m.lobby().seats(1).deck_chosen(); });
    // … and a storage round trip after it means that save has committed.
    REQUIRE(ada.request(list_decks("terminus")).has_deck_list());
    before = snapshot_view(ada, match_id);
    ada.fence();
    bea.fence();
    never_heard(ada, {"Bea's secret", hers.id()});
    never_heard(bea, {"Ada's racer", own.id()});
    f.server->kill9();
  }
  f.start();
  test_client ada(f.port());
  ada.resume(token);
  CHECK(snapshot_view(ada, match_id) == before);   // the same state, dealt from the stored lists

  // After the match: the replay from the start shows what the engine deals from those lists.
  resign(ada, match_id, 0);
  const std::uint64_t seed = ada.matches[match_id].info.revealed_seed();
  const v1::ServerMessage frame = ada.request(open_replay(match_id, 0, false));
  REQUIRE(frame.has_replay_frame());
  CHECK(frame.replay_frame().perspective() == "everything");
  CHECK(frame.replay_frame().view() == dealt({ada_list, bea_list}, seed));
  CHECK(frame.replay_frame().view() != dealt({starter_list(0), bea_list}, seed));   // the edit is not used

  // The rematch keeps Ada's choice (her deck is legal again after the edit); Bea's deck was deleted.
  test_client bea(f.port());
  bea.resume(bea_token);
  const v1::Lobby again = lobby_of(bea, join_lobby(lobby_id));
  CHECK(again.seats(0).deck_chosen());
  CHECK_FALSE(again.seats(1).deck_chosen());
  CHECK(again.seats(0).deck_name().empty());   // Ada's deck is hers to know

  // `starport verify` re-plays the stored match from the stored lists; its replay file names
  // them (card names per seat), and `verify` and `starport replay` deal from the file alone.
  std::string out;
  const std::string file = f.dir.file("replay.json");
  CHECK(run_starport({"verify", "--data", f.data(), "--match", match_id, "--export", file}, out) == 0);
  std::ifstream in(file);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(json.find("\"decks\"") != std::string::npos);
  CHECK(json.find(terminus().decks->pool()[ada_list.front()].name) != std::string::npos);
  CHECK(run_starport({"verify", file}, out) == 0);
  // `starport replay` reads the scenario format: the same file without verify's own members.
  boost::json::object scenario = boost::json::parse(json).as_object();
  for (const char* key : {"match_id", "salt", "commitment", "outcome"}) scenario.erase(key);
  const std::string plain = f.dir.file("scenario.json");
  std::ofstream(plain) << boost::json::serialize(scenario);
  CHECK(run_starport({"replay", plain}, out) == 0);
  CHECK(out.find("\"over\": true") != std::string::npos);
  // Its final state is the engine's from those lists (Ada resigned at once), not from others.
  auto final_state = [&](const std::vector<engine::deck_list>& decks) {
    engine::message_ptr options = terminus().new_options();
    auto m = terminus().create_with_decks(2, *options, decks, seed);
    REQUIRE(m->play(engine::make_action(0, 0)));
    return engine::to_json(*m->view(engine::viewer::omniscient()));
  };
  CHECK(out.find(final_state({ada_list, bea_list})) != std::string::npos);
  CHECK(out.find(final_state({starter_list(0), bea_list})) == std::string::npos);
}

TEST_CASE("decks: a lobby's deck choices come back after kill -9 and a restart, and the host starts with them") {
  server_fixture f;
  std::string token, lobby_id, bot_deck;
  {
    test_client ada(f.port());
    ada.hello("Ada");
    token = ada.token;
    const v1::Deck own = saved(ada, save_deck("terminus", "", "Comet", starter_list(3)));
    lobby_id = lobby_of(ada, create_lobby(terminus_lobby())).lobby_id();
    bot_deck = lobby_of(ada, add_bot_with(lobby_id, starter_id(2))).seats(1).deck_name();
    const v1::Lobby chosen = lobby_of(ada, choose_deck(lobby_id, own.id()));
    CHECK(chosen.seats(0).deck_name() == "Comet");
    REQUIRE(ada.request(list_decks("terminus")).has_deck_list());   // a later storage job: the lobby is saved
    f.server->kill9();
  }
  f.start();
  test_client ada(f.port());
  ada.resume(token);
  const v1::Lobby back = lobby_of(ada, join_lobby(lobby_id));
  CHECK(back.seats(0).deck_chosen());
  CHECK(back.seats(0).deck_name() == "Comet");
  CHECK(back.seats(1).deck_name() == bot_deck);
  CHECK(bot_deck == terminus().decks->starters()[2].name);
  // The host starts with the deck chosen before the restart.
  const v1::Lobby started = lobby_of(ada, start_message(lobby_id));
  CHECK_FALSE(started.match_id().empty());
}

// Issue 17: "Player decks are saved per account and chosen per seat in the lobby exactly as
// for terminus decks (one mechanism for both games)". The save / choose round runs for
// every game in the registry that has decks, with that game's own starters and rules.
TEST_CASE("decks: every deck game saves, exports, lists and deletes decks, and a seat chooses one before Ready") {
  std::vector<const engine::game_info*> deck_games;
  for (const engine::game_info* g : engine::games())
    if (g->decks) deck_games.push_back(g);
  std::set<std::string> ids;
  for (const engine::game_info* g : deck_games) ids.insert(std::string(g->id));
  CHECK(ids.count("terminus") == 1);
  if (engine::find_game("quasar_search")) CHECK(ids.count("quasar_search") == 1);   // issue 17: decks too
  server_fixture f;
  test_client ada(f.port());
  ada.hello("Ada");
  test_client bea(f.port());
  bea.hello("Bea");
  for (const engine::game_info* g : deck_games) {
    CAPTURE(g->id);
    const std::string game(g->id);
    const auto starters = g->decks->starters();
    REQUIRE(starters.size() >= 2);
    for (const engine::starter_deck& s : starters) CHECK(g->decks->problems(s.cards).empty());
    // Saved from a starter's list; its text imports back to the same cards.
    const v1::Deck mine = saved(bea, save_deck(game, "", "Secret " + game, starters[0].cards));
    CHECK(mine.problems_size() == 0);
    CHECK(mine.game() == game);
    CHECK(mine.text() == engine::deck_text(*g->decks, starters[0].cards));
    const v1::Deck again = saved(bea, save_deck(game, "", "Imported " + game, {}, mine.text()));
    CHECK(sorted(cards_of(again)) == sorted(starters[0].cards));
    // One card short breaks a rule: saved with problems, not choosable.
    engine::deck_list shorter = starters[0].cards;
    shorter.pop_back();
    const v1::Deck broken = saved(bea, save_deck(game, "", "Broken " + game, shorter));
    CHECK((broken.problems_size() > 0) == !g->decks->problems(shorter).empty());
    const v1::ServerMessage list = bea.request(list_decks(game));
    REQUIRE(list.has_deck_list());
    CHECK(list.deck_list().decks_size() == 3);
    CHECK(list.deck_list().starters_size() == static_cast<int>(starters.size()));

    // A lobby of the game: Bea chooses her deck for her seat before Ready; Ada learns only
    // that she has one.
    v1::LobbySettings settings;
    settings.set_game(game);
    settings.set_seats(static_cast<std::uint32_t>(std::max(2, g->min_seats)));
    const std::string id = lobby_of(ada, create_lobby(settings)).lobby_id();
    lobby_of(bea, join_lobby(id));
    CHECK(refused(bea, set_ready(id, true), v1::BAD_REQUEST).detail().find("Choose a deck") == 0);
    if (!g->decks->problems(shorter).empty()) refused(bea, choose_deck(id, broken.id()), v1::BAD_REQUEST);
    const v1::Lobby chosen = lobby_of(bea, choose_deck(id, mine.id()));
    CHECK(chosen.seats(1).deck_name() == "Secret " + game);
    CHECK(lobby_of(bea, set_ready(id, true)).seats(1).ready());
    const v1::Lobby seen = ada.await_lobby(id, [](const v1::Lobby& l) { return l.seats(1).ready(); });
    CHECK(seen.seats(1).deck_chosen());
    CHECK(seen.seats(1).deck_name().empty());
    lobby_of(ada, choose_deck(id, "starter:" + std::string(starters[1].id)));
    // Deleted, it leaves the seat without a deck.
    bea.request(delete_deck(mine.id()));
    bea.read_until([&](const v1::ServerMessage& m) { return m.has_lobby() && m.lobby().lobby_id() == id && !m.lobby().seats(1).deck_chosen(); });
    v1::ClientMessage leave;
    leave.mutable_leave_lobby()->set_lobby_id(id);
    ada.request(leave);
    bea.request(v1::ClientMessage(leave));
  }
  ada.fence();
  for (const engine::game_info* g : deck_games) never_heard(ada, {"Secret " + std::string(g->id)});
}
