#pragma once
// Random small edits of a valid Position (any game), for the property that every position
// is either refused with a reason or starts a match that plays on: the in-process cousin
// of the scenario fuzzer (tests/fuzz/scenario_fuzzer.cpp), run under the sanitizers by CI.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/reflection.h>

#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"

namespace position_mutator {

namespace gp = google::protobuf;

// One edit somewhere in `m` (recursing into sub-messages): a number nudged or set to a
// small value, an enum set to any number (proto3 enums are open), a bool flipped, a list
// element dropped, duplicated or swapped.
inline void mutate(gp::Message& m, starport::engine::rng& r, int depth = 0) {
  const gp::Descriptor* d = m.GetDescriptor();
  const gp::Reflection* refl = m.GetReflection();
  if (d->field_count() == 0) return;
  const gp::FieldDescriptor* f = d->field(static_cast<int>(r.below(static_cast<std::uint32_t>(d->field_count()))));
  const auto small = [&r] { return static_cast<int>(r.below(12)) - 1; };
  if (f->is_repeated()) {
    const int n = refl->FieldSize(m, f);
    if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_MESSAGE && n > 0 && depth < 4 && r.below(2) == 0) {
      mutate(*refl->MutableRepeatedMessage(&m, f, static_cast<int>(r.below(static_cast<std::uint32_t>(n)))), r, depth + 1);
      return;
    }
    switch (r.below(4)) {
      case 0:   // drop the last
        if (n > 0) refl->RemoveLast(&m, f);
        return;
      case 1:   // swap two
        if (n > 1) refl->SwapElements(&m, f, static_cast<int>(r.below(static_cast<std::uint32_t>(n))), n - 1);
        return;
      default:  // add one: a copy of an element, or a small number
        switch (f->cpp_type()) {
          case gp::FieldDescriptor::CPPTYPE_UINT32: refl->AddUInt32(&m, f, static_cast<std::uint32_t>(small() + 1)); return;
          case gp::FieldDescriptor::CPPTYPE_INT32: refl->AddInt32(&m, f, small()); return;
          case gp::FieldDescriptor::CPPTYPE_STRING:
            if (n > 0) refl->AddString(&m, f, refl->GetRepeatedString(m, f, static_cast<int>(r.below(static_cast<std::uint32_t>(n)))));
            return;
          case gp::FieldDescriptor::CPPTYPE_MESSAGE:
            if (n > 0) refl->AddMessage(&m, f)->CopyFrom(refl->GetRepeatedMessage(m, f, static_cast<int>(r.below(static_cast<std::uint32_t>(n)))));
            return;
          default: return;
        }
    }
  }
  switch (f->cpp_type()) {
    case gp::FieldDescriptor::CPPTYPE_UINT32: refl->SetUInt32(&m, f, static_cast<std::uint32_t>(small() + 1)); return;
    case gp::FieldDescriptor::CPPTYPE_INT32: refl->SetInt32(&m, f, small()); return;
    case gp::FieldDescriptor::CPPTYPE_BOOL: refl->SetBool(&m, f, !refl->GetBool(m, f)); return;
    case gp::FieldDescriptor::CPPTYPE_ENUM: refl->SetEnumValue(&m, f, small() + 1); return;
    case gp::FieldDescriptor::CPPTYPE_STRING: refl->SetString(&m, f, r.below(2) ? "" : "no_such_card"); return;
    case gp::FieldDescriptor::CPPTYPE_MESSAGE:
      if (depth < 4) mutate(*refl->MutableMessage(&m, f), r, depth + 1);
      return;
    default: return;
  }
}

// `rounds` times: 1–3 edits of `start`, then validate; an accepted position must start a
// match that plays up to 40 legal actions (the first seat to act, its first legal action)
// without breaking; a refused one must say why. Returns how many were accepted.
// STARPORT_PROPERTY_PLAYOUTS, when set, replaces `rounds` (a long run: 20000).
inline int check(const starport::engine::game_info& game, int seats, const gp::Message& options,
                 const gp::Message& start, int rounds, std::uint64_t seed) {
  if (const char* env = std::getenv("STARPORT_PROPERTY_PLAYOUTS"); env != nullptr && std::atoi(env) > 0)
    rounds = std::atoi(env);
  starport::engine::rng r(seed);
  int accepted = 0;
  for (int i = 0; i < rounds; ++i) {
    std::unique_ptr<gp::Message> p(start.New());
    p->CopyFrom(start);
    const int edits = 1 + static_cast<int>(r.below(3));
    for (int e = 0; e < edits; ++e) mutate(*p, r);
    starport::engine::verdict v = game.validate_at(seats, options, *p);
    if (!v) {
      CHECK_MESSAGE(!std::string(v.detail).empty(), p->ShortDebugString());
      continue;
    }
    ++accepted;
    auto m = game.create_at(seats, options, *p, seed + static_cast<std::uint64_t>(i));
    REQUIRE(m);
    for (int s = 0; s < seats; ++s) (void)m->view(starport::engine::viewer::of_seat(s));
    (void)m->view(starport::engine::viewer::spectator());
    std::vector<starport::engine::action> legal;
    for (int step = 0; step < 40 && !m->result().over; ++step) {
      const auto must = static_cast<starport::engine::seat_mask>(m->must_act() | m->may_act());
      if (must == 0) break;
      int seat = 0;
      while (!starport::engine::has_seat(must, seat)) ++seat;
      m->legal_actions(seat, legal);
      INFO(p->ShortDebugString());
      REQUIRE_MESSAGE(!legal.empty(), "a seat must act with no legal action");
      const auto chosen = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
      starport::engine::verdict played = m->play(chosen);
      REQUIRE_MESSAGE(played, played.detail);
    }
  }
  return accepted;
}

}  // namespace position_mutator
