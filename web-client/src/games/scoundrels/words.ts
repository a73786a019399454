// S.P.A.C.E. in players' words (pure, unit-tested): names of places, syndicates, colours,
// phases and cards, and one label per legal action computed from the view alone. A card
// the viewer may not identify is "a face-down card from <seat>'s ship", never a name.
import type { Action, DiceRoll } from "../../gen/starport/v1/common_pb.js";
import {
  ActionKind,
  CardKind,
  Colour,
  FightKind,
  FightStep,
  Phase,
  PromptKind,
  Syndicate,
  type Card,
  type Contract,
  type View,
} from "../../gen/starport/v1/scoundrels_pb.js";
import { fillSeats, ordinal } from "../../kit/words.js";

export const gameId = "scoundrels";

export const syndicateNames: Record<Syndicate, string> = {
  [Syndicate.SYNDICATE_NONE]: "unaffiliated",
  [Syndicate.FIDANZA]: "Fidanza",
  [Syndicate.SEMYORKA]: "Semyorka",
  [Syndicate.ALLMACHT]: "Allmacht",
  [Syndicate.ANUBIS]: "Anubis",
};

export const syndicateBonus: Record<Syndicate, string> = {
  [Syndicate.SYNDICATE_NONE]: "Unaffiliated: may deliver for any syndicate.",
  [Syndicate.FIDANZA]: "Fidanza: may pick up several contracts per turn.",
  [Syndicate.SEMYORKA]: "Semyorka: may move after visiting the Dockyard.",
  [Syndicate.ALLMACHT]: "Allmacht: may repair one ship system per turn.",
  [Syndicate.ANUBIS]: "Anubis: +1 movement.",
};

export const colourNames: Record<Colour, string> = {
  [Colour.COLOUR_NONE]: "",
  [Colour.GREEN]: "green",
  [Colour.PURPLE]: "purple",
  [Colour.RED]: "red",
};

export const phaseNames: Record<Phase, string> = {
  [Phase.PHASE_UNSPECIFIED]: "Setup",
  [Phase.ENCOUNTER]: "Encounter",
  [Phase.MOVEMENT]: "Movement",
  [Phase.DELIVERY]: "Delivery",
  [Phase.DOCKYARD_ROLL]: "Dockyard roll",
  [Phase.GAME_OVER]: "Game over",
};

export const kindNames: Record<CardKind, string> = {
  [CardKind.CARD_KIND_UNSPECIFIED]: "face-down card",
  [CardKind.CREW]: "Crew",
  [CardKind.SHIP_SYSTEM]: "Ship system",
  [CardKind.FIREARM]: "Firearm",
  [CardKind.EXPLOSIVE]: "Explosive",
  [CardKind.MEDKIT]: "Medkit",
  [CardKind.ARMOUR]: "Armour",
  [CardKind.FAVOR]: "Favor",
  [CardKind.ITEM]: "Item",
  [CardKind.BRIBE]: "Bribe",
  [CardKind.CONTRACT]: "Contract",
};

export const fightNames: Record<FightKind, string> = {
  [FightKind.FIGHT_NONE]: "",
  [FightKind.SHIP_COMBAT]: "Ship combat",
  [FightKind.BOARDING]: "Boarding action",
  [FightKind.BRAWL_FIGHT]: "Brawl",
  [FightKind.PIRATES]: "Pirates",
};

// The engine's reasons a game ends, in players' words: "You lost: Vega won (a syndicate's
// last delivery)." Others keep the kit's default.
const reasons: Record<string, string> = {
  delivery: "a syndicate's last delivery",
  turn_limit: "the turn limit",
  last_standing: "the last ship in the game",
};

export function reasonWords(reason: string): string | undefined {
  return reasons[reason];
}


export function placeName(view: View, index: number): string {
  return view.board?.locations[index]?.name ?? `location ${index + 1}`;
}

