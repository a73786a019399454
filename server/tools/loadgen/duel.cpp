#include "server/tools/loadgen/duel.hpp"

#include <algorithm>
#include <cstdio>

#include "server/protocol/deck_ids.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/protocol/view_number.hpp"

namespace starport::loadgen {
namespace {

using server::read_varint;

constexpr std::uint32_t protocol_v3 = 3;   // starport.v1.ProtocolVersion's current value

std::int64_t micros_since(clock_type::time_point t, clock_type::time_point now) {
  return std::chrono::duration_cast<std::chrono::microseconds>(now - t).count();
}

// Slots of duel_stats::bytes_by (each range holds field numbers below its width).
constexpr std::size_t kind_slot = 0;        // + ServerMessage body field: whole frames
constexpr std::size_t snapshot_slot = 31;   // view snapshots (diffs count under `view`)
constexpr std::size_t update_slot = 32;     // + ViewUpdate field; + 0: the envelope
constexpr std::size_t patch_slot = 64;      // + top-level View field of a patch
constexpr std::size_t error_slot = 128;     // + Error field
constexpr std::size_t info_slot = 160;      // + MatchInfo field
constexpr std::size_t slot_width[] = {31, 32, 64, 32, 32};

// Calls `each(field, begin, payload_begin, end)` for every record of protobuf data;
// false on data that is not.
template <typename F>
bool for_each_record(std::string_view in, F each) {
  std::size_t at = 0;
  while (at < in.size()) {
    const std::size_t begin = at;
    std::uint64_t tag = 0, v = 0;
    if (!read_varint(in, at, tag)) return false;
    std::size_t payload = at;
    switch (tag & 7) {
      case 0:
        if (!read_varint(in, at, v)) return false;
        break;
      case 1: at += 8; break;
      case 2:
        if (!read_varint(in, at, v) || v > in.size() - at) return false;
        payload = at;
        at += v;
        break;
      case 5: at += 4; break;
      default: return false;
    }
    if (at > in.size()) return false;
    each(tag >> 3, begin, payload, at);
  }
  return true;
}

void add(duel_stats& stats, std::size_t slot, std::size_t bytes) {
  stats.bytes_by[slot] += bytes;
  ++stats.count_by[slot];
}

void add_fields(duel_stats& stats, std::size_t base, std::size_t width, std::string_view data) {
  for_each_record(data, [&](std::uint64_t field, std::size_t begin, std::size_t, std::size_t end) {
    if (field < width) add(stats, base + field, end - begin);
  });
}

// A patch's top-level entries (view_diff.hpp): key `field << 2 | op`, then the op's payload.
void add_patch(duel_stats& stats, std::string_view patch, const google::protobuf::Descriptor& type) {
  std::size_t at = 0;
  while (at < patch.size()) {
    const std::size_t begin = at;
    std::uint64_t key = 0, v = 0;
    if (!read_varint(patch, at, key)) return;
    const std::uint64_t field = key >> 2;
    const std::uint64_t op = key & 3;
    const auto* f = type.FindFieldByNumber(static_cast<int>(field));
    if (op == 2 || op == 3 || (op == 0 && f && (f->is_repeated() || f->type() == google::protobuf::FieldDescriptor::TYPE_STRING ||
                                                 f->type() == google::protobuf::FieldDescriptor::TYPE_BYTES ||
                                                 f->type() == google::protobuf::FieldDescriptor::TYPE_MESSAGE))) {
      if (!read_varint(patch, at, v) || v > patch.size() - at) return;
      at += v;
    } else if (op == 0 && f && (f->type() == google::protobuf::FieldDescriptor::TYPE_DOUBLE ||
                                f->type() == google::protobuf::FieldDescriptor::TYPE_FIXED64 ||
                                f->type() == google::protobuf::FieldDescriptor::TYPE_SFIXED64)) {
      at += 8;
    } else if (op == 0 && f && (f->type() == google::protobuf::FieldDescriptor::TYPE_FLOAT ||
                                f->type() == google::protobuf::FieldDescriptor::TYPE_FIXED32 ||
                                f->type() == google::protobuf::FieldDescriptor::TYPE_SFIXED32)) {
      at += 4;
    } else if (op == 0) {
      if (!read_varint(patch, at, v)) return;
    }
    if (at > patch.size()) return;
    if (field < slot_width[2]) add(stats, patch_slot + field, at - begin);
  }
}

// Every game's View lists its viewer's legal actions as field 1 (starport.v1.Action), and
// says whether the match is over in an `outcome` (starport.v1.Outcome), each its own number:
// looked up once per match (null where a View has no such field).
const google::protobuf::FieldDescriptor* legal_actions_field(const google::protobuf::Descriptor& view) {
  const google::protobuf::FieldDescriptor* f = view.FindFieldByNumber(1);
  return f && f->is_repeated() && f->message_type() == v1::Action::descriptor() ? f : nullptr;
}

const google::protobuf::FieldDescriptor* outcome_field(const google::protobuf::Descriptor& view) {
  const google::protobuf::FieldDescriptor* f = view.FindFieldByName("outcome");
  return f && !f->is_repeated() && f->message_type() == v1::Outcome::descriptor() ? f : nullptr;
}

struct legal_actions {
  legal_actions(const google::protobuf::Message& of, const google::protobuf::FieldDescriptor* f) : view(of), field(f) {}
  int size() const { return field ? view.GetReflection()->FieldSize(view, field) : 0; }
  bool empty() const { return size() == 0; }
  const v1::Action& operator[](int i) const {
    return *google::protobuf::DynamicCastToGenerated<v1::Action>(&view.GetReflection()->GetRepeatedMessage(view, field, i));
  }
  const google::protobuf::Message& view;
  const google::protobuf::FieldDescriptor* field;
};

bool over(const google::protobuf::Message& view, const google::protobuf::FieldDescriptor* outcome) {
  if (!outcome || !view.GetReflection()->HasField(view, outcome)) return false;
  return google::protobuf::DynamicCastToGenerated<v1::Outcome>(&view.GetReflection()->GetMessage(view, outcome))->over();
}

}  // namespace

void tally_frame(duel_stats& stats, std::string_view frame, const google::protobuf::Descriptor& view_type) {
  std::size_t stream = 0;   // the connection's handle for the match, in front of the body
  for_each_record(frame, [&](std::uint64_t field, std::size_t begin, std::size_t payload, std::size_t end) {
    if (field == v1::ServerMessage::kStreamFieldNumber) {
      stream = end - begin;
      return add(stats, kind_slot + field, stream);
    }
    if (field == v1::ServerMessage::kRequestIdFieldNumber || field >= slot_width[0]) return;
    const std::string_view body = frame.substr(payload, end - payload);
    // The envelope: request id, the body's tag and length (the stream counts on its own).
    const std::size_t envelope = frame.size() - body.size() - stream;
    switch (field) {
      case v1::ServerMessage::kViewFieldNumber: {
        bool snapshot = false;
        for_each_record(body, [&](std::uint64_t f, std::size_t b, std::size_t p, std::size_t e) {
          if (f == v1::ViewUpdate::kSnapshotFieldNumber) snapshot = true;
          if (f < slot_width[1]) add(stats, update_slot + f, e - b);
          if (f == v1::ViewUpdate::kPatchFieldNumber)
            add_patch(stats, body.substr(p, e - p), view_type);
        });
        add(stats, update_slot, envelope);
        add(stats, snapshot ? snapshot_slot : kind_slot + field, frame.size());
        return;
      }
      case v1::ServerMessage::kErrorFieldNumber: add_fields(stats, error_slot, slot_width[3], body); break;
      case v1::ServerMessage::kMatchFieldNumber: add_fields(stats, info_slot, slot_width[4], body); break;
      default: break;
    }
    add(stats, kind_slot + field, frame.size());
  });
}

std::string byte_breakdown(std::span<const duel_stats* const> duels, std::uint64_t accepted,
                           const google::protobuf::Descriptor& view_type) {
  if (accepted == 0) return {};
  std::array<std::uint64_t, 256> bytes{}, count{};
  for (const duel_stats* d : duels)
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      bytes[i] += d->bytes_by[i];
      count[i] += d->count_by[i];
    }
  auto name_of = [](const google::protobuf::Descriptor& type, std::size_t field) {
    const auto* f = type.FindFieldByNumber(static_cast<int>(field));
    return f ? f->name() : std::to_string(field);
  };
  std::string out = "loadgen: bytes per accepted move, by frame kind and field (per move: bytes, frames or records):";
  auto line = [&](const std::string& what, std::size_t slot) {
    if (count[slot] == 0) return;
    char text[160];
    std::snprintf(text, sizeof text, "\nloadgen:   %-44s %8.2f B %6.3f", what.c_str(),
                  double(bytes[slot]) / double(accepted), double(count[slot]) / double(accepted));
    out += text;
  };
  const auto& server = *v1::ServerMessage::descriptor();
  for (std::size_t f = 1; f < slot_width[0]; ++f) {
    line(name_of(server, f) + (f == v1::ServerMessage::kViewFieldNumber    ? " (diffs)"
                               : f == v1::ServerMessage::kStreamFieldNumber ? " (records, any frame)"
                                                                            : ""),
         kind_slot + f);
    if (f == v1::ServerMessage::kViewFieldNumber) line("view (snapshots)", snapshot_slot);
  }
  line("view: envelope (request id, tag, length)", update_slot);
  for (std::size_t f = 1; f < slot_width[1]; ++f) line("view." + name_of(*v1::ViewUpdate::descriptor(), f), update_slot + f);
  for (std::size_t f = 1; f < slot_width[2]; ++f)
    line("view.patch: " + name_of(view_type, f), patch_slot + f);
  for (std::size_t f = 1; f < slot_width[3]; ++f) line("error." + name_of(*v1::Error::descriptor(), f), error_slot + f);
  for (std::size_t f = 1; f < slot_width[4]; ++f) line("match." + name_of(*v1::MatchInfo::descriptor(), f), info_slot + f);
  return out;
}

