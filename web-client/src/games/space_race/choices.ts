// The view's legal actions as choices in the players' words: what each button says, the
// line under it, and the group it sits in. Everything comes from the view (its legal
// actions, its Prompt for multi-step abilities, the cards it shows); no rule is decided
// here — a choice exists exactly when the server listed its action.
import type { Action } from "../../gen/starport/v1/common_pb.js";
import {
  ActionKind,
  Phase,
  PromptKind,
  Stage,
  Zone,
  type Card,
  type ControlCard,
  type Seat,
  type View,
} from "../../gen/starport/v1/space_race_pb.js";
import {
  categoryNames,
  levelText,
  opponentName,
  stageNames,
  symbolText,
  zoneFrom,
  zoneTo,
} from "./words.js";

// Where a choice is shown in the move panel.
export type ChoiceGroup = "control" | "ability" | "split" | "card" | "draw" | "finish" | "declare" | "other";

export interface Choice {
  action: Action;
  group: ChoiceGroup;
  label: string;    // the button's words
  detail: string;   // a second line: the ability text, where the card goes, …
  stage?: Stage;    // the colour it is drawn in: the card's type or the ability's stripe
}

// The seat the JFK opponent's taken cards answer to in a PICK's owner argument.
export const opponentOwner = 4;
// A USE's source for the current Control Card.
export const controlSource = -1;

const seatOf = (view: View, seat: number): Seat | undefined => view.seats.find((s) => s.seat === seat);

// "Lunar Orbiter", or "Lunar Orbiter #2" when the same card shows more than once in the list.
export function nameInList(cards: readonly (Card | undefined)[], index: number): string {
  const card = cards[index];
  if (!card) return `card ${index + 1}`;
  const same = cards.filter((c) => c?.code === card.code).length;
  if (same < 2) return card.name;
  const nth = cards.slice(0, index + 1).filter((c) => c?.code === card.code).length;
  return `${card.name} #${nth}`;
}

function cardSummary(card: Card | undefined): string {
  if (!card) return "";
  const parts = [stageNames[card.type] + (card.leader ? " Leader" : ""), levelText(card), symbolText(card.symbols)];
  return parts.filter(Boolean).join(" · ");
}

function controlByIndex(seat: Seat | undefined, index: number): ControlCard | undefined {
  if (!seat) return undefined;
  const all = [...seat.unusedControls, ...seat.playedControls, ...(seat.currentControl ? [seat.currentControl] : [])];
  return all.find((c) => c.index === index);
}

const controlNames = [
  "Propaganda I", "Propaganda III", "Propaganda VI",
  "Technology I", "Technology III", "Technology VI",
  "Space Program I", "Space Program III", "Space Program VI",
  "Breakthrough I", "Breakthrough III", "Breakthrough VI",
];

function controlName(seat: Seat | undefined, index: number): string {
  return controlByIndex(seat, index)?.name || controlNames[index] || `Control Card ${index}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// The owner of a Lab in a sentence.
function labOwner(view: View, owner: number, actor: number, seatName: (seat: number) => string): string {
  if (owner === opponentOwner && view.opponent) return `the ${opponentName}'s taken cards`;
  if (owner === actor) return "your Lab";
  return `${seatName(owner)}'s Lab`;
}

// The card a PICK names, and the list it sits in (for "#2" names).
export function pickedCard(view: View, action: Action): { list: (Card | undefined)[]; index: number } {
  const [zone, owner, index] = action.args;
  switch (zone as Zone) {
    case Zone.UNIVERSE:
      return { list: view.universe.find((p) => p.type === owner)?.cards ?? [], index };
    case Zone.HAND:
      return { list: seatOf(view, owner)?.hand ?? [], index };
    case Zone.AGENCY:
      return { list: seatOf(view, owner)?.agency.map((a) => a.card) ?? [], index };
    case Zone.LAB:
      return {
        list: owner === opponentOwner && view.opponent ? view.opponent.taken : seatOf(view, owner)?.lab ?? [],
        index,
      };
    case Zone.FACE_DOWN:
      return { list: view.faceDown, index };
    default:
      return { list: [], index };
  }
}