// Every card and contract the view names, by id (the viewer's own face-down cards are
// known to it; another seat's are id 0 and never in here).
export type Named = { card?: Card; contract?: Contract; owner?: number; where?: string };

export function cardIndex(view: View): Map<number, Named> {
  const m = new Map<number, Named>();
  const card = (c: Card | undefined, owner?: number, where?: string) => {
    if (c && c.id && c.known && !m.has(c.id)) m.set(c.id, { card: c, owner, where });
  };
  const contract = (c: Contract | undefined, owner?: number, where?: string) => {
    if (c && c.id && !m.has(c.id)) m.set(c.id, { contract: c, owner, where });
  };
  for (const s of view.ships) {
    for (const b of s.bays) {
      card(b.card, s.seat, "bay");
      contract(b.cargo, s.seat, "cargo");
    }
    contract(s.heldCargo, s.seat, "held");
    for (const c of s.captainsLog) card(c, s.seat, "captain's log");
    for (const c of s.weaponsLocker) card(c, s.seat, "weapons locker");
    for (const c of s.storageLocker) card(c, s.seat, "storage locker");
  }
  for (const c of view.openContracts) contract(c, undefined, "open");
  for (const c of view.prompt?.cards ?? []) card(c, view.prompt?.seat, "prompt");
  for (const o of view.offers) {
    for (const c of o.give) card(c, o.from);
    for (const c of o.take) card(c, o.to);
    for (const c of o.giveCargo) contract(c, o.from);
    for (const c of o.takeCargo) contract(c, o.to);
  }
  for (const c of [...(view.fight?.attackerKit ?? []), ...(view.fight?.defenderKit ?? [])]) card(c, undefined, "equipped");
  for (const c of view.shown) card(c, undefined, "shown");
  for (const r of view.fight?.rounds ?? []) {
    for (const c of [...r.attackerDamaged, ...r.defenderDamaged]) card(c);
    for (const c of r.cargoDestroyed) contract(c);
  }
  for (const t of view.scoreboard?.tracks ?? []) for (const c of t.delivered) contract(c, undefined, "delivered");
  return m;
}

export function contractLine(view: View, c: Contract): string {
  const to = c.deliverTo.map((i) => placeName(view, i)).join(" or ");
  return `${c.name || "Contract"} (${syndicateNames[c.syndicate]}, from ${placeName(view, c.origin)} to ${to}${c.reward ? `, ${colourNames[c.reward]} reward` : ""})`;
}

// Where another seat's face-down card -(1 + i) lies, as everyone may know it: the owner's
// hidden cards are numbered through the weapons locker, then the storage locker, then the
// captain's log (Card.hidden_index; the zones' counts are public). "weapons locker, 2 of 3".
export function hiddenPlace(view: View, owner: number, index: number): { zone: string; nth: number; of: number } | undefined {
  const ship = view.ships.find((s) => s.seat === owner);
  if (!ship || index < 0) return undefined;
  const zones: [string, number][] = [
    ["weapons locker", ship.weaponsLockerCount || ship.weaponsLocker.length],
    ["storage locker", ship.storageLockerCount || ship.storageLocker.length],
    ["captain's log", ship.captainsLogCount || ship.captainsLog.length],
  ];
  let i = index;
  for (const [zone, count] of zones) {
    if (i < count) return { zone, nth: i + 1, of: count };
    i -= count;
  }
  return undefined;
}

// "the face-down card in Bob's weapons locker (2 of 3)": two such cards never read alike.
export function hiddenCardName(view: View, owner: number, index: number, seatName: (seat: number) => string): string {
  const at = hiddenPlace(view, owner, index);
  if (!at) return `a face-down card from ${seatName(owner)}'s ship`;
  return `the face-down card in ${seatName(owner)}'s ${at.zone}${at.of > 1 ? ` (${at.nth} of ${at.of})` : ""}`;
}