duel::duel(net::io_context& ioc, const config& cfg, const engine::game_info& game, int index,
           play_window& window, std::function<void()> on_done)
    : cfg_(cfg),
      game_(game),
      index_(index),
      window_(window),
      strand_(net::make_strand(ioc)),
      on_done_(std::move(on_done)),
      random_(static_cast<std::uint32_t>(index) * 2654435761u + 1) {
  stats_.latency_us.reserve(static_cast<std::size_t>(cfg.moves));
  for (seat& s : seats_) s.view = game.new_view();
  legal_field_ = legal_actions_field(*seats_[host].view->GetDescriptor());
  outcome_field_ = outcome_field(*seats_[host].view->GetDescriptor());
}

void duel::start(const tcp::endpoint& server, const std::string& host_name,
                 const std::string& path) {
  net::post(strand_, [this, server, host_name, path] {
    if (finishing_) return;
    server_ = server;
    host_name_ = host_name;
    path_ = path;
    if (cfg_.ramp_seconds <= 0 || cfg_.matches <= 1) return open_connections();
    // Evenly spread: match i of M starts at i/M of the ramp.
    const double at_s = cfg_.ramp_seconds * index_ / cfg_.matches;
    ramp_.emplace(strand_);
    ramp_->expires_after(std::chrono::microseconds(static_cast<std::int64_t>(at_s * 1e6)));
    ramp_->async_wait([this](beast::error_code ec) {
      if (!ec && !finishing_) open_connections();
    });
  });
}

