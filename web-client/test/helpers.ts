// Random Space War views for diff tests, from a small seeded generator.
import { create } from "@bufbuild/protobuf";

import { ActionSchema, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import {
  BattlefieldCardSchema,
  CardSchema,
  LastContestSchema,
  RevealsSchema,
  SeatSchema,
  ViewSchema,
  type View,
} from "../src/gen/starport/v1/space_war_pb.js";

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s / 0x100000000;
  }
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

function card(r: Rng) {
  return create(CardSchema, { id: r.chance(0.8) ? 1 + r.below(60) : 0, kind: r.below(70) });
}

// A view where each top-level field is set or left default at random, so diffs touch
// every kind of field: scalars, enums, repeated messages, nested messages, strings.
export function randomView(r: Rng): View {
  const seats = 2 + r.below(5);
  return create(ViewSchema, {
    legalActions: Array.from({ length: r.below(4) }, () =>
      create(ActionSchema, { seat: r.below(seats), kind: r.below(4), args: r.chance(0.3) ? [r.below(seats)] : [] }),
    ),
    spectator: r.chance(0.2),
    viewerSeat: r.below(seats),
    contest: r.below(3) * r.below(100),
    contestLimit: r.chance(0.5) ? 60 : 0,
    phase: r.below(5),
    warStep: r.chance(0.7) ? 0 : r.below(4),
    seats: Array.from({ length: seats }, (_, i) =>
      create(SeatSchema, {
        seat: i,
        faction: 1 + r.below(6),
        power: r.below(4),
        powerName: r.chance(0.8) ? "Peace" : "",
        conquered: r.chance(0.1),
        deck: r.chance(0.1) ? [card(r), card(r)] : [],
      }),
    ),
    battlefield: Array.from({ length: r.below(7) }, () =>
      create(BattlefieldCardSchema, {
        owner: r.below(seats),
        step: r.below(3),
        faceUp: r.chance(0.6),
        card: r.chance(0.6) ? card(r) : undefined,
        strength: r.below(14) - 1,
      }),
    ),
    lastContest: r.chance(0.7)
      ? create(LastContestSchema, {
          number: r.below(100),
          war: r.chance(0.3),
          hasWinner: r.chance(0.8),
          winner: r.below(seats),
          cards: r.below(10),
          conquered: r.chance(0.2) ? [r.below(seats)] : [],
          events: ["Contest: something happened."],
          revealed: r.chance(0.8) ? reveals(r, seats, r.below(4)) : undefined,
        })
      : undefined,
    outcome: r.chance(0.3) ? create(OutcomeSchema, { over: r.chance(0.5), winners: r.chance(0.5) ? [0] : [], reason: "contest_limit" }) : undefined,
    decidingSeat: r.below(seats),
    offeredPower: r.chance(0.3) ? "Salvage" : "",
    revealed: r.chance(0.5) ? reveals(r, seats, r.below(3)) : undefined,
    deckCounts: r.chance(0.8) ? Array.from({ length: seats }, () => r.below(30)) : [],
    discardCounts: r.chance(0.8) ? Array.from({ length: seats }, () => r.below(200)) : [],
    seatsToAct: r.chance(0.7) ? r.below(1 << seats) : 0,
    seatsInContest: r.chance(0.7) ? r.below(1 << seats) : 0,
    seatsFlipped: r.chance(0.7) ? r.below(1 << seats) : 0,
    faceDownOwners: Array.from({ length: r.below(4) }, () => r.below(seats)),
    faceDownSteps: Array.from({ length: r.below(3) }, () => r.below(3)),
  });
}

// A contest's face-up cards, as columns: copy ids (shared with other lists now and then),
// kinds, and steps and Strength bonuses (which may be negative) with their tails cut as
// the view cuts trailing 0s.
function reveals(r: Rng, seats: number, n: number) {
  const column = (f: () => number) => Array.from({ length: n }, f);
  return create(RevealsSchema, {
    owners: column(() => r.below(seats)),
    steps: column(() => r.below(3)).slice(0, r.below(n + 1)),
    ids: column(() => 1 + r.below(8)),
    kinds: column(() => r.below(60)),
    strengthBonuses: column(() => r.below(5) - 2).slice(0, r.below(n + 1)),
  });
}
