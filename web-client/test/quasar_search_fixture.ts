// Hand-made Quasar Search views for the table tests: a 3-seat Mission in its second Act,
// at any prompt the test asks for. Card ids are per copy; seat 0 is "you" unless a test
// says otherwise. Nothing here comes from the engine (see quasar_search_engine_views).
import { create } from "@bufbuild/protobuf";

import { ActionSchema, OutcomeSchema, type Action } from "../src/gen/starport/v1/common_pb.js";
import {
  ActSchema,
  ActionKind,
  BoonOutcome,
  ChallengeSchema,
  ChoiceSchema,
  ConfrontingSchema,
  DrawZone,
  EffectSchema,
  EffectStyle,
  MissionSchema,
  PersonalCard_Role,
  PersonalCardSchema,
  PlayerCardSchema,
  PromptKind,
  PromptSchema,
  SeatSchema,
  Step,
  TargetKind,
  ViewSchema,
  type Challenge,
  type PlayerCard,
  type View,
} from "../src/gen/starport/v1/quasar_search_pb.js";

type More<T> = Omit<Partial<T>, "$typeName" | "$unknown">;

export const act = (seat: number, kind: ActionKind, args: number[] = []): Action => create(ActionSchema, { seat, kind, args });

export function card(id: number, name: string, value: number, more: More<PlayerCard> = {}): PlayerCard {
  return create(PlayerCardSchema, { id, index: id % 40, name, hasValue: true, value, current: value, owner: Math.floor(id / 100), ...more });
}

export function lost(id: number, owner: number): PlayerCard {
  return create(PlayerCardSchema, { id, name: "Lost in Space", hasValue: false, lostInSpace: true, owner });
}

export const trigger = (text: string, phase = Step.PRE_RESOLUTION, used = false) => create(EffectSchema, { style: EffectStyle.TRIGGERED, phase, text, used });

export function challenge(name: string, target: TargetKind, number: number, more: More<Challenge> = {}): Challenge {
  return create(ChallengeSchema, {
    name,
    act: 2,
    target,
    number,
    targetText: "",
    successText: "Grant a Boon to players with the highest value.",
    failureText: "Lose 2 Morale.",
    flavor: "The nebula hums.",
    ...more,
  });
}

// Seat 0's hand (you): ids 101..; seat 1's and 2's hands are never in a seat view.
export const yourHand = [
  card(101, "Steady Hands", 4),
  card(102, "Afterburner", 7, { effects: [create(EffectSchema, { style: EffectStyle.REQUIRED, phase: Step.CLEANUP, text: "Overcommit" })] }),
  card(103, "Field Medic", 2, { effects: [trigger("PRE-RESOLUTION | Spend 1 Glory: Shift 2")] }),
];

export function baseView(viewer = 0): View {
  const seats = [0, 1, 2].map((s) =>
    create(SeatSchema, {
      seat: s,
      faction: s,
      factionName: ["Cartographers", "Vanguard", "Tinkers"][s],
      factionCard: card(900 + s, ["Cartographers", "Vanguard", "Tinkers"][s], 0, { hasValue: false, effects: [trigger("CHALLENGE START | Consume 1 Energy: Sensors 1", Step.CHALLENGE_START)] }),
      moraleNumber: 2 + s,
      rankbreaker: [17, 24, 9][s],
      ranks: s === 0 ? [2, 5] : [1, 3],
      rank: [4, 4, 2][s],
      teamLeader: s === 1,
      personal: s === 0 ? [create(PersonalCardSchema, { role: PersonalCard_Role.PROJECT, card: card(110, "Deep Scan Array", 3, { effects: [trigger("CHALLENGE START | Sensors 1", Step.CHALLENGE_START), create(EffectSchema, { style: EffectStyle.BOON_DECLARED, text: "BOON OUTCOME | Draw 2 cards" })] }) })] : [],
      warp: s === 1 ? [card(205, "Slipstream", 6)] : [],
      handCount: s === 0 ? yourHand.length : 5 + s,
      hand: s === viewer ? (s === 0 ? yourHand : [card(100 * s + 1 + 50, `Secret ${s}`, 5)]) : [],
      deckCount: 20 - s,
      discardCount: s,
      discardTop: s ? card(100 * s + 90, `Spent Flare ${s}`, 1) : undefined,
      glory: s + 1,
      lessons: s === 2 ? 1 : 0,
      projects: s === 0 ? 1 : 0,
    }),
  );
  return create(ViewSchema, {
    viewerSeat: viewer,
    step: Step.PRE_CONFRONTATION,
    mission: create(MissionSchema, { name: "The Quasar Beyond", text: "Find the quasar before the fleet runs dry." }),
    act: create(ActSchema, { sequence: 2, name: "The Dust Belt", text: "Pick a way through the belt.", back: "3 or more successes: Act 3. Otherwise: Act 4." }),
    actsPlayed: 2,
    challengeDeck: 5,
    challenge: challenge("Ion Storm", TargetKind.ALL_OUT, 14),
    sensors: [challenge("Rogue Moon", TargetKind.STAND_TOGETHER, 0), challenge("Gravity Well", TargetKind.NOBODY_LEFT_BEHIND, 3)],
    seats,
    energy: 3,
    morale: 7,
    teamLeader: 1,
    successes: 1,
    failures: 1,
    challengesPlayed: 8,
    challengesPerAct: 6,
    challengeLimit: 60,
  });
}