void duel::open_connections() {
  for (int side : {host, guest}) {
    seats_[side].client = std::make_shared<ws_client>(strand_, *this, side, cfg_.compress, cfg_.stamp_arrivals);
    seats_[side].client->start(server_, host_name_, path_);
  }
}

std::chrono::microseconds duel::think_time() {
  double ms = cfg_.think_ms;
  if (cfg_.jitter > 0) {
    std::uniform_real_distribution<double> spread(1 - cfg_.jitter, 1 + cfg_.jitter);
    ms *= spread(random_);
  }
  return std::chrono::microseconds(static_cast<std::int64_t>(ms * 1000));
}

void duel::stop() {
  net::post(strand_, [this] { finish({}); });
}

void duel::send(int side, v1::ClientMessage& msg) {
  seat& s = seats_[side];
  msg.set_request_id(++s.next_request);
  std::string frame;
  msg.SerializeToString(&frame);
  s.client->send(std::move(frame));
}

void duel::on_open(int side) {
  out_.Clear();
  v1::Hello* hello = out_.mutable_hello();
  hello->set_protocol_version(protocol_v3);
  if (!seats_[side].token.empty())
    hello->set_token(seats_[side].token);   // back after a loss: the same account
  else
    hello->set_display_name("lg" + std::to_string(index_) + (side == host ? "h" : "g"));
  if (cfg_.packed)
    for (const server::view_dictionary& d : server::view_dictionaries()) hello->add_dictionaries(d.name());
  send(side, out_);
}

