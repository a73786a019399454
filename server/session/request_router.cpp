#include "server/session/request_router.hpp"

#include "server/crypto.hpp"
#include "server/lobby/deck_desk.hpp"
#include "server/lobby/game_catalog.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/net/address_quota.hpp"
#include "server/net/metrics.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/replay/replay_desk.hpp"
#include "server/session/session_services.hpp"
#include "server/session/text_rules.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

using session_ptr = std::shared_ptr<websocket_session>;
constexpr std::size_t token_hex_chars = 32;   // 128 bits
const char* const pick_a_name = "Pick a display name first.";

void answer_error(const session_ptr& s, std::uint32_t request_id, v1::ErrorCode code, std::string detail) {
  s->send(encode_error(request_id, code, std::move(detail)));
}

// What the storage thread found for a Hello; filled there, read back on the session's strand.
struct hello_result {
  bool found = false;
  storage::account account;
  std::string new_token;   // only for a guest created now; sent once in Welcome, never logged
};

void on_hello_done(const session_ptr& s, std::uint32_t request_id, bool ok,
                   const std::shared_ptr<hello_result>& result) {
  client& c = s->client_data();
  c.hello_pending = false;
  if (s->gone()) return;   // closed meanwhile: it must not count as online
  if (!ok)
    return answer_error(s, request_id, v1::INTERNAL,
                        "The server could not reach its account store; try again in a moment.");
  if (!result->found)
    return answer_error(s, request_id, v1::NOT_AUTHENTICATED,
                        "This browser's sign-in is no longer known here; pick a display name to start again.");
  c.account_id = result->account.id;
  c.display_name = result->account.display_name;
  request r{{s->id(), s, c.dictionaries}, c.account_id, c.display_name, request_id, {}};
  s->services().lobbies().welcome(std::move(r), std::move(result->new_token));
}

void on_hello(const session_ptr& s, std::uint32_t request_id, const v1::Hello& hello) {
  client& c = s->client_data();
  // One Hello per connection, an anonymous one included: a viewer who decides to play
  // reconnects with a name.
  if (c.greeted() || c.hello_pending)
    return answer_error(s, request_id, v1::BAD_REQUEST,
                        "This connection has already said Hello; reconnect to sign in differently.");
  if (hello.protocol_version() != protocol_version)
    return answer_error(s, request_id, v1::PROTOCOL_VERSION,
                        "This page is out of date for the server (protocol " + std::to_string(protocol_version) +
                            "); reload it.");
  c.dictionaries = accepted_dictionaries(hello.dictionaries());
  if (hello.token().empty() && hello.display_name().empty()) {
    // An anonymous viewer: no account, no token; replays, public matches and Ping only.
    c.viewer = true;
    v1::ServerMessage m;
    m.set_request_id(request_id);
    v1::Welcome& w = *m.mutable_welcome();
    w.set_protocol_version(protocol_version);
    w.set_server_version(server_version);
    return s->send(encode_welcome(std::move(m)));
  }
  std::optional<std::string> name;
  if (!hello.display_name().empty()) {
    name = clean_display_name(hello.display_name());
    if (!name)
      return answer_error(s, request_id, v1::BAD_REQUEST,
                          "A display name is 1 to 24 letters, digits, spaces or signs; please pick another.");
  }
  auto result = std::make_shared<hello_result>();
  std::function<void(storage::database&)> job;
  if (!hello.token().empty()) {
    // The token is only ever hashed; a malformed one gets the same answer as an unknown one.
    if (!is_hex(hello.token(), token_hex_chars))
      return answer_error(s, request_id, v1::NOT_AUTHENTICATED,
                          "This browser's sign-in is no longer known here; pick a display name to start again.");
    job = [result, hash = sha256_hex(hello.token()), name](storage::database& db) {
      auto found = db.account_by_token(hash);
      if (!found) return;
      if (name && *name != found->display_name) {
        db.rename_account(found->id, *name);
        found->display_name = *name;
      }
      result->found = true;
      result->account = std::move(*found);
    };
  } else {
    if (!name) return answer_error(s, request_id, v1::BAD_REQUEST, pick_a_name);
    // Guests per client address per hour (address_quota): throwaway guests filled the server.
    if (!s->services().quotas().take_guest(s->peer(), std::chrono::steady_clock::now())) {
      s->services().stats().refused(metrics::refusal::guests_per_address);
      return answer_error(s, request_id, v1::RATE_LIMITED,
                          "Too many new players from your network in the last hour; try again later.");
    }
    result->new_token = random_hex(128);
    storage::account account{random_hex(128), *name, wall_ms()};
    job = [result, account, hash = sha256_hex(result->new_token)](storage::database& db) {
      db.create_account(account, hash);
      result->found = true;
      result->account = account;
    };
  }
  c.hello_pending = true;
  s->services().storage().submit(std::move(job), [s, request_id, result](bool ok) {
    s->post([s, request_id, result, ok] { on_hello_done(s, request_id, ok, result); });
  });
}

}  // namespace

