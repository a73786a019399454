// The Space Race table: status, outcome, the decision and its choices, the scores, the
// Universe, each Agency by Stage, Labs, Hands (own only), Control Cards and the JFK
// opponent. It draws the view it is given; every choice is one of the view's legal actions.
import {
  ActionKind,
  Phase,
  Stage,
  Variant,
  Zone,
  type Opponent,
  type Seat,
  type View,
} from "../../gen/starport/v1/space_race_pb.js";
import { h } from "../../ui/dom.js";
import type { TableContext } from "../types.js";
import { cardBack, cardFace, cardMini, controlChip } from "./cards.js";
import { choicesOf, decisionHeading, opponentOwner, type Choice, type ChoiceGroup } from "./choices.js";
import {
  cardTypes,
  categoryShort,
  difficultyNames,
  opponentName,
  phaseNames,
  points,
  scoreParts,
  stageClass,
  stageNames,
} from "./words.js";

// The keys of the cards a choice is about ("zone:owner:index"), to mark them on the table.
export function offeredKeys(view: View): Set<string> {
  const keys = new Set<string>();
  for (const a of view.legalActions) {
    if (a.kind === ActionKind.USE && a.args[0] >= 0) keys.add(`agency:${a.seat}:${a.args[0]}`);
    if (a.kind !== ActionKind.PICK) continue;
    const [zone, owner, index] = a.args;
    const name = { [Zone.UNIVERSE]: "universe", [Zone.HAND]: "hand", [Zone.AGENCY]: "agency", [Zone.LAB]: "lab", [Zone.FACE_DOWN]: "facedown" }[zone];
    if (name) keys.add(`${name}:${owner}:${index}`);
  }
  return keys;
}

const groupTitles: Record<ChoiceGroup, string> = {
  control: "Control Card",
  ability: "Agency abilities",
  split: "Split the ability's power",
  card: "Cards",
  draw: "Draw from the Deck",
  declare: "Area 51",
  finish: "",
  other: "",
};
const groupOrder: ChoiceGroup[] = ["control", "ability", "split", "card", "draw", "declare", "finish", "other"];

function movePanel(view: View, ctx: TableContext): HTMLElement | null {
  const heading = decisionHeading(view, ctx.viewer, ctx.seatName);
  const choices = ctx.actionButton ? choicesOf(view, ctx.seatName) : [];
  if (!heading && !choices.length) return null;
  const groups = groupOrder
    .map((g) => [g, choices.filter((c) => c.group === g)] as [ChoiceGroup, Choice[]])
    .filter(([, list]) => list.length)
    .map(([g, list]) =>
      h(
        "div",
        { class: `sr-choice-group g-${g}`, "data-group": g },
        groupTitles[g] ? h("div", { class: "sr-group-title" }, groupTitles[g]) : null,
        h(
          "div",
          { class: "buttons" },
          list.map((c) => {
            const cls = c.group === "finish" ? "secondary" : c.group === "draw" || c.group === "split" ? "compact" : "primary";
            const b = ctx.actionButton!(c.action, c.stage !== undefined ? `${cls} sr-st ${stageClass(c.stage)}` : cls);
            b.replaceChildren(h("span", { class: "sr-label" }, c.label), c.detail && c.group !== "draw" ? h("span", { class: "sr-detail" }, c.detail) : "");
            b.title = c.detail ? `${c.label} — ${c.detail}` : c.label;
            return b;
          }),
        ),
      ),
    );
  const mine = choices.length > 0;
  return h(
    "section",
    { class: `moves sr-moves${mine ? " mine" : ""}`, "aria-label": mine ? "Your move" : "Waiting" },
    h("p", { class: "decision", "data-decision": "" }, heading),
    groups,
  );
}

function statusLine(view: View, ctx: TableContext): HTMLElement {
  const you = (seat: number) => (ctx.viewer === seat ? "you" : ctx.seatName(seat));
  const parts: (string | HTMLElement)[] = [
    h("strong", {}, `Round ${view.round || 1} of 7`),
    phaseNames[view.phase],
  ];
  if (view.phase === Phase.DEVELOP) parts.push(h("span", { class: `sr-stage-tag ${stageClass(view.stage)}` }, `${stageNames[view.stage]} Stage`));
  if (view.hasTurn && view.phase !== Phase.GAME_OVER) parts.push(`turn: ${you(view.turnSeat)}`);
  const order =
    view.phase === Phase.DEVELOP && view.stage !== Stage.BUREAUCRACY && view.stageOrder.length
      ? `Order: ${view.stageOrder.map(you).join(" → ")}`
      : "";
  const variant =
    view.variant === Variant.JFK
      ? `JFK solo (${difficultyNames[view.opponent?.decksLeft.length ?? 1] ?? ""})`
      : view.variant === Variant.COLD_WAR
        ? "Cold War scoring"
        : "Standard";
  return h(
    "div",
    { class: "sr-status" },
    h("div", { class: "sr-status-main" }, parts.flatMap((p, i) => (i ? [" · ", p] : [p]))),
    h(
      "div",
      { class: "sr-status-sub muted" },
      [variant, `Deck ${view.deckCount}`, view.seats.length > 1 ? `Initiative: ${you(view.initiative)}` : "", order, view.spectator ? "spectating" : ""]
        .filter(Boolean)
        .join(" · "),
    ),
  );
}