// A card named in an action: its name, a contract's name, or (negative: another seat's
// face-down card, -(1 + hidden_index)) where it lies on that seat's ship.
export function cardName(view: View, id: number, seatName: (seat: number) => string, index = cardIndex(view), hiddenOwner?: number): string {
  if (id < 0) return hiddenOwner !== undefined ? hiddenCardName(view, hiddenOwner, -id - 1, seatName) : "a face-down card";
  const n = index.get(id);
  if (n?.card) return n.card.name || kindNames[n.card.kind];
  if (n?.contract) return `cargo ${n.contract.name || "contract"}`;
  return `card ${id}`;
}

// Where a card lies on a ship, as its sheet draws it: a bay ("bay 2"), or a zone and the
// card's place among the zone's cards ("storage locker", 2 of 3), in the order the sheet
// draws them.
export function shipPlace(view: View, id: number): { owner: number; zone: string; nth: number; of: number } | undefined {
  if (id <= 0) return undefined;
  for (const s of view.ships) {
    const bay = s.bays.find((b) => b.card?.id === id || b.cargo?.id === id);
    if (bay) return { owner: s.seat, zone: `bay ${bay.number + 1}`, nth: 1, of: 1 };
    const zones: [string, Card[]][] = [["weapons locker", s.weaponsLocker], ["storage locker", s.storageLocker], ["captain's log", s.captainsLog]];
    for (const [zone, cards] of zones) {
      const i = cards.findIndex((c) => c.id === id);
      if (i >= 0) return { owner: s.seat, zone, nth: i + 1, of: Math.max(cards.length, zoneCount(s, zone)) };
    }
  }
  return undefined;
}

function zoneCount(s: View["ships"][number], zone: string): number {
  return zone === "weapons locker" ? s.weaponsLockerCount : zone === "storage locker" ? s.storageLockerCount : s.captainsLogCount;
}

// A card's name told apart from the other cards of `among` (the choices it is offered
// with) that share it — the deck has 8 Medkits, 9 Blaster Pistols: by what differs, in the
// sheet's words: where it lies ("Medkit (captain's log)", "+1 Hyperdrive (bay 3)", a seat's
// name when the twins are on different ships), its state ("injured", "equipped"), else its
// place in its zone, as another seat's face-down cards are named ("Medkit (storage locker 2
// of 3)"), and for cards on no ship (a prompt's) their order ("Medkit (2nd)"). A name no
// other choice shares is left as it is.
export function distinctName(view: View, id: number, among: readonly number[], seatName: (seat: number) => string, idx = cardIndex(view), hiddenOwner?: number): string {
  const name = cardName(view, id, seatName, idx, hiddenOwner);
  if (id <= 0) return name;
  const twins = [...new Set(among)].filter((o) => o > 0 && o !== id && idx.has(o) && cardName(view, o, seatName, idx) === name);
  if (!twins.length) return name;
  const group = [id, ...twins];
  const owners = new Set(group.map((x) => shipPlace(view, x)?.owner));
  const where = (x: number) => {
    const at = shipPlace(view, x);
    return at ? `${owners.size > 1 ? `${seatName(at.owner)}'s ` : ""}${at.zone}` : "";
  };
  const state = (x: number) => {
    const c = idx.get(x)?.card;
    return c ? [c.captain ? "captain" : "", damageWord(c), c.equippedTo ? "equipped" : ""].filter(Boolean).join(", ") : "";
  };
  const alone = (f: (x: number) => string) => {
    const v = f(id);
    return v !== "" && group.every((x) => x === id || f(x) !== v);
  };
  const w = where(id);
  if (alone(where)) return `${name} (${w})`;
  if (alone(state)) return `${name} (${w ? `${w}, ` : ""}${state(id)})`;
  const at = shipPlace(view, id);
  if (at) return `${name} (${w} ${at.nth} of ${at.of})`;
  // On no ship: the order the prompt (or the last action) shows them in, else the choices'.
  const shown = [...(view.prompt?.cards ?? []), ...view.shown].map((c) => c.id);
  const order = (x: number) => (shown.includes(x) ? shown.indexOf(x) : shown.length + among.indexOf(x));
  return `${name} (${ordinal(group.sort((a, b) => order(a) - order(b)).indexOf(id) + 1)})`;
}