double request_cost(const v1::ClientMessage& message) {
  using body = v1::ClientMessage::BodyCase;
  switch (message.body_case()) {
    // Every deck of the account for the game, each checked against the deck rules and
    // written out as text, in one large answer (DeleteDeck answers with the list left).
    case body::kListDecks:
    case body::kDeleteDeck: return 25;
    default: return 1;
  }
}

double answer_cost(std::size_t bytes) {
  constexpr std::size_t bytes_per_token = 4096;
  return static_cast<double>(bytes / bytes_per_token);
}

void route(const session_ptr& s, v1::ClientMessage&& message) {
  using body = v1::ClientMessage::BodyCase;
  const std::uint32_t id = message.request_id();
  if (message.body_case() == body::kHello) return on_hello(s, id, message.hello());
  if (message.body_case() == body::BODY_NOT_SET)
    return answer_error(s, id, v1::MALFORMED_MESSAGE,
                        "The server did not understand this request; reload the page.");
  client& c = s->client_data();
  if (!c.greeted())
    return answer_error(s, id, v1::NOT_AUTHENTICATED, "The connection is still starting; try again in a moment.");
  if (c.viewer) {
    // An anonymous viewer watches and replays; everything else needs a name.
    switch (message.body_case()) {
      case body::kPing:
      case body::kListReplays:
      case body::kWatch:
      case body::kResync:   // a viewer's Resync after a gap is a Watch (match_actor::watch)
      case body::kListCards:   // the card pool is public: a replay's cards, the deck builder
        break;
      case body::kOpenReplay:
        if (!message.open_replay().as_seat()) break;
        [[fallthrough]];
      default: return answer_error(s, id, v1::NOT_AUTHENTICATED, pick_a_name);
    }
  }

  request r{{s->id(), s, c.dictionaries}, c.account_id, c.display_name, id, std::chrono::steady_clock::now()};
  switch (message.body_case()) {
    case body::kPing: {
      v1::ServerMessage m;
      m.set_request_id(id);
      m.mutable_pong()->set_client_time_ms(message.ping().client_time_ms());
      m.mutable_pong()->set_server_time_ms(static_cast<std::uint64_t>(wall_ms()));
      return s->send(m);
    }
    case body::kPlay:
    case body::kResync:
    case body::kWatch:
    case body::kSetPreferences: {
      const body kind = message.body_case();
      const std::string& match_id = kind == body::kPlay             ? message.play().match_id()
                                    : kind == body::kResync         ? message.resync().match_id()
                                    : kind == body::kSetPreferences ? message.set_preferences().match_id()
                                                                    : message.watch().match_id();
      auto match = c.find_match(match_id);   // this connection's own: no shared lookup
      if (!match) match = s->services().find_match(match_id);
      if (!match)
        return answer_error(s, id, v1::NOT_FOUND,
                            "This match is not running (it may have ended: look for it in the replays).");
      if (kind == body::kPlay) return match->play(std::move(r), message.play());
      if (kind == body::kResync) return match->resync(std::move(r));
      if (kind == body::kSetPreferences) return match->set_preferences(std::move(r), message.set_preferences());
      return match->watch(std::move(r));
    }
    case body::kListReplays: return list_replays(s, std::move(r), message.list_replays());
    case body::kOpenReplay: return open_replay(s, std::move(r), message.open_replay());
    case body::kListCards: return list_cards(s, r, message.list_cards());
    case body::kListDecks: return list_decks(s, std::move(r), message.list_decks());
    case body::kSaveDeck: return save_deck(s, std::move(r), message.save_deck());
    case body::kDeleteDeck: return delete_deck(s, std::move(r), message.delete_deck());
    default: return s->services().lobbies().handle(std::move(r), std::move(message));
  }
}

}  // namespace starport::server
