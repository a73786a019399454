// Space War's frame in real (paced) play, where each flip is its own frame to every viewer:
// the seats' marks are bit masks of the View and a face-down card is one number of a
// column, so the frame for one flip says what changed and little else (issue 14 §1).
#include "server/protocol/view_diff.hpp"
#include "tests/engine/space_war_table.hpp"

using swpb::ELVES;
using swpb::HUMANS;
using starport::engine::viewer;

namespace {

swpb::View view_of(const sw::state& s, viewer who) {
  swpb::View v;
  s.view(who, v);
  return v;
}

}  // namespace

TEST_CASE("Space War's frame for one flip: the flipper's marks and a face-down card, a few bytes each") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  const swpb::View other_before = view_of(s, viewer::of_seat(1));
  const swpb::View mover_before = view_of(s, viewer::of_seat(0));
  CHECK(other_before.seats_to_act() == 0b11);
  CHECK(other_before.seats_in_contest() == 0b11);
  CHECK(other_before.seats_flipped() == 0);
  play(s, "0 flip");
  const swpb::View other = view_of(s, viewer::of_seat(1));
  CHECK(other.seats_to_act() == 0b10);
  CHECK(other.seats_in_contest() == 0b11);
  CHECK(other.seats_flipped() == 0b01);
  CHECK(other.battlefield_size() == 0);   // nothing this seat sees the face of
  CHECK(std::vector<std::uint32_t>(other.face_down_owners().begin(), other.face_down_owners().end()) ==
        std::vector<std::uint32_t>{0});
  CHECK(other.face_down_steps_size() == 0);   // a Battle's steps are all 0, left out
  // What the other seat gets: `seats_to_act` and `seats_flipped` (2 bytes each), the
  // face-down card (3: key, length, owner) and the deck counts (4). With the marks in Seat
  // and the card a BattlefieldCard it was 17 bytes.
  const std::string patch = starport::server::diff_views(other_before, other);
  CHECK(patch.size() <= 11);
  // The mover's frame says the same and that it has nothing left to do (legal_actions cleared).
  CHECK(starport::server::diff_views(mover_before, view_of(s, viewer::of_seat(0))).size() <= 12);
  // The settle: every mark and the face-down card go, each in one byte, and the table shows
  // the contest's result.
  play(s, "1 flip");
  const swpb::View settled = view_of(s, viewer::of_seat(1));
  CHECK(settled.seats_flipped() == 0);
  CHECK(settled.seats_to_act() == 0b11);
  CHECK(settled.face_down_owners_size() == 0);
  CHECK(settled.battlefield_size() == 0);
}

TEST_CASE("Space War's face-down cards: a War's backs are columns with their steps, and only the omniscient viewer sees their faces") {
  auto s = table({{HUMANS, {"humans:7", "humans:1", "humans:1", "humans:5", "humans:2", "humans:6", "humans:9", "humans:3"}},
                  {ELVES, {"elves:7", "elves:2", "elves:2", "elves:5", "elves:3", "elves:6", "elves:4", "elves:1"}}});
  play(s, "0 flip");
  play(s, "1 flip");   // 7 = 7: War step 1
  play(s, "0 flip");   // seat 0 adds 2 face down, 1 to turn face up
  for (const viewer who : {viewer::of_seat(1), viewer::spectator()}) {
    const swpb::View v = view_of(s, who);
    CHECK(v.battlefield_size() == 2);   // the Battle's two face-up cards
    for (const auto& b : v.battlefield()) CHECK((b.face_up() && b.has_card()));
    CHECK(std::vector<std::uint32_t>(v.face_down_owners().begin(), v.face_down_owners().end()) ==
          std::vector<std::uint32_t>{0, 0, 0});
    CHECK(std::vector<std::uint32_t>(v.face_down_steps().begin(), v.face_down_steps().end()) ==
          std::vector<std::uint32_t>{1, 1, 1});
  }
  play(s, "1 flip");   // 5 = 5: War step 2; each seat's step-1 card turned face up
  const swpb::View v = view_of(s, viewer::of_seat(0));
  CHECK(v.battlefield_size() == 4);
  CHECK(std::vector<std::uint32_t>(v.face_down_owners().begin(), v.face_down_owners().end()) ==
        std::vector<std::uint32_t>{0, 0, 1, 1});
  CHECK(v.face_down_steps_size() == 4);
  CHECK(v.seats_flipped() == 0);
  CHECK(v.seats_to_act() == 0b11);
  // The omniscient viewer (a finished match's replay, scenarios) keeps every card in
  // `battlefield`, face-down ones with their face and `face_up` false.
  const swpb::View all = view_of(s, viewer::omniscient());
  CHECK(all.battlefield_size() == 8);
  CHECK(all.face_down_owners_size() == 0);
  int down = 0;
  for (const auto& b : all.battlefield()) down += !b.face_up() && b.has_card();
  CHECK(down == 4);
}
