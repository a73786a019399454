// Race to the Terminus in words: step names, card names from the pool, and one label per
// legal action (the move buttons), read from the view alone — nothing here decides a rule.
import type { Action } from "../../gen/starport/v1/common_pb.js";
import type { CardPool, PoolCard } from "../../gen/starport/v1/protocol_pb.js";
import { ActionKind, CardType, LastMove_Kind, PromptKind, Step, type Card, type CascadeEntry, type LastMove, type View } from "../../gen/starport/v1/terminus_pb.js";
import { loadedPool } from "../../decks/pool_cache.js";

export const stepNames: Record<Step, string> = {
  [Step.STEP_UNSPECIFIED]: "Setup",
  [Step.MODULE_DRAFT]: "Module Draft",
  [Step.RECRUIT_DRAFT]: "Recruit Draft",
  [Step.STARTING_SYSTEM]: "Opening: Starting System",
  [Step.MULLIGAN_STEP]: "Opening: mulligan",
  [Step.ENTROPY_STEP]: "Turmoil: Entropy",
  [Step.DESTINY_STEP]: "Turmoil: Destiny",
  [Step.START_STEP]: "Start Step",
  [Step.REGROUP_STEP]: "Regroup Step",
  [Step.PLAY_STEP]: "Play Step",
  [Step.AFTERMATH_STEP]: "Aftermath Step",
  [Step.END_STEP]: "End Step",
  [Step.CLEANUP_STEP]: "Tidy: Cleanup",
  [Step.INITIATIVE_STEP]: "Tidy: Initiative",
  [Step.GAME_OVER]: "Game over",
};

export const typeNames: Record<CardType, string> = {
  [CardType.CARD_TYPE_UNSPECIFIED]: "Card",
  [CardType.MODULE]: "Module",
  [CardType.RECRUIT]: "Recruit",
  [CardType.COMPLICATION]: "Complication",
  [CardType.SYSTEM]: "System",
  [CardType.ACTION]: "Action",
};

export const gameId = "terminus";

// Outcome.reason in words (engine/terminus/rules.cpp and effects.cpp, finish()): "You
// lost: Vega won (reached the Terminus)." Others ("resigned": "after a resignation") keep the kit's default.
const reasons: Record<string, string> = {
  terminus: "reached the Terminus",
  last_standing: "the last Ship in the race",
  no_ship_left: "no Ship left in the race",
  round_limit: "nearest the Terminus at the Round limit",
};

export function reasonWords(reason: string): string | undefined {
  return reasons[reason];
}

export function poolCard(card: Card | undefined, pool: CardPool | undefined = loadedPool(gameId)): PoolCard | undefined {
  if (!card || !card.known) return undefined;
  return pool?.cards[card.index];
}

// A card's name for people: the pool's name, "a face-down Module" for an unknown copy, or
// "card 12" while the pool has not arrived.
export function cardName(card: Card | undefined, pool: CardPool | undefined = loadedPool(gameId)): string {
  if (!card) return "a card";
  if (!card.known) return `a face-down ${typeNames[card.type] === "Card" ? "card" : typeNames[card.type]}`;
  return pool?.cards[card.index]?.name ?? `card ${card.index}`;
}

// Every card this view shows, by its per-copy id (ids are 0 for cards the viewer may not
// identify; those are not listed).
export function cardsById(view: View): Map<number, Card> {
  const m = new Map<number, Card>();
  const put = (c: Card | undefined) => {
    if (c && c.id) m.set(c.id, c);
  };
  for (const s of view.seats) {
    for (const ship of s.ships) {
      put(ship.runabout);
      ship.modules.forEach(put);
      ship.crew.forEach(put);
      put(ship.action);
    }
    s.hand.forEach(put);
    s.discard.forEach(put);
    put(s.startingSystem);
    s.destiny.forEach(put);
    s.legacies.forEach(put);
    s.draftPool.forEach(put);
  }
  for (const sp of view.starChart) put(sp.system);
  view.deadSpace.forEach(put);
  for (const e of view.cascade) put(e.card);
  view.prompt?.cards.forEach(put);
  return m;
}

function nameOf(view: View, id: number, byId = cardsById(view)): string {
  return cardName(byId.get(id));
}

// "Runabout 1" for a detached Ship, "the primary Ship" for the other.
export function shipName(ship: number): string {
  return ship === 0 ? "the primary Ship" : `Runabout ${ship}`;
}