function outcomeBox(view: View, ctx: TableContext): HTMLElement | null {
  const o = view.outcome;
  if (!o?.over) return null;
  let text: string;
  if (view.variant === Variant.JFK) {
    const won = o.winners.length > 0;
    const me = ctx.viewer === 0 ? "You" : ctx.seatName(0);
    text = won ? `${me} beat the ${opponentName}!` : `The ${opponentName} wins. Better luck next time, Mr. President.`;
  } else {
    const names = o.winners.map((s) => (s === ctx.viewer ? "You" : ctx.seatName(s)));
    text = names.length ? `${names.length > 1 ? "Shared victory" : "Winner"}: ${names.join(", ")}` : "No winner";
  }
  const finals = view.seats.map((s) => `${ctx.seatName(s.seat)} ${points(s.score?.halves ?? 0)}`);
  if (view.opponent) finals.push(`${opponentName} ${view.opponent.score}`);
  return h(
    "div",
    { class: `outcome sr-outcome${view.variant === Variant.JFK && !o.winners.length ? " lost" : ""}`, "data-outcome": "over" },
    h("strong", {}, text),
    o.reason && o.reason !== "scored" ? ` (${o.reason.replace(/_/g, " ")})` : "",
    h("div", { class: "sr-finals" }, `Final Development Points: ${finals.join(" · ")}`),
  );
}

function scoreBoard(view: View, ctx: TableContext): HTMLElement {
  const over = view.outcome?.over ?? false;
  const rows = view.seats.map((s) =>
    h(
      "li",
      { class: `sr-score-row${s.seat === ctx.viewer ? " mine" : ""}`, "data-score-seat": s.seat },
      h("span", { class: "sr-score-name" }, ctx.seatName(s.seat), s.seat === ctx.viewer ? h("span", { class: "badge you" }, "you") : null),
      h("b", { class: "sr-points", "data-points": s.score?.halves ?? 0 }, points(s.score?.halves ?? 0)),
      h("span", { class: "sr-score-parts muted" }, scoreParts(s.score, view.variant).join(" · ")),
    ),
  );
  if (view.opponent)
    rows.push(
      h(
        "li",
        { class: "sr-score-row opponent" },
        h("span", { class: "sr-score-name" }, opponentName),
        h("b", { class: "sr-points" }, String(view.opponent.score)),
        h("span", { class: "sr-score-parts muted" }, `${view.opponent.taken.length} cards taken (Leaders and Breakthroughs 2, others 1); a tie goes to it`),
      ),
    );
  return h(
    "section",
    { class: "sr-scores", "aria-label": "Scores" },
    h("h3", {}, over ? "Final score" : "Score if the game ended now"),
    h("ul", { class: "plain" }, rows),
  );
}

