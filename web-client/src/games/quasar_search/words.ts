// Quasar Search in players' words, from the view alone (pure, unit-tested): phase and
// Target names, card names (a card this viewer may not identify is never named), one label
// per legal action and the heading of the decision at hand. The engine's Prompt carries
// its own words (Prompt.text, Choice.label); the table prefers them and falls back on
// what the view says of the cards.
import type { Action } from "../../gen/starport/v1/common_pb.js";
import { fillSeats } from "../../kit/words.js";
import {
  ActionKind,
  BoonOutcome,
  DrawZone,
  PromptKind,
  Step,
  TargetKind,
  type Choice,
  type PlayerCard,
  type Seat,
  type View,
} from "../../gen/starport/v1/quasar_search_pb.js";

export const gameId = "quasar_search";

export const stepNames: Record<number, string> = {
  [Step.STEP_UNSPECIFIED]: "Setup",
  [Step.MISSION_SETUP]: "Mission Setup",
  [Step.PLAYER_SETUP]: "Player Setup",
  [Step.ACT_SETUP]: "Act Setup",
  [Step.ACT_START]: "Act Start",
  [Step.CHALLENGE_SETUP]: "Challenge Setup",
  [Step.CHALLENGE_START]: "Challenge Start",
  [Step.PRE_CONFRONTATION]: "Pre-Confrontation",
  [Step.CONFRONTATION]: "Confrontation",
  [Step.PRE_RESOLUTION]: "Pre-Resolution",
  [Step.RESOLUTION]: "Resolution",
  [Step.PRE_CLEANUP]: "Pre-Cleanup",
  [Step.CLEANUP]: "Cleanup",
  [Step.ACT_RESOLUTION]: "Act Resolution",
  [Step.SHIP_PHASE]: "Ship Phase",
  [Step.ACT_CLEANUP]: "Act Cleanup",
  [Step.MISSION_RESOLUTION]: "Mission Resolution",
};

export const targetNames: Record<number, string> = {
  [TargetKind.TARGET_NONE]: "No Target",
  [TargetKind.ALL_OUT]: "All-Out",
  [TargetKind.NOBODY_LEFT_BEHIND]: "Nobody Left Behind",
  [TargetKind.THREAD_THE_NEEDLE]: "Thread the Needle",
  [TargetKind.STAND_TOGETHER]: "Stand Together",
  [TargetKind.SPEARHEAD]: "Spearhead",
  [TargetKind.ALL_DIFFERENT]: "All Different",
  [TargetKind.LOW_PROFILE]: "Low Profile",
  [TargetKind.SPLIT_DECISION]: "Split Decision",
};

// What each Target asks, for its tooltip (docs/rules/quasar_search.md, "Targets").
export const targetTips: Record<number, string> = {
  [TargetKind.TARGET_NONE]: "This Challenge has no Target of its own.",
  [TargetKind.ALL_OUT]: "All-Out N: the Confrontation's total value is at least N.",
  [TargetKind.NOBODY_LEFT_BEHIND]: "Nobody Left Behind N: the lowest value is at least N; a card without a value (Lost in Space) fails it.",
  [TargetKind.THREAD_THE_NEEDLE]: "Thread the Needle N: the total value is exactly N.",
  [TargetKind.STAND_TOGETHER]: "Stand Together: every card has the same value; a card without a value fails it.",
  [TargetKind.SPEARHEAD]: "Spearhead N: the highest value is at least N (Lost in Space is never the highest).",
  [TargetKind.ALL_DIFFERENT]: "All Different: no two cards have the same value (Lost in Space equals nothing).",
  [TargetKind.LOW_PROFILE]: "Low Profile N: the total value is at most N.",
  [TargetKind.SPLIT_DECISION]: "Split Decision N: at least N cards have an odd value (no value is not odd).",
};

export const boonNames: Record<number, string> = {
  [BoonOutcome.LEARN_LESSON]: "Learn 1 Lesson",
  [BoonOutcome.START_PROJECT]: "Start a Project",
  [BoonOutcome.GAIN_GLORY]: "Gain 1 Glory",
};

export const zoneNames: Record<number, string> = {
  [DrawZone.DRAW_DECK]: "your Deck",
  [DrawZone.DRAW_WARP]: "your Warp Zone",
  [DrawZone.DRAW_DISCARD]: "your Discard Zone",
};