// The button text of a legal action, from the view alone.
export function actionLabel(action: Action, view: View, seatName: (seat: number) => string): string {
  const a = action.args;
  const byId = cardsById(view);
  const name = (id: number) => nameOf(view, id, byId);
  switch (action.kind as ActionKind) {
    case ActionKind.RESIGN:
      return "Resign";
    case ActionKind.DRAFT:
      return `Draft ${name(a[0])}`;
    case ActionKind.START_SYSTEM:
      return a[1] ? `Start at ${name(a[0])}; ${name(a[1])} to the very bottom` : `Start at ${name(a[0])}`;
    case ActionKind.MULLIGAN: {
      if (!a[0]) return "Keep these four";
      const cards = view.prompt?.cards ?? [];
      const out = cards.filter((_, i) => (a[0] >> i) & 1).map((c) => cardName(c));
      return `Replace ${out.length ? out.join(", ") : `${popcount(a[0])} cards`}`;
    }
    case ActionKind.ENTROPY:
      return `Put ${name(a[0])} under your Complication Pile`;
    case ActionKind.PLAY: {
      // [card id, ship, target seat, target ship]: target seat -1 when it aims at no Ship.
      const [id, ship, seat, targetShip] = a;
      let text = `Play ${name(id)}`;
      if (ship > 0) text += ` for ${shipName(ship)}`;
      if (seat >= 0 && seat < view.seats.length) text += ` on ${shipOf(seat, targetShip, seatName)}`;
      return text;
    }
    case ActionKind.PASS:
      if (view.prompt && view.prompt.seat === action.seat && view.prompt.optional) {
        if (view.prompt.kind === PromptKind.FARSIGHT) return "Put the rest back";
        if (view.prompt.kind === PromptKind.PICK_NUMBER && yesNo(view.prompt.options)) return answersIn(view.prompt.text)?.pass ?? "No";
        return view.prompt.kind === PromptKind.PICK_CARD ? "Pass" : "Decline";   // the heading says "…, or pass"
      }
      if (view.cascade.length) return "Pass: add nothing to the Cascade";
      if (view.step === Step.DESTINY_STEP) return "Pass: no Destiny";
      return "Pass";
    case ActionKind.OVERRIDE:
      return `Override with ${name(a[1])}: discard ${name(a[0])}`;
    case ActionKind.ACTIVATE: {
      // [source card id, target seat, target ship]
      const src = byId.get(a[0]);
      const verb = src && !src.faceUp ? "Ambush" : "Exhaust";
      let text = `${verb}: ${name(a[0])}`;
      if (a[1] >= 0 && a[1] < view.seats.length) text += ` on ${shipOf(a[1], a[2], seatName)}`;
      return text;
    }
    case ActionKind.CHOOSE: {
      const p = view.prompt;
      if (p?.kind === PromptKind.PICK_SEAT) return shipCoded(p.text) ? shipOf(Math.floor(a[0] / 4), a[0] % 4, seatName) : seatName(a[0]);
      if (p?.kind === PromptKind.PICK_NUMBER) return yesNo(p.options) ? (a[0] ? answersIn(p.text)?.one ?? "Yes" : "No") : String(a[0]);
      // A card the seat may not identify: -(1 + its place) among the target Ship's cards.
      if (a[0] < 0) return `The face-down card #${-a[0]}`;
      const card = p?.cards.find((c) => c.id === a[0]) ?? byId.get(a[0]);
      if (card) {
        if (p?.kind === PromptKind.DISCARD || p?.kind === PromptKind.FARSIGHT) return `${/^Burn/.test(p.text) ? "Burn" : "Discard"} ${cardName(card)}`;
        if (p?.kind === PromptKind.ORDER) return `Put back ${cardName(card)} next`;
        return cardName(card);
      }
      return `Choose ${a[0]}`;
    }
    case ActionKind.DETACH: {
      const crew = a.slice(1).filter((x) => x > 0).map(name);
      return `Detach ${name(a[0])}${crew.length ? ` with ${crew.join(" and ")}` : " without Crew"}`;
    }
    case ActionKind.REATTACH:
      return `Re-attach ${shipName(a[0])}`;
    case ActionKind.BUSTLE: {
      // The Turn's Steps are skipped for every Ship of the player (docs/rules/terminus.md).
      const out = view.seats.find((s) => s.seat === action.seat)?.ships.some((s) => s.number > 0);
      return a[0] ? `Bustle: add a Module, skip this Turn's Regroup, Play and Aftermath${out ? " (your Runabouts' too)" : ""}` : "Do not Bustle";
    }
  }
  return `Move ${action.kind}`;
}