// The Confrontation prompt: every seat chooses in secret; seat 1 has chosen.
export function confrontView(viewer = 0): View {
  const v = baseView(viewer);
  v.step = Step.CONFRONTATION;
  v.prompt = create(PromptSchema, {
    seat: viewer,
    kind: PromptKind.PROMPT_CONFRONT,
    text: "Confront the Ion Storm: choose one card in secret.",
    choices: viewer === 0 ? [
      ...yourHand.map((c) => create(ChoiceSchema, { value: c.id, label: c.name, card: c, kind: ActionKind.CONFRONT })),
      // An Active Project may confront too.
      create(ChoiceSchema, { value: 110, label: "Deep Scan Array", card: v.seats[0].personal[0].card, kind: ActionKind.CONFRONT }),
    ] : [],
  });
  v.confrontation = [
    create(ConfrontingSchema, { seat: 1, committed: true, revealed: false }),
  ];
  for (const s of v.seats) {
    s.toAct = s.seat !== 1;
    s.chose = s.seat === 1;
  }
  v.legalActions = viewer === 0 ? [...yourHand.map((c) => act(0, ActionKind.CONFRONT, [c.id])), act(0, ActionKind.CONFRONT, [110])] : [];
  return v;
}

// After the reveal: the Confrontation face up, seat 0 may Shift by up to 2.
export function shiftView(): View {
  const v = baseView(0);
  v.step = Step.PRE_RESOLUTION;
  v.confrontation = [
    create(ConfrontingSchema, { seat: 0, committed: true, revealed: true, card: card(103, "Field Medic", 2, { shift: 1, current: 3 }) }),
    create(ConfrontingSchema, { seat: 1, committed: true, revealed: true, card: card(207, "Vanguard Charge", 8) }),
    create(ConfrontingSchema, { seat: 2, committed: true, revealed: true, card: lost(999, 2) }),
  ];
  v.seats[0].hand = yourHand.filter((c) => c.id !== 103);
  v.seats[0].handCount = 2;
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_SHIFT,
    text: "Shift 2: change your Field Medic's value by up to 2.",
    count: 2,
    choices: [-2, -1, 0, 1, 2].map((n) => create(ChoiceSchema, { value: n, label: `Shift ${n}`, kind: ActionKind.SHIFT })),
  });
  v.seats[0].toAct = true;
  v.legalActions = [-2, -1, 0, 1, 2].map((n) => act(0, ActionKind.SHIFT, [n]));
  return v;
}

export function boonView(): View {
  const v = shiftView();
  v.step = Step.RESOLUTION;
  v.resolved = true;
  v.success = true;
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_BOON,
    text: "You are granted a Boon: choose its outcome.",
    choices: [
      create(ChoiceSchema, { value: BoonOutcome.LEARN_LESSON, label: "Learn 1 Lesson", kind: ActionKind.BOON }),
      create(ChoiceSchema, { value: BoonOutcome.START_PROJECT, label: "Start a Project", kind: ActionKind.BOON }),
      create(ChoiceSchema, { value: BoonOutcome.GAIN_GLORY, label: "Gain 1 Glory", kind: ActionKind.BOON }),
      // The engine's words for a declared outcome: the effect's text.
      create(ChoiceSchema, { value: 101, label: "BOON OUTCOME | Draw 2 cards", kind: ActionKind.BOON }),
    ],
  });
  v.legalActions = [act(0, ActionKind.BOON, [1]), act(0, ActionKind.BOON, [2]), act(0, ActionKind.BOON, [3]), act(0, ActionKind.BOON, [101])];
  return v;
}

export function triggersView(): View {
  const v = shiftView();
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_TRIGGERS,
    text: "Pre-Resolution: perform a Triggered effect, or pass.",
    optional: true,
    choices: [
      create(ChoiceSchema, { value: 110, arg2: 0, label: "Deep Scan Array: Sensors 1", kind: ActionKind.TRIGGER, card: v.seats[0].personal[0].card }),
      create(ChoiceSchema, { value: 900, arg2: 0, label: "Cartographers: Sensors 1", kind: ActionKind.TRIGGER, card: v.seats[0].factionCard }),
    ],
  });
  v.legalActions = [act(0, ActionKind.TRIGGER, [110, 0]), act(0, ActionKind.TRIGGER, [900, 0]), act(0, ActionKind.PASS)];
  return v;
}