function useChoice(action: Action, view: View): Choice {
  const [source, slot] = action.args;
  const seat = seatOf(view, action.seat);
  if (source === controlSource) {
    const control = seat?.currentControl;
    const name = control?.name ?? "your Control Card";
    if (slot === 0)
      return { action, group: "control", label: `Acquire with ${name}`, detail: control?.acquire ?? "", stage: control?.type };
    return {
      action,
      group: "control",
      stage: slot === 2 ? Stage.BUREAUCRACY : control?.type,
      label: slot === 2 ? `${name} · Bureaucracy` : `${name} · other ability`,
      detail: control?.extra ?? "",
    };
  }
  const cards = seat?.agency.map((a) => a.card) ?? [];
  const card = cards[source];
  const name = nameInList(cards, source);
  if (slot === 0) return { action, group: "ability", label: `${name} · reusable`, detail: card?.left ?? "", stage: card?.leftStripe };
  if (slot === 1)
    return { action, group: "ability", label: `${name} · single-use`, detail: `${card?.right ?? ""} (then it is covered)`.trim(), stage: card?.rightStripe };
  // The label names the Bureaucracy already: the card's "Bureaucracy: " is not said twice.
  return { action, group: "ability", label: `${name} · Bureaucracy`, detail: (card?.bottom ?? "").replace(/^Bureaucracy:\s*/, ""), stage: Stage.BUREAUCRACY };
}

function pickChoice(action: Action, view: View, seatName: (seat: number) => string): Choice {
  const [zone, owner] = action.args;
  const { list, index } = pickedCard(view, action);
  const card = list[index];
  const name = nameInList(list, index);
  const prompt = view.prompt;
  const base = { action, group: "card" as const, stage: card?.type };
  if (!prompt) {
    // Clever Investments: Hand cards go face down into the Universe.
    if (view.phase === Phase.PREPARE && zone === Zone.HAND)
      return { ...base, label: `Invest ${name}`, detail: "face down into the Universe" };
    return { ...base, label: name, detail: cardSummary(card) };
  }
  switch (prompt.kind) {
    case PromptKind.UNCOVER:
      return { ...base, label: `Uncover ${name}`, detail: card?.right ? `single-use again: ${card.right}` : "" };
    case PromptKind.LEADER:
      return { ...base, label: `${name} goes to the Lab`, detail: "one Leader only in the Agency" };
    case PromptKind.RETURN_CONTROL: {
      const seat = seatOf(view, owner);
      const control = controlByIndex(seat, index);
      return { ...base, label: `Return ${controlName(seat, index)}`, detail: "to your unused Control Cards", stage: control?.type };
    }
    case PromptKind.REVEAL:
      return { ...base, label: card ? `Turn up ${name}` : `Turn up face-down card ${index + 1}`, detail: cardSummary(card) };
    case PromptKind.FALLBACK:
      return { ...base, label: `Take ${name}`, detail: `${zoneFrom(Zone.UNIVERSE)} ${zoneTo(Zone.AGENCY)} · ${cardSummary(card)}` };
    default: {
      const from = zone === Zone.LAB ? `from ${labOwner(view, owner, action.seat, seatName)}` : zoneFrom(zone as Zone);
      return { ...base, label: name, detail: `${from} ${zoneTo(prompt.to)} · ${cardSummary(card)}` };
    }
  }
}

function drawChoice(action: Action, view: View): Choice {
  const k = action.args[0] ?? 0;
  const prompt = view.prompt;
  if (prompt?.kind === PromptKind.FALLBACK)
    return {
      action,
      group: "draw",
      label: k === 0 ? "Draw nothing instead" : `Draw ${k} instead`,
      detail: `${plural(k, "card")} from the Deck into your Hand`,
    };
  const to = prompt ? zoneTo(prompt.to) : "";
  return {
    action,
    group: "draw",
    label: k === 0 ? "Draw none" : `Draw ${k}`,
    detail: `${plural(k, "card")} from the Deck ${to}`.trim(),
  };
}

function splitChoice(action: Action, view: View): Choice {
  const top = action.args[0] ?? 0;
  const prompt = view.prompt;
  const power = prompt?.power ?? top;
  const bottom = Math.max(0, power - top);
  const row = (n: number, from: Zone | undefined, to: Zone | undefined) =>
    `${n} ${from !== undefined ? zoneFrom(from) : ""} ${to !== undefined ? zoneTo(to) : ""}`.replace(/\s+/g, " ").trim();
  return {
    action,
    group: "split",
    label: `Split ${top} + ${bottom}`,
    detail: `top row: ${row(top, prompt?.from, prompt?.to)} · bottom row: ${row(bottom, prompt?.secondFrom, prompt?.secondTo)}`,
  };
}