// "All-Out 14": the Challenge's own words, else its kind and number.
export function targetLine(target: TargetKind, number: number, text = ""): string {
  if (text) return text;
  const name = targetNames[target] ?? "Target";
  const numbered = target !== TargetKind.STAND_TOGETHER && target !== TargetKind.ALL_DIFFERENT && target !== TargetKind.TARGET_NONE;
  return numbered ? `${name} ${number}` : name;
}

// A signed number as players write it: "+2", "−1", "0".
export function signed(n: number): string {
  return n > 0 ? `+${n}` : numeral(n);
}

// A value as printed, its minus the typographic one ("−2", as in "Shift −3"; a Shift may take
// a value below 0).
export function numeral(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

// A card's value as shown: "no value" for Lost in Space, else the current value (after
// Shifts and bonuses) and, when it differs, the printed one.
export function valueText(c: PlayerCard): string {
  if (!c.hasValue || c.lostInSpace) return "no value";
  return c.current !== c.value ? `${numeral(c.current)} (printed ${numeral(c.value)})` : numeral(c.value);
}

// A card's name as this viewer may know it: a card without an id and a name is one the
// viewer may not identify (the server never sends those in practice) — never named.
export function cardName(c: PlayerCard | undefined): string {
  if (!c || (!c.name && !c.lostInSpace)) return "a face-down card";
  return c.lostInSpace && !c.name ? "Lost in Space" : c.name;
}

// Every card the view shows this viewer, by id: the prompt's choices, hands, Personal
// Zones, Warp Zones, Faction cards, discard tops and the revealed Confrontation.
export function cardIndex(view: View): Map<number, PlayerCard> {
  const m = new Map<number, PlayerCard>();
  const add = (c: PlayerCard | undefined) => {
    if (c && c.id && !m.has(c.id)) m.set(c.id, c);
  };
  for (const ch of view.prompt?.choices ?? []) add(ch.card);
  for (const s of view.seats) {
    for (const c of s.hand) add(c);
    for (const p of s.personal) add(p.card);
    for (const c of s.warp) add(c);
    add(s.factionCard);
    add(s.discardTop);
  }
  for (const c of view.confrontation) add(c.card);
  return m;
}

// The prompt's choice an action answers (same kind, same arguments), if the prompt lists it.
export function choiceFor(view: View, a: Action): Choice | undefined {
  const p = view.prompt;
  if (!p || p.seat !== a.seat) {
    // Rank and Confrontation prompts ask every seat at once: their choices are the viewer's.
    if (!p || (p.kind !== PromptKind.PROMPT_RANK && p.kind !== PromptKind.PROMPT_CONFRONT)) return undefined;
  }
  return p.choices.find((c) => c.kind === a.kind && c.value === (a.args[0] ?? 0) && (a.args.length < 2 || c.arg2 === a.args[1]));
}

function seatOf(view: View, seat: number): Seat | undefined {
  return view.seats.find((s) => s.seat === seat);
}

// The card a legal action is about, if any (CONFRONT, TRIGGER, PICK: args[0]; DRAW_FROM
// from the Warp Zone: args[1]).
export function actionCard(view: View, a: Action): PlayerCard | undefined {
  const ch = choiceFor(view, a);
  if (ch?.card && ch.card.id) return ch.card;
  const id = a.kind === ActionKind.DRAW_FROM ? a.args[1] : a.kind === ActionKind.CONFRONT || a.kind === ActionKind.TRIGGER || a.kind === ActionKind.PICK ? a.args[0] : 0;
  if (!id) return undefined;
  if (a.kind === ActionKind.TRIGGER) {
    const s = seatOf(view, a.seat);
    if (s?.factionCard?.id === id) return s.factionCard;
  }
  return cardIndex(view).get(id);
}

const withValue = (c: PlayerCard) => (c.hasValue && !c.lostInSpace ? `${cardName(c)} (${numeral(c.current)})` : cardName(c));

// A confronting card's value stays within -10 and 10 whatever Shifts it (the engine's bounds).
const clampValue = (v: number) => Math.min(10, Math.max(-10, v));

// Whether the Challenge's Target is met by the confronting cards' values (null: a card with
// no value, Lost in Space), judged as the engine judges it (engine/quasar_search/rules.cpp).
export function targetMet(target: TargetKind, number: number, values: readonly (number | null)[]): boolean {
  const valued = values.filter((v): v is number => v !== null);
  const lost = valued.length < values.length;
  const total = valued.reduce((a, b) => a + b, 0);
  switch (target) {
    case TargetKind.ALL_OUT: return total >= number;
    case TargetKind.NOBODY_LEFT_BEHIND: return !lost && valued.length > 0 && Math.min(...valued) >= number;
    case TargetKind.THREAD_THE_NEEDLE: return total === number;
    case TargetKind.STAND_TOGETHER: return !lost && valued.every((v) => v === valued[0]);
    case TargetKind.SPEARHEAD: return valued.length > 0 && Math.max(...valued) >= number;
    case TargetKind.ALL_DIFFERENT: return new Set(valued).size === valued.length;
    case TargetKind.LOW_PROFILE: return total <= number;
    case TargetKind.SPLIT_DECISION: return valued.filter((v) => v % 2 !== 0).length >= number;
    default: return false;
  }
}

// What a Shift choice makes of the Target as the table stands (a play-test added up the
// team's values on a phone, a screen away from the buttons): ": total 11, All-Out 10 met".
// Nothing when a confronting card is not yet shown to the viewer.
function shiftOutlook(view: View, seat: number, value: number | undefined): string {
  const ch = view.challenge;
  if (!ch || ch.target === TargetKind.TARGET_NONE || view.confrontation.some((c) => !c.card)) return "";
  const values = view.confrontation.map((c) => (c.seat === seat ? (value ?? null) : c.card!.hasValue ? c.card!.current : null));
  const summed = ch.target === TargetKind.ALL_OUT || ch.target === TargetKind.THREAD_THE_NEEDLE || ch.target === TargetKind.LOW_PROFILE;
  const total = values.reduce<number>((a, v) => a + (v ?? 0), 0);
  return `: ${summed ? `total ${numeral(total)}, ` : ""}${targetLine(ch.target, ch.number, ch.targetText)} ${targetMet(ch.target, ch.number, values) ? "met" : "missed"}`;
}

// One label per legal action, from the view alone.
export function actionLabel(a: Action, view: View, seatName: (seat: number) => string): string {
  const found = choiceFor(view, a);
  // The engine's words may name seats as "{seat:N}" (as log lines do).
  const ch = found ? { ...found, label: fillSeats(found.label, seatName) } : undefined;
  const card = actionCard(view, a);
  const prompt = view.prompt;
  switch (a.kind) {
    case ActionKind.RESIGN:
      return "Resign: abandon the Mission (the whole team loses)";
    case ActionKind.CHOOSE_RANK:
      // args[0] is the card's place among the Faction's Rank cards (used ones included), not
      // in Seat.ranks (only those left): the prompt's choice says which Rank it is.
      return ch?.label ? `Choose ${/^rank\b/i.test(ch.label) ? ch.label : `Rank ${ch.label}`}` : `Choose Rank card ${a.args[0] + 1}`;
    case ActionKind.CONFRONT:
      if (card) return `Confront with ${withValue(card)}`;
      return ch?.label ? `Confront: ${ch.label}` : "Confront with a new Lost in Space";
    case ActionKind.TRIGGER:
      return `Trigger ${card ? cardName(card) : "a card"}: ${triggerWords(a, view)}`;
    case ActionKind.PASS:
      if (prompt?.kind === PromptKind.PROMPT_TRIGGERS) return "Pass: no more Triggered effects this phase";
      if (prompt?.kind === PromptKind.PROMPT_WARP) return "Stop: Warp no more cards";
      if (prompt?.kind === PromptKind.PROMPT_BOON) return "Take no Boon outcome";
      return prompt?.optional ? "Decline" : "Pass";
    case ActionKind.ORDER:
      return ch?.label ? `Resolve next: ${orderWords(ch.label)}` : `Resolve next: effect ${a.args[0] + 1}`;
    case ActionKind.BOON:
      return boonLabel(a, view, ch?.label ?? "");
    case ActionKind.SHIFT: {
      const n = a.args[0];
      const mine = view.confrontation.find((c) => c.seat === a.seat)?.card;
      const value = mine && mine.hasValue ? clampValue(mine.current + n) : undefined;
      const to = value !== undefined ? ` (to ${numeral(value)})` : "";
      return `${n === 0 ? "Do not Shift (0)" : `Shift ${signed(n)}${to}`}${shiftOutlook(view, a.seat, value)}`;
    }
    case ActionKind.DRAW_FROM: {
      const zone = zoneNames[a.args[0]] ?? "another zone";
      if (a.args[0] === DrawZone.DRAW_WARP && card) return `Draw ${cardName(card)} from ${zone}`;
      if (a.args[0] === DrawZone.DRAW_DISCARD && card) return `Draw ${cardName(card)} from the top of ${zone}`;
      return `Draw from ${zone}`;
    }
    case ActionKind.PICK: {
      const what = card ? withValue(card) : "a card";
      switch (pickVerb(view)) {
        case "Warp": return `Warp ${what}`;
        case "Discard": return `Discard ${what}`;
        case "Start": return `Start ${what} as an Active Project`;
        case "Stockpile": return `Stockpile ${what} (to the bottom of your Deck)`;
        default: return `Choose ${what}`;
      }
    }
    case ActionKind.DECIDE:
      return ch?.label || `Option ${a.args[0] + 1}`;
    default:
      return ch?.label || `Move ${a.kind}`;
  }
}

// An effect's words without the phase it belongs to ("PRE-RESOLUTION | Consume 2 Energy:
// You Shift 2" → "Consume 2 Energy: You Shift 2"): a button is pressed in that phase, and
// what it costs and does is what the player weighs.
export function effectWords(text: string): string {
  return text.replace(/^[A-Z][A-Z -]*\s*\|\s*/, "");
}

// An effect waiting for the Team Leader's order, as the engine words it ("Bea's Cantor: Ada
// — PRE-CLEANUP | If successful: Each player gains 1 Glory": the card, whose it is, and the
// player it acts for), without the phase (every effect waiting to be ordered belongs to the
// phase under way): "Bea's Cantor — for Ada: If successful: Each player gains 1 Glory".
// Words of another shape lose only a phase prefix.
export function orderWords(label: string): string {
  const m = /^(.*?): (.+?) — (.*)$/.exec(label);
  if (m) return `${m[1]} — for ${m[2]}: ${effectWords(m[3])}`;
  return label.replace(/(^|: |— )[A-Z][A-Z -]*\s*\|\s*/, "$1");
}

// The effect (and its cost) a TRIGGER performs: the card's effect args[1], else the prompt's
// words; a free one without the card's "You may:" (pressing the button is the choosing).
export function triggerWords(a: Action, view: View): string {
  const effect = actionCard(view, a)?.effects[a.args[1]];
  const label = choiceFor(view, a)?.label ?? "";
  return effectWords(effect?.text || label.slice(label.indexOf(": ") + 2) || "its Triggered effect").replace(/^You may: /, "");
}

// A Boon outcome as players would say it: the card a Lesson would be (the top of the
// Discard Zone, else the Deck's hidden top), and where a declared outcome comes from.
function boonLabel(a: Action, view: View, label: string): string {
  const me = seatOf(view, a.seat);
  switch (a.args[0]) {
    case BoonOutcome.LEARN_LESSON:
      return me?.discardTop ? `Learn 1 Lesson: ${cardName(me.discardTop)} (top of your Discard Zone)` : "Learn 1 Lesson: the top card of your Deck";
    case BoonOutcome.START_PROJECT: {
      // One Project in the Hand is the one started; with more, the next prompt asks which.
      const projects = me?.hand.filter((c) => c.project) ?? [];
      return projects.length === 1 ? `Start a Project: ${cardName(projects[0])}` : "Start a Project from your hand (you pick which next)";
    }
    case BoonOutcome.GAIN_GLORY:
      return boonNames[BoonOutcome.GAIN_GLORY];
  }
  if (!label) return `Boon outcome ${a.args[0] - 100 + 1}`;
  return `Boon: ${effectWords(label)}${boonSource(view, a.seat, label)}`;
}

// " (from Hymn of Return)": the seat's card in play, or the Challenge, that declares this outcome.
function boonSource(view: View, seat: number, label: string): string {
  const me = seatOf(view, seat);
  const inPlay = [me?.factionCard, ...(me?.personal.map((p) => p.card) ?? []), view.confrontation.find((c) => c.seat === seat)?.card];
  const card = inPlay.find((c) => c?.effects.some((e) => e.text === label));
  if (card) return ` (from ${cardName(card)})`;
  if (view.challenge?.effects.some((e) => e.text === label)) return ` (from the Challenge ${view.challenge.name})`;
  return "";
}

// What a PICK does: the engine asks with PROMPT_WARP, or PROMPT_STOCKPILE for every other
// pick from the hand (Stockpile, a discard, the Project a Boon starts), which its words
// tell apart.
export function pickVerb(view: View): "Warp" | "Discard" | "Start" | "Stockpile" | "Choose" {
  const p = view.prompt;
  if (p?.kind === PromptKind.PROMPT_WARP) return "Warp";
  const text = p?.text ?? "";
  if (/^discard\b/i.test(text)) return "Discard";
  if (/\bproject\b/i.test(text)) return "Start";
  if (/stockpile/i.test(text) || (p?.kind === PromptKind.PROMPT_STOCKPILE && !text)) return "Stockpile";
  return "Choose";
}

// The decision heading for the viewer: the prompt's words when it asks the viewer,
// otherwise who the table waits for.
export function decisionHeading(view: View, viewer: number | null, seatName: (seat: number) => string): string {
  if (view.outcome?.over || view.step === Step.MISSION_RESOLUTION) return view.endingLetter ? `The Mission ends: Ending ${view.endingLetter}${view.endingTitle ? ` — ${view.endingTitle}` : ""}.` : "The Mission is over.";
  const p = view.prompt;
  const mine = viewer !== null && view.legalActions.some((a) => a.seat === viewer);
  const waiting = view.seats.filter((s) => s.toAct && s.seat !== viewer).map((s) => seatName(s.seat));
  if (p && p.kind !== PromptKind.PROMPT_NONE) {
    const text = p.text || promptWords[p.kind] || "";
    if (mine) return fillSeats(text, seatName);
    if (p.kind === PromptKind.PROMPT_RANK || p.kind === PromptKind.PROMPT_CONFRONT) {
      const what = p.kind === PromptKind.PROMPT_RANK ? "a Rank card" : "a card to confront with";
      return waiting.length ? `Waiting for ${joinList(waiting)} to choose ${what} in secret.` : `Everyone has chosen ${what}.`;
    }
    return `Waiting for ${seatName(p.seat)} ${othersWords[p.kind] ?? "to decide"}.`;
  }
  if (mine) return `${stepNames[view.step] ?? "Your move"}: your move.`;
  return waiting.length ? `Waiting for ${joinList(waiting)}.` : "";
}

const promptWords: Record<number, string> = {
  [PromptKind.PROMPT_RANK]: "Choose your Rank card for this Act, in secret: every Rank turns face up when the last seat has chosen.",
  [PromptKind.PROMPT_CONFRONT]: "Confront the Challenge: choose one card in secret; the Confrontation is revealed when everyone has chosen.",
  [PromptKind.PROMPT_TRIGGERS]: "Perform a Triggered effect, or pass.",
  [PromptKind.PROMPT_ORDER]: "As Team Leader, choose which effect resolves next.",
  [PromptKind.PROMPT_BOON]: "You are granted a Boon: choose its outcome.",
  [PromptKind.PROMPT_SHIFT]: "Shift your confronting card: choose the amount.",
  [PromptKind.PROMPT_DRAW]: "Draw: choose where the next card comes from.",
  [PromptKind.PROMPT_STOCKPILE]: "Stockpile: choose the next card to put on the bottom of your Deck.",
  [PromptKind.PROMPT_WARP]: "Warp: choose a card to put in your Warp Zone, or stop.",
  [PromptKind.PROMPT_DECIDE]: "Decide.",
};

// What another seat is deciding, in words that fit "Waiting for Ada …".
const othersWords: Record<number, string> = {
  [PromptKind.PROMPT_TRIGGERS]: "to perform a Triggered effect or pass",
  [PromptKind.PROMPT_ORDER]: "(Team Leader) to choose which effect resolves next",
  [PromptKind.PROMPT_BOON]: "to choose a Boon outcome",
  [PromptKind.PROMPT_SHIFT]: "to choose a Shift",
  [PromptKind.PROMPT_DRAW]: "to choose where to Draw from",
  [PromptKind.PROMPT_STOCKPILE]: "to choose a card from their hand (Stockpile, a discard or a Project)",
  [PromptKind.PROMPT_WARP]: "to Warp",
  [PromptKind.PROMPT_DECIDE]: "to decide",
};

export function promptText(kind: PromptKind, text: string): string {
  return text || promptWords[kind] || "";
}

function joinList(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