// "Vega's Ship", "Vega's Runabout 1".
export function shipOf(seat: number, ship: number, seatName: (seat: number) => string): string {
  return `${seatName(seat)}'s ${ship > 0 ? `Runabout ${ship}` : "Ship"}`;
}

// The last move (View.last_move) after its player's name, in the players' words: "detaches
// Scout Skiff", "plays Hard Burn → Vega's Ship", "uses Galley's Override, discarding Hard
// Burn". The engine names no card that is face down after the move, so neither does this.
export function lastMoveWords(m: LastMove, seatName: (seat: number) => string, pool: CardPool | undefined = loadedPool(gameId)): string {
  const card = (fallback: string) => (m.card ? cardName(m.card, pool) : fallback);
  const target = m.targets ? ` → ${shipOf(m.targetSeat, m.targetShip, seatName)}` : "";
  switch (m.kind) {
    case LastMove_Kind.PLAYED: return `plays ${card("a card")}${target}`;
    case LastMove_Kind.ACTIVATED: return `activates ${card("a card")}${target}`;
    case LastMove_Kind.OVERRIDDEN: return `uses ${cardName(m.source, pool)}'s Override${m.card ? `, discarding ${cardName(m.card, pool)}` : ""}`;
    case LastMove_Kind.DETACHED: return `detaches ${card("a Runabout")}`;
    case LastMove_Kind.REATTACHED: return `re-attaches ${card("a Runabout")}`;
    case LastMove_Kind.TARGETED: return `aims ${cardName(m.source, pool)}${target}`;
    case LastMove_Kind.CHOSE: return `chooses ${card("a face-down card")}${m.source ? ` for ${cardName(m.source, pool)}` : ""}`;
    case LastMove_Kind.DISCARDED: return `discards ${card("a card")}`;
    case LastMove_Kind.BURNED: return `burns ${card("a card")}`;
    case LastMove_Kind.WEAPON: return `answers with a Weapon, disabling ${card("a Module")}`;
    case LastMove_Kind.ADDED: return `adds ${card("a face-down Module")} to the Ship`;
    default: {
      // A view without a kind names what it has.
      const what = [m.source ? cardName(m.source, pool) : "", m.card ? cardName(m.card, pool) : ""].filter((w) => w).join(", ");
      return `${what ? `· ${what}` : ""}${target}`.trim();
    }
  }
}

// Whether a Cascade entry aims at a Ship (the engine's `targets`; target_seat 0 alone is
// also the wire's "none"). The player's own seat is never one.
export function entryTargets(entry: CascadeEntry): boolean {
  return entry.targets && entry.targetSeat !== entry.seat;
}

// A PICK_SEAT prompt whose options name Ships as seat * 4 + ship.
function shipCoded(text: string): boolean {
  return /seat \* 4/.test(text);
}

// A yes/no question: its options are 1 (and 0); PASS says no when 0 is absent.
function yesNo(options: readonly number[]): boolean {
  return options.length > 0 && options.every((o) => o === 0 || o === 1);
}

// A question whose text says what each answer does, "… at the bottom (1) or keep it (pass)":
// the buttons say it too, instead of Yes and No.
function answersIn(text: string): { one: string; pass: string } | undefined {
  const m = /(?:^|:\s*)([^:]+?)\s*\(1\)\s*or\s+(.+?)\s*\(pass\)/.exec(text);
  return m ? { one: capitalized(m[1]), pass: capitalized(m[2]) } : undefined;
}