export function orderView(): View {
  const v = shiftView();
  v.step = Step.CHALLENGE_START;
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_ORDER,
    text: "As Team Leader, choose which effect resolves next.",
    choices: [
      // As the engine words them (engine/quasar_search/view.cpp, task::order): source, seat, effect with its phase.
      create(ChoiceSchema, { value: 0, label: "{seat:1}'s Vanguard Wing: {seat:1} — CHALLENGE START | If successful: The Team Leader gains 1 Glory", kind: ActionKind.ORDER }),
      create(ChoiceSchema, { value: 1, label: "Ion Storm: {seat:0} — CHALLENGE START | Consume 1 Energy", kind: ActionKind.ORDER }),
    ],
  });
  v.legalActions = [act(0, ActionKind.ORDER, [0]), act(0, ActionKind.ORDER, [1])];
  return v;
}

export function drawView(): View {
  const v = baseView(0);
  v.step = Step.ACT_SETUP;
  v.seats[0].warp = [card(120, "Stashed Beacon", 5)];
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_DRAW,
    text: "Draw 3: choose where the next card comes from.",
    count: 3,
    choices: [
      create(ChoiceSchema, { value: DrawZone.DRAW_DECK, label: "your Deck", kind: ActionKind.DRAW_FROM }),
      create(ChoiceSchema, { value: DrawZone.DRAW_WARP, arg2: 120, label: "Stashed Beacon", kind: ActionKind.DRAW_FROM, card: v.seats[0].warp[0] }),
    ],
  });
  v.legalActions = [act(0, ActionKind.DRAW_FROM, [DrawZone.DRAW_DECK, 0]), act(0, ActionKind.DRAW_FROM, [DrawZone.DRAW_WARP, 120])];
  return v;
}

// The engine asks every pick from the hand but Warp with PROMPT_STOCKPILE; its words say
// which (a Stockpile, a discard, the Project a Boon starts).
export function pickView(kind: PromptKind.PROMPT_STOCKPILE | PromptKind.PROMPT_WARP, text = ""): View {
  const v = baseView(0);
  v.step = Step.ACT_START;
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind,
    text: text || (kind === PromptKind.PROMPT_WARP ? "Warp 2: choose a card to put in your Warp Zone, or stop." : "Stockpile 2: choose the next card to put on the bottom of your Deck."),
    optional: kind === PromptKind.PROMPT_WARP,
    count: 2,
    choices: yourHand.map((c) => create(ChoiceSchema, { value: c.id, label: c.name, card: c, kind: ActionKind.PICK })),
  });
  v.legalActions = [...yourHand.map((c) => act(0, ActionKind.PICK, [c.id])), ...(kind === PromptKind.PROMPT_WARP ? [act(0, ActionKind.PASS)] : [])];
  return v;
}

export function rankView(viewer = 0): View {
  const v = baseView(viewer);
  v.step = Step.ACT_SETUP;
  v.confrontation = [];
  v.challenge = undefined;
  for (const s of v.seats) {
    s.rank = 0;
    s.teamLeader = false;
    s.toAct = s.seat !== 2;
    s.chose = s.seat === 2;
  }
  v.prompt = create(PromptSchema, {
    seat: viewer,
    kind: PromptKind.PROMPT_RANK,
    text: "Choose your Rank card for Act 2, in secret.",
    // The Faction's Rank cards were [2, 3, 5] (seat 0) or [1, 2, 3] (the others); the middle
    // one is used: a choice's value is its place among all three.
    choices: v.seats[viewer].ranks.map((r, i) => create(ChoiceSchema, { value: i * 2, label: `Rank ${r}`, kind: ActionKind.CHOOSE_RANK })),
  });
  v.legalActions = v.seats[viewer].ranks.map((_, i) => act(viewer, ActionKind.CHOOSE_RANK, [i * 2]));
  return v;
}

export function decideView(): View {
  const v = baseView(0);
  v.step = Step.PRE_CLEANUP;
  v.prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.PROMPT_DECIDE,
    text: "Demand: the Team Leader decides who discards a card.",
    choices: [
      create(ChoiceSchema, { value: 0, label: "{seat:0} discards a card", kind: ActionKind.DECIDE }),
      create(ChoiceSchema, { value: 1, label: "{seat:2} discards a card", kind: ActionKind.DECIDE }),
    ],
  });
  v.legalActions = [act(0, ActionKind.DECIDE, [0]), act(0, ActionKind.DECIDE, [1])];
  return v;
}

export function endView(victory: boolean): View {
  const v = baseView(0);
  v.step = Step.MISSION_RESOLUTION;
  v.challenge = undefined;
  v.endingLetter = victory ? "A" : "C";
  v.endingTitle = victory ? "Light at the Edge" : "Adrift";
  v.endingText = victory ? "The quasar blazes on your screens; the fleet is saved." : "The engines fall silent in the dust.";
  v.victory = victory;
  v.outcome = create(OutcomeSchema, { over: true, winners: victory ? [0, 1, 2] : [], reason: victory ? "ending_a" : "ending_c" });
  return v;
}