// Whose face-down cards a negative id in this view's actions points into: the other side of
// the fight (pillage), or the prompt's owner otherwise.
function hiddenOwnerFor(view: View, seat: number): number | undefined {
  const f = view.fight;
  if (f && f.kind !== FightKind.FIGHT_NONE) return f.attacker === seat ? f.defender : f.attacker;
  return undefined;
}

const pressLabels = ["End the combat", "Fight another round", "Board their ship", "Hold the ambushed ship"];

export function actionLabel(action: Action, view: View, seatName: (seat: number) => string): string {
  const a = action.args;
  const idx = cardIndex(view);
  // A card told apart from the same-named cards the seat's other moves of this kind name at
  // the same place (`at`; every place when omitted), so no two buttons read alike.
  const siblings = view.legalActions.filter((x) => x.seat === action.seat && x.kind === action.kind);
  const name = (id: number, at?: number) =>
    distinctName(view, id, siblings.flatMap((x) => (at === undefined ? x.args : [x.args[at] ?? 0])), seatName, idx, hiddenOwnerFor(view, action.seat));
  const prompt = view.prompt && view.prompt.seat === action.seat ? view.prompt : undefined;
  switch (action.kind as ActionKind) {
    case ActionKind.MOVE:
      return `Move to ${placeName(view, a[0])}`;
    case ActionKind.PICK_UP: {
      const c = idx.get(a[0])?.contract;
      return `Pick up ${c ? c.name || "the contract" : name(a[0], 0)}`;
    }
    case ActionKind.DOCKYARD:
      return "Visit the Dockyard";
    case ActionKind.DISMISS:
      return `Return ${name(a[0], 0)} to its deck`;
    case ActionKind.VIEW_CANTINA:
      return "View two green cantina cards";
    case ActionKind.INSTALL:
      return `Install ${name(a[0], 0)} in an open bay`;
    case ActionKind.REVEAL:
      return "Reveal a new contract";
    case ActionKind.INTERCEPT:
      return `Intercept ${seatName(a[0])}`;
    case ActionKind.AMBUSH:
      return a[0] ? "Ambush" : "Let the ship pass";
    case ActionKind.ALLOCATE: {
      const n = idx.get(a[0]);
      return n?.contract ? `Destroy cargo ${n.contract.name || "contract"}` : `Damage ${name(a[0], 0)}`;
    }
    case ActionKind.REPAIR:
      return a[0] === 0 ? `Repair ${name(a[1])} (Allmacht's free repair)` : `Repair ${name(a[1])} with ${name(a[0])}`;
    case ActionKind.PRESS:
      return pressLabels[a[0]] ?? `Choose ${a[0]}`;
    case ActionKind.ESCAPE: {
      const drives = a.filter((x) => x > 0).map((id) => name(id));
      return drives.length ? `Try to escape, damaging ${drives.join(" and ")} for the bonus` : "Try to escape";
    }
    case ActionKind.STAY: {
      // A ship with no working system that stays has lost the combat (the engine's reading,
      // docs/rules/scoundrels.md): the button says so rather than promising a round.
      const bays = view.ships.find((x) => x.seat === action.seat)?.bays ?? [];
      const working = bays.some((b) => b.card?.kind === CardKind.SHIP_SYSTEM && !b.card.damage);
      return working ? "Do not escape: another round" : "Do not escape: with no working system, lose the combat (they may board)";
    }
    case ActionKind.EQUIP:
      return `Equip ${name(a[1], 1)} with ${name(a[0], 0)}`;
    case ActionKind.FIGHT:
      return "Fight this round";
    case ActionKind.HEAL:
      return `Heal ${name(a[1], 1)} with ${name(a[0], 0)}`;
    case ActionKind.PILLAGE:
      return a[0] === 0 ? "Stop pillaging" : `Take ${name(a[0], 0)}`;
    case ActionKind.PROPOSE:
      return proposeLabel(action, view, seatName, idx);
    case ActionKind.ACCEPT:
    case ActionKind.DECLINE:
    case ActionKind.WITHDRAW: {
      const o = view.offers.find((x) => x.id === a[0]);
      const verb = action.kind === ActionKind.ACCEPT ? "Accept" : action.kind === ActionKind.DECLINE ? "Decline" : "Withdraw";
      if (!o) return `${verb} offer ${a[0]}`;
      if (action.kind === ActionKind.ACCEPT && a[1] === 1) return `Accept ${seatName(o.from)}'s offer, then brawl with ${seatName(o.from)}`;
      return action.kind === ActionKind.WITHDRAW ? `Withdraw your offer to ${seatName(o.to)}` : `${verb} ${seatName(o.from)}'s offer`;
    }
    case ActionKind.BRAWL:
      return a[0] < 0 ? "Let the delivery go ahead" : `Brawl with ${seatName(a[0])}`;
    case ActionKind.DELIVER: {
      const c = idx.get(a[0])?.contract;
      // For another syndicate than one's own: one changes affiliation, with its price
      // (docs/rules/scoundrels.md, "Delivering for another syndicate while affiliated").
      const own = view.ships.find((s) => s.seat === action.seat)?.affiliation ?? Syndicate.SYNDICATE_NONE;
      const leaving = c && own !== Syndicate.SYNDICATE_NONE && own !== c.syndicate
        ? ` (you leave ${syndicateNames[own]}: a ${syndicateNames[own]} grudge and a feud)` : "";
      return `Deliver ${c?.name || name(a[0], 0)}${c ? ` for ${syndicateNames[c.syndicate]}` : ""}${leaving}`;
    }
    case ActionKind.BURY: {
      const n = idx.get(a[0]);
      const c = n?.contract;
      // A held cargo's replacement needs an open bay (the engine draws none without one).
      const ship = n?.where === "held" ? view.ships.find((s) => s.seat === action.seat) : undefined;
      const room = !ship || ship.bays.some((b) => !b.card && !b.cargo && b.number < ship.bayCount);
      return `Bury ${c?.name || name(a[0], 0)}${room ? " and draw a new contract" : " (no open bay for a new contract)"}`;
    }
    case ActionKind.AFFILIATE:
      return a[0] ? `Affiliate${affiliateWith(view, action.seat)}` : "Stay as you are";
    case ActionKind.CHOOSE:
      return chooseLabel(a[0], prompt?.kind, view, (id) => name(id, 0), action.seat, a[1]);
    case ActionKind.PLAY: {
      const on = a[1] >= 0 ? ` on ${seatName(a[1])}` : "";
      // The third argument is a location for a card that moves the Dockyard, else 0.
      const played = idx.get(a[0])?.card;
      const dock = played && /dockyard/i.test(`${played.name} ${played.text}`);
      const target = dock ? `: the Dockyard to ${placeName(view, a[2])}` : "";
      return `Play ${name(a[0], 0)}${on}${target}`;
    }
    case ActionKind.PASS:
      return passLabel(view, prompt?.kind);
    case ActionKind.RESIGN:
      return "Resign";
  }
  return `Move ${action.kind}`;
}

