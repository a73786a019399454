// A hand-made S.P.A.C.E. view for the table tests: a small board (two deep-space regions,
// four destinations), three ships, an open contract, a fight with an escape roll, an offer,
// and Ada's (seat 0) legal actions of many kinds. Bob (seat 1) holds face-down cards Ada may
// not identify.
import { create } from "@bufbuild/protobuf";

import { ActionSchema, DiceRollSchema, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import {
  ActionKind,
  BaySchema,
  BoardSchema,
  CardKind,
  CardSchema,
  Colour,
  ConnectionSchema,
  ContractSchema,
  DecksSchema,
  FeudSchema,
  FightKind,
  FightRoundSchema,
  FightSchema,
  FightStep,
  LocationKind,
  LocationSchema,
  OfferSchema,
  Phase,
  PromptKind,
  PromptSchema,
  ScoreboardSchema,
  SectorSchema,
  ShipSchema,
  Syndicate,
  TrackSchema,
  ViewSchema,
  type Card,
  type View,
} from "../src/gen/starport/v1/scoundrels_pb.js";

export const act = (seat: number, kind: ActionKind, ...args: number[]) => create(ActionSchema, { seat, kind, args });

export const card = (id: number, name: string, kind: CardKind, extra: Partial<Omit<Card, "$typeName" | "$unknown">> = {}): Card =>
  create(CardSchema, { id, known: true, name, kind, text: `${name} text`, ...extra });
export const hidden = (i: number) => create(CardSchema, { id: 0, known: false, hiddenIndex: i });

export const names = ["Hedone", "Pandora", "Belloch", "Metis Prime", "Deep Blue", "The Void"];

export function board() {
  const loc = (index: number, kind: LocationKind, colour: Colour, patrolled: boolean, x: number, y: number, neighbours: number[], dockyard = false) =>
    create(LocationSchema, { index, name: names[index], kind, colour, patrolled, x, y, neighbours, dockyard, sectors: [] });
  return create(BoardSchema, {
    locations: [
      loc(0, LocationKind.DESTINATION, Colour.GREEN, false, 100, 100, [4], true),
      loc(1, LocationKind.DESTINATION, Colour.PURPLE, false, 100, 800, [4]),
      loc(2, LocationKind.DESTINATION, Colour.RED, false, 900, 200, [5]),
      loc(3, LocationKind.DESTINATION, Colour.GREEN, false, 900, 900, [5], true),
      loc(4, LocationKind.DEEP_SPACE, Colour.COLOUR_NONE, true, 300, 450, [0, 1, 5]),
      loc(5, LocationKind.DEEP_SPACE, Colour.COLOUR_NONE, false, 700, 550, [2, 3, 4]),
    ],
    connections: [[0, 4], [1, 4], [4, 5], [2, 5], [3, 5]].map(([a, b]) => create(ConnectionSchema, { a, b })),
    sectors: [create(SectorSchema, { index: 0, region: 4, patrolled: true, locations: [4, 0, 1] }), create(SectorSchema, { index: 1, region: 5, patrolled: false, locations: [5, 2, 3] })],
  });
}

export const contract = (id: number, name: string, origin: number, syndicate: Syndicate, to: number[]) =>
  create(ContractSchema, { id, name, origin, syndicate, deliverTo: to, reward: Colour.PURPLE });

export function view(extra: Partial<Omit<View, "$typeName" | "$unknown">> = {}): View {
  const ada = create(ShipSchema, {
    seat: 0,
    location: 4,
    movement: 3,
    movementLeft: 2,
    bayCount: 4,
    bays: [
      create(BaySchema, { number: 1, card: card(11, "Vex Marlow", CardKind.CREW, { captain: true, damage: 1 }) }),
      create(BaySchema, { number: 2, card: card(12, "+1 Hyperdrive", CardKind.SHIP_SYSTEM) }),
      create(BaySchema, { number: 3, cargo: contract(40, "Spice Run", 0, Syndicate.FIDANZA, [2, 3]) }),
      create(BaySchema, { number: 4 }),
    ],
    weaponsLocker: [card(13, "Blaster Pistol", CardKind.FIREARM)],
    weaponsLockerCount: 1,
    storageLocker: [card(14, "Medkit", CardKind.MEDKIT)],
    storageLockerCount: 1,
    captainsLog: [card(15, "Favor of the Court", CardKind.FAVOR)],
    captainsLogCount: 1,
    reputation: 2,
    affiliation: Syndicate.FIDANZA,
    grudges: [Syndicate.SEMYORKA],
    toAct: true,
    firstPlayer: true,
    deliveries: 2,
    consciousCrew: true,
    attack: 2,
  });
  const bob = create(ShipSchema, {
    seat: 1,
    location: 4,
    movement: 3,
    movementLeft: 3,
    bayCount: 4,
    bays: [create(BaySchema, { number: 1, card: card(21, "Rook Tallis", CardKind.CREW, { captain: true }) }), create(BaySchema, { number: 2, card: card(22, "Plasma Cannon", CardKind.SHIP_SYSTEM, { damage: 1 }) })],
    weaponsLocker: [hidden(0), hidden(1)],
    weaponsLockerCount: 2,
    storageLocker: [hidden(2)],
    storageLockerCount: 1,
    captainsLogCount: 0,
    reputation: 0,
    consciousCrew: true,
    attack: 1,
  });
  const cato = create(ShipSchema, { seat: 2, location: 2, movement: 4, movementLeft: 4, bayCount: 4, bays: [create(BaySchema, { number: 1, card: card(31, "Old Nell", CardKind.CREW, { captain: true, damage: 2 }) })], reputation: 4, affiliation: Syndicate.ANUBIS, consciousCrew: false, attack: 0 });
  return create(ViewSchema, {
    board: board(),
    ships: [ada, bob, cato],
    openContracts: [contract(41, "Medical Supplies", 1, Syndicate.ALLMACHT, [3])],
    dockyard: 0,
    scoreboard: create(ScoreboardSchema, {
      tracks: [create(TrackSchema, { syndicate: Syndicate.FIDANZA, deliveries: 3 }), create(TrackSchema, { syndicate: Syndicate.ANUBIS, deliveries: 5 })],
      feuds: [create(FeudSchema, { a: Syndicate.FIDANZA, b: Syndicate.SEMYORKA })],
      deliveriesToWin: 8,
    }),
    phase: Phase.MOVEMENT,
    turn: 3,
    firstPlayer: 0,
    activeSeat: 0,
    decks: create(DecksSchema, { contracts: 30, green: 60, purple: 70, red: 50, bribes: 20, encounters: 40 }),
    dice: [
      create(DiceRollSchema, { number: 7, seat: -1, purpose: "Dockyard", sides: 6, faces: [6], result: "stays" }),
      create(DiceRollSchema, { number: 8, seat: 1, purpose: "escape", sides: 6, faces: [4], modifier: 1, result: "failed" }),
    ],
    fight: create(FightSchema, {
      kind: FightKind.SHIP_COMBAT,
      attacker: 0,
      defender: 1,
      step: FightStep.ATTACKER_DECIDES,
      round: 1,
      lastRound: 8,
      location: 4,
      rounds: [
        create(FightRoundSchema, {
          number: 1,
          attackerAttack: 2,
          defenderAttack: 1,
          damageToAttacker: 1,
          damageToDefender: 2,
          attackerDamaged: [card(12, "+1 Hyperdrive", CardKind.SHIP_SYSTEM)],
          defenderDamaged: [card(22, "Plasma Cannon", CardKind.SHIP_SYSTEM, { damage: 1 })],
          escape: create(DiceRollSchema, { number: 8, seat: 1, purpose: "escape", sides: 6, faces: [4], modifier: 1, result: "failed" }),
          escaped: false,
        }),
      ],
    }),
    offers: [create(OfferSchema, { id: 5, from: 1, to: 0, give: [hidden(2)], takeCargo: [contract(40, "Spice Run", 0, Syndicate.FIDANZA, [2, 3])] })],
    legalActions: [
      act(0, ActionKind.MOVE, 0),
      act(0, ActionKind.MOVE, 5),
      act(0, ActionKind.INTERCEPT, 1),
      act(0, ActionKind.PROPOSE, 1, 14, 0, 0),
      act(0, ActionKind.PROPOSE, 1, 40, 0, 0),
      act(0, ActionKind.PROPOSE, 1, 40, 0, 14),
      act(0, ActionKind.ACCEPT, 5),
      act(0, ActionKind.DECLINE, 5),
      act(0, ActionKind.BRAWL, 1),
      act(0, ActionKind.PLAY, 15, 1, 0),
      act(0, ActionKind.PASS),
    ],
    encounter: ["Customs Sweep", "Patrolled space: a patrol inspects your cargo."],
    outcome: create(OutcomeSchema, {}),
    ...extra,
  });
}

export const promptView = () =>
  view({
    prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, text: "Keep one of the two green cantina cards.", cards: [card(50, "Grav Boots", CardKind.ITEM), card(51, "Deck Gunner", CardKind.CREW)], optional: true }),
    legalActions: [act(0, ActionKind.CHOOSE, 50), act(0, ActionKind.CHOOSE, 51), act(0, ActionKind.PASS)],
  });
