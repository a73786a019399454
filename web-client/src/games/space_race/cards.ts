// Drawing Space Race cards: a full card (levels, symbols, its left, right and bottom
// abilities, covered and used marks), a compact one for Labs and the opponent's pile,
// a card back, and a Control Card chip.
import { Stage, type AgencyCard, type Card, type ControlCard } from "../../gen/starport/v1/space_race_pb.js";
import { h } from "../../ui/dom.js";
import { levelText, stageClass, stageLetters, stageNames, symbolText } from "./words.js";

export interface CardMarks {
  offered?: boolean;   // the view offers a choice about this card
  key?: string;        // data-key: zone:owner:index
}

function levelChips(card: Card): HTMLElement | null {
  const chips = card.levels
    .map((l, i) => (l > 0 ? h("span", { class: `sr-lvl ${stageClass(i as Stage)}`, title: `${stageNames[i as Stage]} level ${l}` }, `${stageLetters[i]}${l}`) : null))
    .filter((x): x is HTMLSpanElement => x !== null);
  return chips.length ? h("span", { class: "sr-levels" }, chips) : null;
}

function stripe(s: Stage): HTMLElement {
  return h("span", { class: `sr-stripe ${stageClass(s)}`, title: `${stageNames[s]} stripe` }, stageNames[s]);
}

// A card in full. `agency` adds the covered and used marks of a card in an Agency.
export function cardFace(card: Card, marks: CardMarks = {}, agency?: AgencyCard): HTMLElement {
  const covered = agency?.covered ?? false;
  const symbols = symbolText(card.symbols);
  return h(
    "div",
    {
      class: `sr-card ${stageClass(card.type)}${card.leader ? " leader" : ""}${covered ? " covered" : ""}${marks.offered ? " offered" : ""}`,
      "data-card": card.code,
      "data-key": marks.key,
    },
    h(
      "div",
      { class: "sr-card-top" },
      h("span", { class: "sr-name" }, card.name, card.leader ? h("span", { class: "sr-leader", title: "Leader" }, " ★") : null),
      levelChips(card),
    ),
    symbols ? h("div", { class: "sr-symbols", title: "Breakthrough symbols" }, symbols) : null,
    card.left
      ? h(
          "div",
          { class: `sr-ab reusable${agency?.leftUsed ? " used" : ""}` },
          h("span", { class: "sr-ab-kind", title: "reusable: once per round" }, "↻"),
          stripe(card.leftStripe),
          " ",
          card.left,
          agency?.leftUsed ? h("em", {}, " used this round") : null,
        )
      : null,
    card.right
      ? h(
          "div",
          { class: `sr-ab single${covered ? " covered" : ""}${agency?.rightUsed && !covered ? " used" : ""}` },
          h("span", { class: "sr-ab-kind", title: "single-use: covered after use" }, "①"),
          stripe(card.rightStripe),
          " ",
          card.right,
          covered ? h("em", { class: "sr-covered" }, " covered") : agency?.rightUsed ? h("em", {}, " used this round") : null,
        )
      : null,
    card.bottom
      ? h("div", { class: `sr-ab bottom${agency?.bottomUsed ? " used" : ""}` }, card.bottom, agency?.bottomUsed ? h("em", {}, " resolved this round") : null)
      : null,
  );
}

// A card as one line: Lab cards, the opponent's taken cards.
export function cardMini(card: Card, marks: CardMarks = {}): HTMLElement {
  const detail = [levelText(card), symbolText(card.symbols)].filter(Boolean).join(" · ");
  return h(
    "div",
    {
      class: `sr-mini ${stageClass(card.type)}${marks.offered ? " offered" : ""}`,
      "data-card": card.code,
      "data-key": marks.key,
      title: [card.left, card.right, card.bottom].filter(Boolean).join(" / ") || card.name,
    },
    h("span", { class: "sr-name" }, card.name, card.leader ? " ★" : ""),
    detail ? h("span", { class: "sr-mini-detail" }, detail) : null,
  );
}

export function cardBack(title = "face down"): HTMLElement {
  return h("div", { class: "sr-back", title, "aria-label": title });
}

export function controlChip(c: ControlCard, extraClass = ""): HTMLElement {
  const text = [c.acquire, c.extra ? `${c.extraIsBureaucracy ? "Bureaucracy: " : ""}${c.extra}` : ""].filter(Boolean).join(" / ");
  return h("span", { class: `sr-control ${stageClass(c.type)} ${extraClass}`.trim(), title: text, "data-control": c.code }, c.name);
}