void duel::on_frame(int side, std::string_view bytes) {
  if (done_) return;
  if (stats_.started) {
    stats_.play_bytes += bytes.size();
    stats_.wire_bytes += seats_[side].client->frame_wire_bytes();
    tally_frame(stats_, bytes, *seats_[side].view->GetDescriptor());
  }
  if (!in_.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return finish("a server frame did not parse as a ServerMessage");
  switch (in_.body_case()) {
    case v1::ServerMessage::kWelcome:
      if (!seats_[side].welcomed) ++stats_.welcomed;
      seats_[side].welcomed = true;
      if (!in_.welcome().token().empty()) seats_[side].token = in_.welcome().token();
      if (seats_[side].rejoining) {
        // Back after a loss: the match must still be this account's, as a page finds it.
        seat& s = seats_[side];
        s.rejoining = false;
        const auto& active = in_.welcome().active_matches();
        if (std::find(active.begin(), active.end(), s.match_id) == active.end())
          return finish("reconnected, but the match is not among the account's active matches");
        out_.Clear();
        out_.mutable_resync()->set_match_id(s.match_id);
        send(side, out_);
        s.resync_request = s.next_request;
        s.resync_sent = true;
        return;
      }
      if (cfg_.idle) return;   // held until the run's end, nothing more
      if (side == host) {
        out_.Clear();
        v1::LobbySettings* settings = out_.mutable_create_lobby()->mutable_settings();
        settings->set_game(std::string(game_.id));
        settings->set_seats(2);
        settings->set_options(game_.new_options()->SerializeAsString());   // the game's defaults
        settings->set_is_private(true);
        settings->set_turn_seconds(cfg_.turn_seconds);
        send(host, out_);
        seats_[host].lobby_request = seats_[host].next_request;
      } else {
        join(guest);
      }
      return;
    case v1::ServerMessage::kError:
      return on_error(side, in_);
    case v1::ServerMessage::kView:
      begin_play();
      return on_view(side, in_.request_id(), in_.stream(), in_.view());
    case v1::ServerMessage::kPackedView:
      begin_play();
      if (!server::unpack_view(in_.packed_view(), unpacked_) || !packed_update_.ParseFromString(unpacked_))
        return finish("a packed view did not unpack");
      return on_view(side, in_.request_id(), in_.stream(), packed_update_);
    case v1::ServerMessage::kMatch:
      seats_[side].turn_seconds = in_.match().turn_seconds();
      seats_[side].stream = in_.stream();   // this connection's handle for the match
      if (in_.match().over()) {
        stats_.game_over = true;
        return finish({});
      }
      break;
    default:
      break;
  }
  if (in_.request_id() != 0) on_answer(side, in_);
}

// The guest joins once both the invite code and its own Welcome are in.
void duel::join(int side) {
  seat& s = seats_[side];
  if (invite_code_.empty() || !s.welcomed || s.lobby_request != 0) return;
  out_.Clear();
  out_.mutable_join_lobby()->set_invite_code(invite_code_);
  send(side, out_);
  s.lobby_request = s.next_request;
}

void duel::on_answer(int side, const v1::ServerMessage& msg) {
  seat& s = seats_[side];
  std::uint32_t request = msg.request_id();
  if (request == s.lobby_request && msg.has_lobby()) {
    lobby_id_ = msg.lobby().lobby_id();
    if (side == host) {
      invite_code_ = msg.lobby().invite_code();
      if (invite_code_.empty()) return finish("CreateLobby answered without an invite code");
      join(guest);
    }
    if (game_.decks) {
      // A seat brings a deck before it may be ready: a starter, as "A starter deck for me"
      // picks on the page. The answer (the Lobby) is
      // not waited for: the server takes one connection's requests in order.
      const auto starters = game_.decks->starters();
      out_.Clear();
      out_.mutable_choose_deck()->set_lobby_id(lobby_id_);
      out_.mutable_choose_deck()->set_deck_id(
          server::starter_deck_id(starters[static_cast<std::size_t>(index_ * 2 + side) % starters.size()]));
      send(side, out_);
    }
    out_.Clear();
    out_.mutable_set_ready()->set_lobby_id(lobby_id_);
    out_.mutable_set_ready()->set_ready(true);
    send(side, out_);
    s.ready_request = s.next_request;
  } else if (request == s.ready_request && !s.ready) {
    s.ready = true;
    if (seats_[host].ready && seats_[guest].ready && start_request_ == 0) {
      out_.Clear();
      out_.mutable_start_match()->set_lobby_id(lobby_id_);
      send(host, out_);
      start_request_ = seats_[host].next_request;
    }
  } else if (side == host && request == start_request_) {
    begin_play();
  }
}

void duel::on_error(int side, const v1::ServerMessage& msg) {
  seat& s = seats_[side];
  std::uint32_t request = msg.request_id();
  const v1::Error& error = msg.error();
  auto reason = [&] {
    return v1::ErrorCode_Name(error.code()) + " (" + error.detail() + ")";
  };
  if (s.resync_request != 0 && request == s.resync_request)
    return finish("reconnected, but Resync was refused: " + reason());
  if (s.waiting && request == s.action_request) {
    // Typically STALE_VIEW: the other seat's move was shown first. Act on the newer view.
    ++stats_.refused[error.code()];
    s.waiting = false;
    maybe_act(side);
    return check_done();
  }
  if (!stats_.started) return finish("setup refused: " + reason());
  ++stats_.refused[error.code()];
}

void duel::on_view(int side, std::uint32_t request, std::uint32_t stream, const v1::ViewUpdate& update) {
  seat& s = seats_[side];
  if (!update.match_id().empty()) s.match_id = update.match_id();   // snapshots; diffs carry the stream handle
  // The answer to our action counts even if its diff then shows a gap.
  if (s.waiting && request == s.action_request) {
    auto now = clock_type::now();
    stats_.latency_us.push_back(micros_since(s.sent_at, now));
    if (window_.open()) stats_.playing_latency_us.push_back(stats_.latency_us.back());
    const wall_clock::time_point arrived = s.client->frame_arrived();
    if (arrived != wall_clock::time_point{}) {
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(arrived - s.sent_wall).count();
      stats_.arrival_latency_us.push_back(std::max<std::int64_t>(us, 0));
      if (window_.open()) stats_.playing_arrival_latency_us.push_back(stats_.arrival_latency_us.back());
    }
    window_.move_accepted();
    stats_.last_accept = now;
    s.waiting = false;
  }
  // The log lines and turn timers are decoded as a page does (the stream's table of line
  // shapes; a whole turn needs MatchInfo's length); one that does not decode is a gap like
  // a diff that does not apply.
  auto read_log_and_timers = [&] {
    s.log_lines.clear();
    return s.log.read(update.snapshot() || update.log_reset(), update.log_line(),
                      std::span(update.log_refs().data(), static_cast<std::size_t>(update.log_refs_size())),
                      s.log_lines) &&
           server::read_turn_timers(
               update.snapshot(),
               std::span(update.deadlines_ms().data(), static_cast<std::size_t>(update.deadlines_ms_size())),
               update.full_turns(), update.stopped_turns(), std::int64_t{s.turn_seconds} * 1000,
               micros_since({}, clock_type::now()) / 1000,
               s.deadlines);
  };
  if (update.snapshot()) {
    s.stream = stream;
    s.view_bytes = update.view();
    s.have_view = s.view->ParseFromString(s.view_bytes) && read_log_and_timers();
    s.number = update.number();
    s.resync_sent = false;
    s.resync_request = 0;
    s.attempts = 0;
    if (s.lost_at != clock_type::time_point{}) {   // back at the table, as a page would show it
      stats_.outage_us.push_back(micros_since(s.lost_at, clock_type::now()));
      s.lost_at = {};
    }
  } else if (s.have_view && stream == s.stream && server::view_number(false, update.number(), s.number) == s.number + 1 &&
             server::apply_encoded(s.view_bytes, update.patch(), *s.view->GetDescriptor()) &&
             s.view->ParseFromString(s.view_bytes) && read_log_and_timers()) {
    s.number = server::view_number(false, update.number(), s.number);   // left out: the previous + 1
  } else {
    // A gap or a diff that did not apply: ask for a snapshot once and wait for it.
    s.have_view = false;
    if (s.resync_sent) return;
    s.resync_sent = true;
    ++stats_.resyncs;
    out_.Clear();
    out_.mutable_resync()->set_match_id(s.match_id);
    send(side, out_);
    return;
  }
  if (!s.have_view) return;
  if (over(*s.view, outcome_field_)) {
    stats_.game_over = true;
    return finish({});
  }
  maybe_act(side);
  check_done();
}

void duel::maybe_act(int side) {
  seat& s = seats_[side];
  if (finishing_ || s.waiting || s.thinking || !s.have_view || legal_actions(*s.view, legal_field_).empty()) return;
  if (stats_.sent >= static_cast<std::uint64_t>(cfg_.moves)) return;
  if (cfg_.think_ms <= 0) return act(side);
  if (!s.think) s.think.emplace(strand_);
  s.thinking = true;
  s.think->expires_after(think_time());
  s.think->async_wait([this, side](beast::error_code ec) {
    seats_[side].thinking = false;
    if (!ec && !finishing_) maybe_act_now(side);
  });
}

// After a pause: the view may have changed meanwhile; act on the latest one, if any.
void duel::maybe_act_now(int side) {
  seat& s = seats_[side];
  if (s.waiting || !s.have_view || legal_actions(*s.view, legal_field_).empty()) return;
  if (stats_.sent >= static_cast<std::uint64_t>(cfg_.moves)) return check_done();
  act(side);
}

// Space War's first legal action, as the benchmark has always played it (its figures then
// compare across the project's history); in the other games a seeded random one that is not
// resigning (kind 0), as their first is often a pass that would stall the match.
const v1::Action& duel::choose(const google::protobuf::Message& view) {
  const legal_actions legal(view, legal_field_);
  if (game_.id == "space_war") return legal[0];
  int moves = 0;
  for (int i = 0; i < legal.size(); ++i) moves += legal[i].kind() != 0;
  if (moves == 0) return legal[0];
  int pick = std::uniform_int_distribution<int>(0, moves - 1)(random_);
  for (int i = 0; i < legal.size(); ++i)
    if (legal[i].kind() != 0 && pick-- == 0) return legal[i];
  return legal[0];
}

void duel::act(int side) {
  seat& s = seats_[side];
  out_.Clear();
  v1::PlayAction* play = out_.mutable_play();
  play->set_match_id(s.match_id);
  play->set_view_number(s.number);
  *play->mutable_action() = choose(*s.view);
  s.sent_at = clock_type::now();
  s.sent_wall = wall_clock::now();
  if (stats_.sent++ == 0) stats_.first_send = s.sent_at;
  send(side, out_);
  s.waiting = true;
  s.action_request = s.next_request;
}

// The move bound is reached and every sent action has had its answer.
void duel::check_done() {
  if (stats_.sent >= static_cast<std::uint64_t>(cfg_.moves) && !seats_[host].waiting &&
      !seats_[guest].waiting)
    finish({});
}

void duel::begin_play() {
  if (stats_.started) return;
  stats_.started = true;
  window_.match_started();
}

void duel::finish(std::string failure) {
  if (stats_.failure.empty()) stats_.failure = std::move(failure);
  if (finishing_) return;
  finishing_ = true;
  window_.match_ended();
  if (ramp_) ramp_->cancel();
  for (const seat& s : seats_) stats_.still_out = stats_.still_out || s.lost_at != clock_type::time_point{};
  for (seat& s : seats_) {
    if (s.think) s.think->cancel();
    if (s.retry) s.retry->cancel();
    if (s.client && !s.closed) s.client->close();
  }
  // Stopped before its clients were made, or while both wait to reconnect: nothing to close.
  done_if_all_closed();
}

void duel::done_if_all_closed() {
  for (const seat& s : seats_)
    if (s.client && !s.closed) return;
  if (done_) return;
  done_ = true;
  on_done_();
}

void duel::on_closed(int side, beast::error_code ec) {
  seats_[side].closed = true;
  if (!finishing_ && cfg_.reconnect && stats_.started && !seats_[side].match_id.empty()) {
    ++stats_.losses[ec.message()];
    return lose(side);
  }
  if (!finishing_)
    finish("connection " + std::to_string(side) + " closed during the run: " + ec.message());
  if (finishing_) done_if_all_closed();
}

void duel::lose(int side) {
  seat& s = seats_[side];
  if (s.lost_at == clock_type::time_point{}) s.lost_at = clock_type::now();
  if (s.waiting) ++stats_.lost_in_flight;   // in or not, the snapshot after shows
  s.waiting = false;
  if (s.think) s.think->cancel();
  s.have_view = false;
  s.rejoining = false;
  s.resync_request = 0;
  // As the web client (connection.ts): 0.5, 1, 2, 4, 8, then 15 s, each drawn from ±25 %.
  static constexpr double backoff_ms[] = {500, 1000, 2000, 4000, 8000, 15000};
  std::uniform_real_distribution<double> spread(0.75, 1.25);
  const double ms = backoff_ms[std::min<std::size_t>(static_cast<std::size_t>(s.attempts), std::size(backoff_ms) - 1)] * spread(random_);
  ++s.attempts;
  if (!s.retry) s.retry.emplace(strand_);
  s.retry->expires_after(std::chrono::microseconds(static_cast<std::int64_t>(ms * 1000)));
  s.retry->async_wait([this, side](beast::error_code ec) {
    if (!ec && !finishing_) reconnect(side);
  });
}

void duel::reconnect(int side) {
  seat& s = seats_[side];
  ++stats_.reconnects;
  s.closed = false;
  s.rejoining = true;
  s.client = std::make_shared<ws_client>(strand_, *this, side, cfg_.compress, cfg_.stamp_arrivals);
  // Each seat from its own loopback address, as players come from their own hosts: from one
  // address, a new connection's port often matched one the killed server's side still held
  // in TIME_WAIT, and the kernel answered its SYN only on the retry a second or more later.
  const auto n = static_cast<std::uint32_t>(index_ * 2 + side) % 0xFFFEu + 1u;
  s.client->start(server_, host_name_, path_, net::ip::address_v4((127u << 24) | n));
}

}  // namespace starport::loadgen