function doneChoice(action: Action, view: View): Choice {
  const prompt = view.prompt;
  const base = { action, group: "finish" as const };
  if (!prompt) {
    const seat = seatOf(view, action.seat);
    return {
      ...base,
      label: "Done investing",
      detail: seat ? `keep ${plural(seat.handCount, "card")} in your Hand (limit ${seat.handLimit})` : "",
    };
  }
  switch (prompt.kind) {
    case PromptKind.UNCOVER: return { ...base, label: "Uncover no more", detail: "" };
    case PromptKind.RETURN_CONTROL: return { ...base, label: "Return nothing", detail: "" };
    default: return { ...base, label: "Stop here", detail: "move no more cards with this ability" };
  }
}

// One legal action as a labelled choice.
export function describeAction(action: Action, view: View, seatName: (seat: number) => string): Choice {
  switch (action.kind as ActionKind) {
    case ActionKind.RESIGN:
      return { action, group: "other", label: "Resign", detail: "" };
    case ActionKind.CHOOSE: {
      const k = action.args[0] ?? 0;
      const control = controlByIndex(seatOf(view, action.seat), k);
      const extra = control?.extra ? ` · ${control.extraIsBureaucracy ? "Bureaucracy" : "also"}: ${control.extra}` : " · no other ability";
      return {
        action,
        group: "control",
        label: controlName(seatOf(view, action.seat), k),
        detail: control ? `level ${control.level}${extra}` : "",
        stage: control?.type,
      };
    }
    case ActionKind.USE:
      return useChoice(action, view);
    case ActionKind.PASS:
      return view.stage === Stage.BUREAUCRACY
        ? { action, group: "finish", label: "Finish Bureaucracy", detail: "every required ability is resolved" }
        : { action, group: "finish", label: "Pass", detail: `leave the ${stageNames[view.stage]} Stage` };
    case ActionKind.SPLIT:
      return splitChoice(action, view);
    case ActionKind.PICK:
      return pickChoice(action, view, seatName);
    case ActionKind.DRAW:
      return drawChoice(action, view);
    case ActionKind.DONE:
      return doneChoice(action, view);
    case ActionKind.DECLARE: {
      const c = action.args[0] ?? 0;
      const name = categoryNames[c as keyof typeof categoryNames] ?? `category ${c}`;
      return { action, group: "declare", label: `Area 51: ${name}`, detail: `duplicate one ${name} symbol` };
    }
  }
  return { action, group: "other", label: `Action ${action.kind} ${action.args.join(" ")}`.trim(), detail: "" };
}

// The viewer's choices, Resign left to the generic page.
export function choicesOf(view: View, seatName: (seat: number) => string): Choice[] {
  return view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN).map((a) => describeAction(a, view, seatName));
}

// The button text of a choice on its own (the generic page's extra buttons, the log).
export function actionLabel(action: Action, view: View, seatName: (seat: number) => string): string {
  const c = describeAction(action, view, seatName);
  return c.detail ? `${c.label} — ${c.detail}` : c.label;
}

// What the table is waiting for, in one sentence, for `viewer` (null: a spectator or a
// replay's public view).
export function decisionHeading(view: View, viewer: number | null, seatName: (seat: number) => string): string {
  if (view.outcome?.over) return "";
  const mine = view.legalActions.some((a) => a.kind !== ActionKind.RESIGN);
  const prompt = view.prompt;
  if (prompt) {
    // The prompt's text already counts what remains ("Put up to 2 cards …").
    if (viewer !== null && prompt.seat === viewer) return prompt.text;
    return `${seatName(prompt.seat)} is resolving: ${prompt.text.replace(/\byour\b/g, "their")}`;
  }
  const waiting = view.seats.filter((s) => s.toAct && s.seat !== viewer).map((s) => seatName(s.seat));
  const others = waiting.length ? `Waiting for ${waiting.join(", ")}.` : "";
  switch (view.phase) {
    case Phase.MANAGE:
      return mine
        ? `Plan Development: choose your Control Card for round ${view.round}. It stays secret until everyone has chosen.`
        : others || "Every Control Card is chosen.";
    case Phase.DEVELOP:
      if (!mine) return others;
      return view.stage === Stage.BUREAUCRACY
        ? "Bureaucracy: resolve your Bureaucracy abilities (those without “You may” are required), then finish."
        : `Your turn in the ${stageNames[view.stage]} Stage: use one ability, or pass to leave the Stage.`;
    case Phase.PREPARE:
      if (!mine) return others;
      return "Clever Investments: put any Hand cards face down into the Universe; keep at most your Hand limit.";
    case Phase.SCORING:
      return mine ? "Scoring: declare the category your Area 51 duplicates." : others;
  }
  return others;
}