function universe(view: View, offered: Set<string>, ctx: TableContext): HTMLElement {
  const { viewer, seatName, live } = ctx;
  const piles = cardTypes.map((t) => {
    const pile = view.universe.find((p) => p.type === t);
    const cards = pile?.cards ?? [];
    return h(
      "div",
      { class: `sr-pile ${stageClass(t)}`, "data-pile": t },
      h("div", { class: "sr-pile-head" }, stageNames[t], h("span", { class: "muted" }, ` ${cards.length}`)),
      cards.length
        ? cards.map((c, i) => cardFace(c, { key: `universe:${t}:${i}`, offered: offered.has(`universe:${t}:${i}`) }))
        : h("p", { class: "muted sr-empty" }, "none"),
    );
  });
  // Only the seat that invested them is sent its own face-down cards.
  const known = view.seats.filter((s) => s.knownFaceDown.length);
  const faceDown = view.faceDown.length
    ? view.faceDown.map((c, i) => h("div", { class: "sr-peek" }, cardFace(c, { key: `facedown:0:${i}`, offered: offered.has(`facedown:0:${i}`) })))
    : Array.from({ length: view.faceDownCount }, () => cardBack());
  return h(
    "section",
    { class: "sr-universe", "aria-label": "Universe" },
    h("h3", {}, "Universe", h("span", { class: "muted" }, " — oldest card first in each pile")),
    h("div", { class: "sr-piles" }, piles),
    h(
      "div",
      { class: "sr-facedown" },
      h("div", { class: "sr-pile-head" }, `Face down: ${view.faceDownCount}`, view.faceDown.length ? h("span", { class: "muted" }, live ? " (True Visionaries: you may look)" : " (shown in the replay)") : ""),
      h("div", { class: "sr-backs" }, faceDown),
      known.map((s) =>
        h("p", { class: "muted sr-known" }, `${s.seat === viewer ? "Yours" : `${seatName(s.seat)}'s`} among them: ${s.knownFaceDown.map((c) => c.name).join(", ")}`),
      ),
    ),
  );
}

function controlsRow(seat: Seat, view: View): HTMLElement {
  let current: HTMLElement;
  if (seat.currentControl) current = controlChip(seat.currentControl, "current");
  else if (seat.chosen) current = h("span", { class: "sr-control hidden-choice", "data-chosen": "1", title: "chosen, face down until everyone has chosen" }, "chosen");
  else if (view.phase === Phase.MANAGE && !seat.resigned) current = h("span", { class: "sr-control pending" }, "choosing…");
  else current = h("span", { class: "muted" }, "—");
  return h(
    "div",
    { class: "sr-controls" },
    h("div", {}, h("span", { class: "sr-k" }, "This round "), current),
    seat.playedControls.length ? h("div", {}, h("span", { class: "sr-k" }, "Played "), seat.playedControls.map((c) => controlChip(c, "played"))) : null,
    seat.unusedControls.length
      ? h("details", { class: "sr-unused" }, h("summary", {}, `Unused Control Cards: ${seat.unusedControls.length}`), seat.unusedControls.map((c) => controlChip(c, "unused")))
      : null,
  );
}

function agencyByStage(seat: Seat, offered: Set<string>): HTMLElement {
  return h(
    "div",
    { class: "sr-agency" },
    cardTypes.map((t) => {
      const cards = seat.agency.map((a, i) => ({ a, i })).filter(({ a }) => a.card?.type === t);
      return h(
        "div",
        { class: `sr-stage-col ${stageClass(t)}`, "data-stage": t },
        h("div", { class: "sr-stage-head" }, stageNames[t], h("b", { class: "sr-stage-level", title: `${stageNames[t]} level: the ${stageNames[t]} numbers on every card in the Agency` }, `level ${seat.levels[t] ?? 0}`)),
        cards.length
          ? cards.map(({ a, i }) => cardFace(a.card!, { key: `agency:${seat.seat}:${i}`, offered: offered.has(`agency:${seat.seat}:${i}`) }, a))
          : h("p", { class: "muted sr-empty" }, "—"),
      );
    }),
  );
}

function seatArea(seat: Seat, view: View, ctx: TableContext, offered: Set<string>): HTMLElement {
  const you = ctx.viewer === seat.seat;
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  const marks = [
    you ? h("span", { class: "badge you" }, "you") : null,
    info?.bot ? h("span", { class: "badge" }, "bot") : null,
    ctx.live && info && !info.bot && !info.connected ? h("span", { class: "badge warn" }, "away") : null,
    seat.initiative && view.seats.length > 1 ? h("span", { class: "badge" }, "Initiative") : null,
    seat.toAct ? h("span", { class: "badge act" }, "to act") : null,
    seat.passed ? h("span", { class: "badge" }, "passed") : null,
    seat.resigned ? h("span", { class: "badge lost" }, "resigned") : null,
  ];
  const symbols = seat.symbols.map((n, i) => `${categoryShort[i]} ${n}`).join(" · ");
  const area51 = seat.area51Category >= 0 ? ` (Area 51: ${categoryShort[seat.area51Category]})` : "";
  const handCards = seat.hand.length
    ? h("div", { class: "sr-hand-cards" }, seat.hand.map((c, i) => cardFace(c, { key: `hand:${seat.seat}:${i}`, offered: offered.has(`hand:${seat.seat}:${i}`) })))
    : seat.handCount
      ? h("div", { class: "sr-backs" }, Array.from({ length: seat.handCount }, () => cardBack("a card in Hand")))
      : h("p", { class: "muted sr-empty" }, "empty");
  return h(
    "section",
    { class: `sr-seat${you ? " mine" : ""}${seat.toAct ? " acting" : ""}${seat.resigned ? " resigned" : ""}`, "data-seat": seat.seat, "aria-label": `${ctx.seatName(seat.seat)}'s Agency` },
    h(
      "div",
      { class: "sr-seat-head" },
      h("strong", {}, ctx.seatName(seat.seat)),
      h("span", { class: "muted" }, ` ${seat.faction}`),
      h("span", { class: "marks" }, marks),
      h("span", { class: "grow" }),
      h("b", { class: "sr-seat-points", title: "Development Points if the game ended now" }, `${points(seat.score?.halves ?? 0)} pts`),
    ),
    ctx.timer(seat.seat),
    controlsRow(seat, view),
    h("h4", {}, "Agency", h("span", { class: "muted" }, ` · symbols: ${symbols}${area51}`)),
    agencyByStage(seat, offered),
    h(
      "div",
      { class: "sr-lab" },
      h("h4", {}, `Laboratory (${seat.lab.length})`),
      seat.lab.length
        ? h("div", { class: "sr-minis" }, seat.lab.map((c, i) => cardMini(c, { key: `lab:${seat.seat}:${i}`, offered: offered.has(`lab:${seat.seat}:${i}`) })))
        : h("p", { class: "muted sr-empty" }, "empty"),
    ),
    h(
      "div",
      { class: "sr-hand" },
      h("h4", {}, `Hand (${seat.handCount}${you ? `, limit ${seat.handLimit}` : ""})`),
      handCards,
    ),
  );
}

function opponentArea(op: Opponent, offered: Set<string>): HTMLElement {
  const levels = cardTypes.map((t) =>
    h("span", { class: `sr-lvl-box ${stageClass(t)}`, title: `${stageNames[t]} level` }, `${stageNames[t]} `, h("b", {}, String(op.levels[t] ?? 0))),
  );
  const symbols = op.symbols.map((n, i) => `${categoryShort[i]} ${n}`).join(" · ");
  return h(
    "section",
    { class: "sr-seat sr-opponent", "aria-label": `${opponentName} (JFK opponent)` },
    h(
      "div",
      { class: "sr-seat-head" },
      h("strong", {}, opponentName),
      h("span", { class: "muted" }, " JFK opponent"),
      h("span", { class: "grow" }),
      h("b", { class: "sr-seat-points" }, `${op.score} pts`),
    ),
    h("div", { class: "sr-opp-levels" }, levels),
    h(
      "div",
      { class: "sr-controls" },
      h("div", {}, h("span", { class: "sr-k" }, "Control Cards played "), op.played.length ? op.played.map((c) => controlChip(c, "played")) : h("span", { class: "muted" }, "none yet")),
      h("div", { class: "muted" }, `Decks: ${op.decksLeft.map((n) => `${n} left`).join(", ")}`),
    ),
    h(
      "div",
      { class: "sr-lab" },
      h("h4", {}, `Taken cards (${op.taken.length}) — its Laboratory`, h("span", { class: "muted" }, ` · symbols: ${symbols}`)),
      op.taken.length
        ? cardTypes.map((t) => {
            // Its acquired cards in one pile per type, as the rulebook lays them out.
            const pile = op.taken.map((c, i) => ({ c, i })).filter(({ c }) => c.type === t);
            return pile.length
              ? h(
                  "div",
                  { class: "sr-minis sr-taken-row" },
                  pile.map(({ c, i }) => cardMini(c, { key: `lab:${opponentOwner}:${i}`, offered: offered.has(`lab:${opponentOwner}:${i}`) })),
                )
              : null;
          })
        : h("p", { class: "muted sr-empty" }, "none yet"),
    ),
  );
}

export function renderTable(view: View, ctx: TableContext): HTMLElement {
  const offered = ctx.actionButton ? offeredKeys(view) : new Set<string>();
  const mine = view.seats.filter((s) => s.seat === ctx.viewer);
  const others = view.seats.filter((s) => s.seat !== ctx.viewer);
  return h(
    "div",
    { class: "space-race" },
    statusLine(view, ctx),
    outcomeBox(view, ctx),
    movePanel(view, ctx),
    scoreBoard(view, ctx),
    universe(view, offered, ctx),
    mine.map((s) => seatArea(s, view, ctx, offered)),
    view.opponent ? opponentArea(view.opponent, offered) : null,
    others.map((s) => seatArea(s, view, ctx, offered)),
  );
}
