// Space War: in Space! — the lobby's options form and the table. It draws the view it
// is given and offers the legal actions the view lists; every rule stays on the server.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";

import type { Action } from "../gen/starport/v1/common_pb.js";
import {
  ActionKind,
  Faction,
  OptionsSchema,
  Phase,
  PowerState,
  ViewSchema,
  type BattlefieldCard,
  type Card,
  type Seat,
  type View,
} from "../gen/starport/v1/space_war_pb.js";
import { h } from "../ui/dom.js";
import { defineGame, type OptionsForm, type TableContext } from "./types.js";

const factions: { value: Faction; name: string }[] = [
  { value: Faction.DWARVES, name: "Dwarves" },
  { value: Faction.ELVES, name: "Elves" },
  { value: Faction.TROLLS, name: "Trolls" },
  { value: Faction.GOBLINS, name: "Goblins" },
  { value: Faction.ROBOTS, name: "Robots" },
  { value: Faction.HUMANS, name: "Humans" },
];

export function factionName(f: Faction): string {
  return factions.find((x) => x.value === f)?.name ?? "Random";
}

const powerStates: Record<PowerState, string> = {
  [PowerState.NO_POWER]: "no power",
  [PowerState.INACTIVE]: "inactive",
  [PowerState.ACTIVE]: "active",
  [PowerState.PERMANENT]: "permanent",
};

const phases: Record<Phase, string> = {
  [Phase.PHASE_UNSPECIFIED]: "",
  [Phase.FLIP_PHASE]: "Flip",
  [Phase.BEFORE_BATTLE]: "Before battle",
  [Phase.AFTER_BATTLE]: "After battle",
  [Phase.GAME_OVER]: "Game over",
};

function optionsForm(): OptionsForm {
  const seatsBox = h("div", { class: "faction-picks" });
  const random = h("input", { type: "checkbox", name: "sw-random", checked: true });
  const limit = h("input", { type: "number", name: "sw-contest-limit", min: 0, max: 100000, value: 0, inputmode: "numeric" });
  const autoFlip = h("input", { type: "checkbox", name: "sw-auto-flip" });
  let selects: HTMLSelectElement[] = [];
  const layout = (seats: number) => {
    const old = selects.map((s) => s.value);
    selects = Array.from({ length: seats }, (_, i) =>
      h(
        "select",
        { name: `sw-faction-${i}`, "aria-label": `Faction of seat ${i + 1}` },
        h("option", { value: String(Faction.FACTION_UNSPECIFIED) }, "Random"),
        factions.map((f) => h("option", { value: String(f.value) }, f.name)),
      ),
    );
    selects.forEach((s, i) => (s.value = old[i] ?? String(Faction.FACTION_UNSPECIFIED)));
    seatsBox.replaceChildren(
      ...selects.map((s, i) => h("label", { class: "inline" }, `Seat ${i + 1} `, s)),
    );
    seatsBox.hidden = random.checked;
  };
  random.addEventListener("change", () => (seatsBox.hidden = random.checked));
  layout(3);
  const element = h(
    "fieldset",
    { class: "game-options" },
    h("legend", {}, "Space War options"),
    h("label", { class: "inline" }, random, " Factions drawn at random"),
    seatsBox,
    h("label", {}, "Contest limit (0: the default, 1000) ", limit),
    h("label", { class: "inline" }, autoFlip, " Auto-flip for seats with nothing to decide"),
  );
  return {
    element,
    setSeats: layout,
    read(seats: number) {
      const contestLimit = Number(limit.value || "0");
      if (!Number.isInteger(contestLimit) || contestLimit < 0) return "The contest limit must be a whole number ≥ 0.";
      const picks = random.checked ? [] : selects.slice(0, seats).map((s) => Number(s.value) as Faction);
      const options = create(OptionsSchema, {
        factions: picks.every((f) => f === Faction.FACTION_UNSPECIFIED) ? [] : picks,
        contestLimit,
        autoFlip: autoFlip.checked,
      });
      return toBinary(OptionsSchema, options);
    },
  };
}