// "with Fidanza" when the delivery just made names it (the newest delivered contract).
function affiliateWith(view: View, seat: number): string {
  const text = view.prompt?.seat === seat ? view.prompt.text : "";
  for (const s of [Syndicate.FIDANZA, Syndicate.SEMYORKA, Syndicate.ALLMACHT, Syndicate.ANUBIS]) if (text.includes(syndicateNames[s])) return ` with ${syndicateNames[s]}`;
  return "";
}

// `second`: a delivery's reward ship system or crew member kept in the captain's log (-1)
// rather than installed (the choice without it, named so when both are offered).
function chooseLabel(option: number, kind: PromptKind | undefined, view: View, name: (id: number) => string, seat?: number, second?: number): string {
  switch (kind) {
    case PromptKind.PLACE_CARD:
      // Bays are numbered from 0 on the wire and from 1 on the ship sheet.
      return option < 0 ? "Put it in the captain's log" : `Install it in bay ${option + 1}`;
    case PromptKind.PICK_DECK:
      // Options are colours counted from 0 (green), the Colour enum less one.
      return `Draw from the ${colourNames[(option + 1) as Colour] || `deck ${option + 1}`} deck`;
    case PromptKind.PICK_NUMBER:
      return `Choose ${option}`;
    case PromptKind.DISCARD:
      return `Discard ${name(option)}`;
    case PromptKind.PICK_CARD: {
      if (second === -1) return `Keep ${name(option)} in the captain's log`;
      const toLog = view.legalActions.some((x) => x.seat === seat && x.kind === ActionKind.CHOOSE && x.args[0] === option && x.args[1] === -1);
      return toLog ? `Keep ${name(option)} and install it` : `Keep ${name(option)}`;
    }
    default:
      return view.prompt?.cards.some((c) => c.id === option) ? `Choose ${name(option)}` : `Choose ${option}`;
  }
}

