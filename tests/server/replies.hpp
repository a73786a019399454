// What a test expects of a server reply, shared by the server tests: a refusal is a
// sentence with its code; a lobby request answers with the lobby.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "test_client.hpp"

namespace starport::server::testing {

// A refusal's detail reads as a sentence to a person: a capital, some words, a full stop.
inline bool is_sentence(const std::string& s) {
  return s.size() > 10 && s.front() >= 'A' && s.front() <= 'Z' && (s.back() == '.' || s.back() == '?');
}

// The request is refused with `code` and a sentence; returns the error.
inline v1::Error refused(test_client& c, v1::ClientMessage m, v1::ErrorCode code) {
  const v1::ServerMessage reply = c.request(std::move(m));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_error());
  CHECK(reply.error().code() == code);
  CHECK(is_sentence(reply.error().detail()));
  return reply.error();
}

// The request is answered with its lobby; returns it.
inline v1::Lobby lobby_of(test_client& c, v1::ClientMessage m) {
  const v1::ServerMessage reply = c.request(std::move(m));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_lobby());
  return reply.lobby();
}

}  // namespace starport::server::testing