function describeOptions(bytes: Uint8Array): string[] {
  let o;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  return [
    o.factions.length ? `Factions: ${o.factions.map(factionName).join(", ")}` : "Factions: random",
    `Contest limit: ${o.contestLimit || "default (1000)"}`,
    `Auto-flip: ${o.autoFlip ? "on" : "off"}`,
  ];
}

function actionLabel(action: Action, view: View, seatName: (seat: number) => string): string {
  switch (action.kind as ActionKind) {
    case ActionKind.RESIGN:
      return "Resign";
    case ActionKind.FLIP:
      return view.warStep > 0 ? `Flip (War step ${view.warStep})` : "Flip";
    case ActionKind.TRIGGER:
      return action.args.length
        ? `Trigger ${view.offeredPower || "power"} → ${seatName(action.args[0])}`
        : `Trigger ${view.offeredPower || "power"}`;
    case ActionKind.DECLINE:
      return `Decline ${view.offeredPower || "power"}`;
  }
  return `Action ${action.kind} ${action.args.join(" ")}`;
}

function cardFace(card: Card | undefined, b: BattlefieldCard | null): HTMLElement {
  if (!card) return h("div", { class: "card back", title: "face down" });
  const strength = b && b.faceUp ? b.strength : card.strength;
  return h(
    "div",
    {
      class: `card face f-${factionName(card.faction).toLowerCase()}${card.leader ? " leader" : ""}${b && !b.faceUp ? " peek" : ""}`,
      title: card.text || card.name,
      "data-card": card.code,
    },
    h("span", { class: "strength" }, String(strength)),
    h("span", { class: "name" }, card.name),
    card.leader ? h("span", { class: "text" }, card.text) : null,
  );
}

function seatPanel(seat: Seat, ctx: TableContext): HTMLElement {
  const you = ctx.viewer === seat.seat;
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  const marks = [
    you ? h("span", { class: "badge you" }, "you") : null,
    info?.bot ? h("span", { class: "badge" }, "bot") : null,
    ctx.live && info && !info.bot && !info.connected ? h("span", { class: "badge warn" }, "away") : null,
    seat.conquered ? h("span", { class: "badge lost" }, "conquered") : null,
    seat.toAct ? h("span", { class: "badge act" }, "to act") : null,
    seat.flipped ? h("span", { class: "badge" }, "flipped") : null,
    seat.inContest && !seat.conquered ? h("span", { class: "badge" }, "in contest") : null,
  ];
  const power =
    seat.power === PowerState.NO_POWER
      ? h("div", { class: "power none" }, "No power card")
      : h(
          "div",
          { class: `power p-${powerStates[seat.power].replace(" ", "-")}` },
          h("strong", {}, seat.powerName || "Power"),
          " · ",
          powerStates[seat.power],
        );
  const hidden = seat.deck.length || seat.discard.length
    ? h(
        "details",
        { class: "omniscient" },
        h("summary", {}, "Deck and discard (revealed)"),
        h("div", { class: "pile" }, h("em", {}, "Deck, top first: "), seat.deck.map((c) => c.name).join(", ") || "—"),
        h("div", { class: "pile" }, h("em", {}, "Discard: "), seat.discard.map((c) => c.name).join(", ") || "—"),
      )
    : null;
  return h(
    "div",
    {
      class: `seat${you ? " mine" : ""}${seat.conquered ? " conquered" : ""}${seat.toAct ? " acting" : ""}`,
      "data-seat": seat.seat,
    },
    h("div", { class: "seat-head" }, h("strong", {}, ctx.seatName(seat.seat)), " ", h("span", { class: "faction" }, factionName(seat.faction))),
    h("div", { class: "marks" }, marks),
    h(
      "div",
      { class: "counts" },
      h("span", { title: "cards in deck" }, "Deck ", h("b", { "data-deck": seat.seat }, String(seat.deckCount))),
      h("span", { title: "cards in discard pile" }, "Discard ", h("b", {}, String(seat.discardCount))),
    ),
    power,
    ctx.timer(seat.seat),
    hidden,
  );
}