// What passing does under each prompt that allows it (the proto's PromptKind notes): an
// optional pick keeps nothing, a harmful encounter strikes.
const passUnderPrompt: Partial<Record<PromptKind, string>> = {
  [PromptKind.PICK_CARD]: "Keep none",
  [PromptKind.ENCOUNTER_CHOICE]: "Let it happen",
};

function passLabel(view: View, kind: PromptKind | undefined): string {
  if (kind !== undefined && kind !== PromptKind.PROMPT_NONE) return passUnderPrompt[kind] ?? "Pass";
  // A fight's repair step (no prompt): passing ends your repairs, or heals in a melee.
  const f = view.fight;
  if (f && f.kind !== FightKind.FIGHT_NONE && f.step === FightStep.REPAIRING) return f.kind === FightKind.SHIP_COMBAT || f.kind === FightKind.PIRATES ? "Done repairing" : "Done healing";
  // Passing in the Dockyard leaves it, which ends the Movement but for Semyorka's affiliates.
  const docked = view.ships.find((x) => x.seat === view.activeSeat && x.inDockyard);
  if (docked) return docked.affiliation === Syndicate.SEMYORKA ? "Leave the Dockyard" : "Leave the Dockyard and end your Movement";
  if (view.phase === Phase.MOVEMENT) return "End your Movement";
  if (view.phase === Phase.DELIVERY) return "End your Delivery";
  return "Pass";
}

export function proposeLabel(action: Action, view: View, seatName: (seat: number) => string, idx = cardIndex(view)): string {
  return `Offer ${seatName(action.args[0])} ${proposalTerms(action, view, seatName, idx)}`;
}

// A proposal's two sides: "your Medkit for the face-down card in Bob's storage locker".
// A card of either side is told apart from the same-named cards the seat could offer or
// ask for instead, as the trade dialog's choices are.
export function proposalTerms(action: Action, view: View, seatName: (seat: number) => string, idx = cardIndex(view)): string {
  const [to, give, take, give2] = action.args;
  const offers = view.legalActions.filter((x) => x.seat === action.seat && x.kind === ActionKind.PROPOSE);
  const mine = offers.flatMap((x) => [x.args[1], x.args[3] ?? 0]);
  const theirsAll = offers.filter((x) => x.args[0] === to).map((x) => x.args[2]);
  const gives = [give, give2].filter((x) => x).map((id) => distinctName(view, id, mine, seatName, idx));
  const yours = gives.length ? `your ${gives.join(" and ")}` : "nothing";
  const theirs = take < 0 ? hiddenCardName(view, to, -take - 1, seatName) : take ? `their ${distinctName(view, take, theirsAll, seatName, idx)}` : "nothing";
  return `${yours} for ${theirs}`;
}

