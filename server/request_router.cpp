#include "server/request_router.hpp"

#include "server/crypto.hpp"
#include "server/lobby_hub.hpp"
#include "server/match_actor.hpp"
#include "server/replay_desk.hpp"
#include "server/shared_state.hpp"
#include "server/text_rules.hpp"
#include "server/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

using session_ptr = std::shared_ptr<websocket_session>;
constexpr std::size_t token_hex_chars = 32;   // 128 bits

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
  if (!ok) return answer_error(s, request_id, v1::INTERNAL, "the account store is unavailable; retry");
  if (!result->found)
    return answer_error(s, request_id, v1::NOT_AUTHENTICATED,
                        "unknown token: say Hello with a display name to start a new guest");
  c.account_id = result->account.id;
  c.display_name = result->account.display_name;
  request r{{s->id(), s}, c.account_id, c.display_name, request_id, {}};
  s->state().lobbies().welcome(std::move(r), std::move(result->new_token));
}

void on_hello(const session_ptr& s, std::uint32_t request_id, const v1::Hello& hello) {
  client& c = s->client_data();
  if (c.authenticated() || c.hello_pending)
    return answer_error(s, request_id, v1::BAD_REQUEST, "Hello was already received on this connection");
  if (hello.protocol_version() != v1::PROTOCOL_V1)
    return answer_error(s, request_id, v1::PROTOCOL_VERSION,
                        "this server speaks protocol version " + std::to_string(v1::PROTOCOL_V1));
  std::optional<std::string> name;
  if (!hello.display_name().empty()) {
    name = clean_display_name(hello.display_name());
    if (!name)
      return answer_error(s, request_id, v1::BAD_REQUEST,
                          "a display name is 1 to 24 printable characters");
  }
  auto result = std::make_shared<hello_result>();
  std::function<void(storage::database&)> job;
  if (!hello.token().empty()) {
    // The token is only ever hashed; a malformed one gets the same answer as an unknown one.
    if (!is_hex(hello.token(), token_hex_chars))
      return answer_error(s, request_id, v1::NOT_AUTHENTICATED,
                          "unknown token: say Hello with a display name to start a new guest");
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
    if (!name) return answer_error(s, request_id, v1::BAD_REQUEST, "a new guest needs a display name");
    result->new_token = random_hex(128);
    storage::account account{random_hex(128), *name, wall_ms()};
    job = [result, account, hash = sha256_hex(result->new_token)](storage::database& db) {
      db.create_account(account, hash);
      result->found = true;
      result->account = account;
    };
  }
  c.hello_pending = true;
  s->state().storage().submit(std::move(job), [s, request_id, result](bool ok) {
    s->post([s, request_id, result, ok] { on_hello_done(s, request_id, ok, result); });
  });
}

}  // namespace

void route(const session_ptr& s, v1::ClientMessage&& message) {
  using body = v1::ClientMessage::BodyCase;
  const std::uint32_t id = message.request_id();
  if (message.body_case() == body::kHello) return on_hello(s, id, message.hello());
  if (message.body_case() == body::BODY_NOT_SET)
    return answer_error(s, id, v1::MALFORMED_MESSAGE, "the message has no body this server knows");
  client& c = s->client_data();
  if (!c.authenticated())
    return answer_error(s, id, v1::NOT_AUTHENTICATED, "say Hello first");

  request r{{s->id(), s}, c.account_id, c.display_name, id, std::chrono::steady_clock::now()};
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
    case body::kWatch: {
      const std::string& match_id = message.body_case() == body::kPlay     ? message.play().match_id()
                                    : message.body_case() == body::kResync ? message.resync().match_id()
                                                                          : message.watch().match_id();
      auto match = c.find_match(match_id);   // this connection's own: no shared lookup
      if (!match) match = s->state().matches().find(match_id);
      if (!match) return answer_error(s, id, v1::NOT_FOUND, "no such match");
      if (message.body_case() == body::kPlay) return match->play(std::move(r), message.play());
      if (message.body_case() == body::kResync) return match->resync(std::move(r));
      return match->watch(std::move(r));
    }
    case body::kListReplays: return list_replays(s, std::move(r), message.list_replays());
    case body::kOpenReplay: return open_replay(s, std::move(r), message.open_replay());
    default: return s->state().lobbies().handle(std::move(r), std::move(message));
  }
}

}  // namespace starport::server