function battlefield(view: View, ctx: TableContext): HTMLElement {
  const steps = new Map<number, BattlefieldCard[]>();
  for (const b of view.battlefield) {
    const list = steps.get(b.step) ?? [];
    list.push(b);
    steps.set(b.step, list);
  }
  const rows = [...steps.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([step, cards]) => {
      const owners = [...new Set(cards.map((c) => c.owner))].sort((a, b) => a - b);
      return h(
        "div",
        { class: "step" },
        h("div", { class: "step-title" }, step === 0 ? "Reveal" : `War step ${step}`),
        h(
          "div",
          { class: "step-cards" },
          owners.map((owner) =>
            h(
              "div",
              { class: "contribution" },
              h("div", { class: "owner" }, ctx.seatName(owner)),
              h("div", { class: "cards" }, cards.filter((c) => c.owner === owner).map((c) => cardFace(c.card, c))),
            ),
          ),
        ),
      );
    });
  return h(
    "section",
    { class: "battlefield", "aria-label": "Battlefield" },
    h("h3", {}, "Battlefield"),
    rows.length ? rows : h("p", { class: "muted" }, view.phase === Phase.GAME_OVER ? "Empty." : "Empty — waiting for flips."),
  );
}

function movePanel(view: View, ctx: TableContext): HTMLElement | null {
  const legal = view.legalActions;
  const deciding = view.phase === Phase.BEFORE_BATTLE || view.phase === Phase.AFTER_BATTLE;
  const parts: (HTMLElement | null)[] = [];
  if (deciding && view.offeredPower) {
    const mine = ctx.viewer !== null && view.decidingSeat === ctx.viewer;
    parts.push(
      h(
        "p",
        { class: "decision" },
        mine
          ? `You may trigger ${view.offeredPower} (${phases[view.phase].toLowerCase()}).`
          : `${ctx.seatName(view.decidingSeat)} decides whether to trigger ${view.offeredPower}.`,
      ),
    );
  }
  if (ctx.actionButton) {
    const buttons = legal
      .filter((a) => a.kind !== ActionKind.RESIGN)
      .map((a) => ctx.actionButton!(a, a.kind === ActionKind.FLIP ? "primary" : a.kind === ActionKind.DECLINE ? "secondary" : "primary"));
    if (buttons.length) parts.push(h("div", { class: "buttons" }, buttons));
  }
  if (!parts.length) return null;
  return h("section", { class: "moves", "aria-label": "Your move" }, parts);
}

function renderTable(view: View, ctx: TableContext): HTMLElement {
  const over = view.outcome?.over;
  const status = [
    `Contest ${view.contest}${view.contestLimit ? ` / ${view.contestLimit}` : ""}`,
    phases[view.phase],
    view.warStep > 0 ? `War step ${view.warStep}` : "",
    view.spectator ? "spectating" : "",
  ].filter(Boolean);
  const last = view.lastContest;
  return h(
    "div",
    { class: "space-war" },
    h("div", { class: "sw-status" }, status.join(" · ")),
    over
      ? h(
          "div",
          { class: "outcome", "data-outcome": "over" },
          h("strong", {}, view.outcome!.winners.length ? `Winner: ${view.outcome!.winners.map(ctx.seatName).join(", ")}` : "No winner"),
          view.outcome!.reason ? ` (${view.outcome!.reason.replace(/_/g, " ")})` : "",
        )
      : null,
    movePanel(view, ctx),
    h("section", { class: "seats", "aria-label": "Seats" }, view.seats.map((s) => seatPanel(s, ctx))),
    battlefield(view, ctx),
    last && last.number > 0
      ? h(
          "section",
          { class: "last-contest" },
          h("h3", {}, `Last contest (${last.number})${last.war ? " — War" : ""}${last.peace ? " — Peace" : ""}`),
          h("ul", {}, last.events.map((e) => h("li", {}, e))),
        )
      : null,
  );
}

export const spaceWar = defineGame({
  id: "space_war",
  title: "Space War: in Space!",
  viewSchema: ViewSchema,
  optionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.seats.some((s) => s.seat === seat && !s.conquered),
  actionLabel,
  resendWhenStale: (action) => action.kind === ActionKind.FLIP,
  renderTable,
});