// The heading above the moves: the prompt's text for the seat that must answer it, what
// others are waiting for, or the phase's question.
// A fight step's question to the seat it asks, and what the others wait for.
function fightAsks(step: FightStep, melee: boolean): string {
  switch (step) {
    case FightStep.EQUIPPING: return melee ? "equip your crew from your weapons locker, then go on to the fight." : "equip from your weapons locker, then go on to the fight.";
    case FightStep.ALLOCATING: return "place the damage your side takes.";
    case FightStep.REPAIRING: return melee ? "heal your crew with what you carry, or go on." : "repair your ship's systems with what you carry, or go on.";
    case FightStep.ATTACKER_DECIDES: return "fight another round, or end the fight.";
    case FightStep.DEFENDER_DECIDES: return "try to escape, or stay for another round.";
    case FightStep.PILLAGING: return "take what you won.";
    default: return "your move in the fight.";
  }
}

function fightWaits(step: FightStep, melee: boolean): string {
  switch (step) {
    case FightStep.EQUIPPING: return "equip";
    case FightStep.ALLOCATING: return "place their damage";
    case FightStep.REPAIRING: return melee ? "heal their crew" : "repair their ship";
    case FightStep.ATTACKER_DECIDES: return "decide whether to fight on";
    case FightStep.DEFENDER_DECIDES: return "decide whether to escape";
    case FightStep.PILLAGING: return "take what they won";
    default: return "move";
  }
}

// A fight in progress (the view keeps the turn's last one, over, with no step).
export function fightUnderWay(view: View): boolean {
  return !!view.fight && view.fight.kind !== FightKind.FIGHT_NONE && view.fight.step !== FightStep.FIGHT_STEP_NONE;
}