function capitalized(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// A prompt's text for people: the engine's hints on how to answer ("(1 yes, pass no)",
// "(seat * 4 + ship)") are the buttons' business.
export function promptText(text: string): string {
  return text.replace(/\s*\((?:1|pass|1 yes, pass no|seat \* 4 \+ ship)\)/g, "").replace(/\s+([?.,:])/g, "$1").trim();
}

function popcount(n: number): number {
  let c = 0;
  for (let x = n >>> 0; x; x &= x - 1) c++;
  return c;
}

// The question before the viewer, or what everyone is waiting for, in one sentence.
export function decisionHeading(view: View, viewer: number | null, seatName: (seat: number) => string): string {
  if (view.outcome?.over) return "";
  const mine = viewer !== null && view.legalActions.some((a) => a.seat === viewer);
  if (view.prompt && view.prompt.text) {
    const text = promptText(view.prompt.text);
    return view.prompt.seat === viewer ? text : `${seatName(view.prompt.seat)} is choosing: ${theirs(text, seatName(view.prompt.seat))}`;
  }
  if (view.cascade.length) {
    const asked = view.asked.includes(viewer ?? -1);
    if (asked && mine) return "The Cascade is open: respond with a Complication or an “at any time” ability, or pass.";
    return `The Cascade is open: waiting for ${seatName(view.priority)} to respond or pass.`;
  }
  switch (view.step) {
    case Step.MODULE_DRAFT:
    case Step.RECRUIT_DRAFT: {
      const kind = view.step === Step.MODULE_DRAFT ? "Module" : "Recruit";
      if (mine) return `${stepNames[view.step]}, pick ${view.draftRound} of 3: choose a ${kind} in secret; every pick turns face up when the last seat has picked.`;
      return `${stepNames[view.step]}, pick ${view.draftRound} of 3: waiting for ${waitingFor(view, seatName)}.`;
    }
    case Step.STARTING_SYSTEM:
      return mine ? "Choose your Starting System among the top three; one of the others goes to the very bottom." : `Waiting for ${waitingFor(view, seatName)} to choose a Starting System.`;
    case Step.MULLIGAN_STEP:
      return mine ? "Your opening hand: keep it, or replace any number of the four once." : `Waiting for ${waitingFor(view, seatName)} to keep or mulligan.`;
    case Step.ENTROPY_STEP:
      return mine ? "Entropy: put one Complication from your hand under your Complication Pile." : `Entropy: waiting for ${waitingFor(view, seatName)}.`;
    case Step.DESTINY_STEP:
      return mine ? `Destiny: you may ${responseChoices(view, viewer)}.` : `Destiny: waiting for ${waitingFor(view, seatName)}.`;
  }
  // The window at the end of a Play Step (the engine opens it as the Aftermath begins):
  // asked seats may play a Complication before the Turn goes on.
  if (view.asked.length && view.hasActive) {
    const whose = view.activeSeat === viewer ? "Your" : `${seatName(view.activeSeat)}'s`;
    if (mine) return `${whose} Play Step is over: you may ${responseChoices(view, viewer)}.`;
    return `${whose} Play Step is over: waiting for ${seatName(view.priority)} to play a Complication or pass.`;
  }
  if (mine && view.hasActive && view.activeSeat === viewer) {
    // With a Runabout out, each Ship plays in turn: say which one plays now (its buttons say
    // "for Runabout 1", easy to miss on a phone).
    const ships = new Set(view.legalActions.filter((a) => a.seat === viewer && a.kind === ActionKind.PLAY).map((a) => a.args[1]));
    const out = view.seats.find((s) => s.seat === viewer)?.ships.some((s) => s.number > 0);
    if (view.step === Step.PLAY_STEP && out && ships.size === 1) return `Your Turn, Play Step: choose ${shipName([...ships][0])}'s Action.`;
    return `Your Turn, ${stepNames[view.step]}: choose what to do.`;
  }
  if (mine) return "Your decision.";
  if (view.hasActive) return `${seatName(view.activeSeat)}'s Turn: ${stepNames[view.step]}.`;
  return "";
}

// What a response window offers the viewer, in words that match its buttons: "play a
// Complication or use an “at any time” ability, or pass"; a Destiny Complication on offer
// is named (only the Destiny Step's window allows one).
function responseChoices(view: View, viewer: number | null): string {
  const mine = view.legalActions.filter((a) => a.seat === viewer);
  const byId = cardsById(view);
  const plays = mine.filter((a) => a.kind === ActionKind.PLAY).map((a) => byId.get(a.args[0]));
  const destiny = plays.some((c) => poolCard(c)?.tags.includes("Destiny"));
  const ways = [
    plays.length ? (destiny ? "play a Destiny or another Complication" : "play a Complication") : "",
    mine.some((a) => a.kind === ActionKind.ACTIVATE) ? "use an “at any time” ability" : "",
  ].filter(Boolean);
  return ways.length ? `${ways.join(" or ")}, or pass` : "pass";
}

// Another seat's prompt as the others read it: its "your" is the choosing seat's.
function theirs(text: string, name: string): string {
  return text.replace(/\byour\b/gi, `${name}'s`);
}

function waitingFor(view: View, seatName: (seat: number) => string): string {
  const who = view.seats.filter((s) => s.toAct && !s.out).map((s) => seatName(s.seat));
  return who.length ? who.join(", ") : "the others";
}