export function decisionHeading(view: View, viewer: number | null, seatName: (seat: number) => string): string {
  if (view.outcome?.over) return "";
  const p = view.prompt;
  if (p && p.kind !== PromptKind.PROMPT_NONE) {
    // The engine's text may name seats ("{seat:1}'s attack").
    const text = fillSeats(p.text, seatName);
    if (p.seat === viewer) return text || "Choose.";
    return `Waiting for ${seatName(p.seat)}${text ? `: ${text}` : ""}`;
  }
  const mine = viewer !== null && view.legalActions.some((a) => a.seat === viewer);
  const phase = phaseNames[view.phase];
  const f = view.fight;
  if (mine && f && f.kind === FightKind.SHIP_COMBAT && f.step === FightStep.ATTACKER_DECIDES && f.attacker === viewer) {
    // Every choice offered (boarding and holding an ambushed ship come after a failed escape);
    // with only "End the combat" offered, say why: the rules allow no round that can do nothing.
    const presses = new Set(view.legalActions.filter((a) => a.seat === viewer && a.kind === ActionKind.PRESS).map((a) => a.args[0]));
    if ([...presses].some((p) => p !== 0)) {
      const choices = [2, 3, 1, 0].filter((p) => presses.has(p)).map((p) => pressLabels[p].replace(/^./, (c) => c.toLowerCase()));
      return `Ship combat: ${choices.length > 1 ? `${choices.slice(0, -1).join(", ")}, or ${choices.at(-1)}` : choices[0]}.`;
    }
    return f.lastRound && f.round >= f.lastRound
      ? "Ship combat: that was the last round, so the combat ends."
      : "Ship combat: your attack cannot get through their defence, so the combat ends.";
  }
  // Any other step of a fight in progress: the fight's question, not the phase's, and whom it
  // waits for (the seats asked, not the active seat: a defender equips in another's Movement).
  if (f && fightUnderWay(view)) {
    const melee = f.kind === FightKind.BOARDING || f.kind === FightKind.BRAWL_FIGHT;
    if (mine) return `${fightNames[f.kind]}: ${fightAsks(f.step, melee)}`;
    const acting = view.ships.filter((x) => x.toAct && x.seat !== viewer).map((x) => seatName(x.seat));
    if (acting.length) return `${fightNames[f.kind]}: waiting for ${acting.join(" and ")} to ${fightWaits(f.step, melee)}.`;
  }
  // Asked to answer an offer in another seat's Movement: that, not "Your Movement", is the question.
  const offer = viewer !== null && viewer !== view.activeSeat
    ? view.offers.find((o) => o.to === viewer && view.legalActions.some((a) => a.seat === viewer && a.kind === ActionKind.ACCEPT && a.args[0] === o.id))
    : undefined;
  if (offer) return `${seatName(offer.from)} offers you a trade: accept or decline it.`;
  const docked = view.ships.find((x) => x.seat === view.activeSeat && x.inDockyard);
  if (docked && !mine) return `${phase}: ${seatName(view.activeSeat)} is visiting the Dockyard.`;
  if (mine) {
    if (docked) return "Your Dockyard visit: return ship systems or crew, view two green cantina cards, install from your captain's log or reveal a contract, in that order — then leave the Dockyard.";
    if (view.phase === Phase.MOVEMENT) return "Your Movement: move, pick up a contract, trade, visit the Dockyard or attack — then end your Movement.";
    if (view.phase === Phase.DELIVERY) {
      const held = view.ships.find((s) => s.seat === view.activeSeat)?.heldCargo;
      // Listed first and alone (the engine's rule): the stolen cargo with no bay to store it.
      if (held && view.legalActions.some((a) => a.kind === ActionKind.DELIVER || a.kind === ActionKind.BURY) && !view.legalActions.some((a) => a.kind === ActionKind.PASS))
        return `Your Delivery: you hold the stolen ${held.name || "cargo"} with no open bay for it, so deliver or bury it first.`;
      return "Your Delivery: deliver or bury a cargo at one of its delivery locations, or end your Delivery.";
    }
    return `Your ${phase}.`;
  }
  return `${phase}: waiting for ${seatName(view.activeSeat)}.`;
}

// The Dockyard roll that opened this turn (the 1st Player rolls at the end of every turn, so
// the newest "Dockyard" roll in View.dice is the last one), while the turn's Encounter and
// Movement are under way: where the Dockyard now is, said where the player looks (the move
// panel) and marked on the map. View.dockyard is where it stands now.
export function dockyardNews(view: View): { roll: DiceRoll; moved: boolean; place: string } | undefined {
  if (view.turn < 2 || (view.phase !== Phase.ENCOUNTER && view.phase !== Phase.MOVEMENT)) return undefined;
  const rolls = view.dice.filter((r) => /^dockyard$/i.test(r.purpose));
  if (!rolls.length) return undefined;
  const roll = rolls.reduce((a, b) => (b.number > a.number ? b : a));
  return { roll, moved: /moves/i.test(roll.result), place: placeName(view, view.dockyard) };
}

export function dockyardNewsText(news: { roll: DiceRoll; moved: boolean; place: string }, seatName: (seat: number) => string): string {
  const who = news.roll.seat >= 0 ? seatName(news.roll.seat) : "The 1st Player";
  const face = news.roll.faces.join(" and ");
  return news.moved
    ? `Dockyard roll: ${who} rolled ${face}, so the Dockyard moved to ${news.place} (marked D on the map).`
    : `Dockyard roll: ${who} rolled ${face}, so the Dockyard stays at ${news.place}.`;
}

// Health of a crew or state of a system, in words.
export function damageWord(c: Card): string {
  if (!c.damage) return "";
  if (c.kind === CardKind.CREW) return c.damage >= 2 ? "disabled" : "injured";
  return "disabled";
}
