// Drawing Space Race cards on the kit's card: levels (the P1/T2/S1/B3 badges), symbols,
// its reusable, single-use and Bureaucracy abilities with covered and used marks, a
// compact card for Labs and the opponent's pile, a back, and a Control Card chip — each
// term with a Tip.
import { Stage, type AgencyCard, type Card as SrCardMsg, type ControlCard } from "../../gen/starport/v1/space_race_pb.js";
import { Card } from "../../kit/card.js";
import { Tip } from "../../kit/tip.js";
import { categoryNames, levelText, stageClass, stageLetters, stageNames, symbolText } from "./words.js";

// The stable id of a card copy, once views carry one (`id` on card messages).
export function cardId(c: object | undefined): number | undefined {
  const v = (c as { id?: unknown } | undefined)?.id;
  return typeof v === "number" && v > 0 ? v : undefined;
}

// A list key: the copy's id when the view gives one (so a card keeps its component while
// others move around it), else its position.
export const cardKey = (c: object | undefined, position: string): string => {
  const id = cardId(c);
  return id === undefined ? position : `id:${id}`;
};

export interface CardMarks {
  offered?: boolean;   // the view offers a choice about this card
  key?: string;        // data-key: zone:owner:index
  id?: number;         // the view's stable id of the copy, once views carry one
}

export const badgeTip = (stage: Stage, level: number): string =>
  `${stageLetters[stage]}${level}: ${stageNames[stage]} level ${level}. This card adds ${level} to your ${stageNames[stage]} Stage level and ${level} Development Point${level === 1 ? "" : "s"} at the end.`;

export const abilityTips = {
  reusable: "Reusable (↻): once every round.",
  single: "Single-use (①): covered once used, until an ability uncovers it.",
  bottom: "Bureaucracy: resolved after the four Stages, one per turn; a mandatory one must be resolved.",
  leader: "Leader (★): an Agency holds one Leader only; another one goes to the Lab.",
  symbols: "Breakthrough symbols: the most symbols in a category scores 6 Development Points.",
  covered: "Covered: this card's single-use ability (①, struck through) was used; it cannot be used again until an ability uncovers it.",
  leftUsed: "Used this round: this card's reusable ability (↻) was used this round; it can be used again next round.",
  rightUsed: "Used this round: this card's single-use ability (①) was used this round.",
  bottomUsed: "Resolved this round: this card's Bureaucracy ability (▤) was resolved this round.",
};

const categoryList = [0, 1, 2, 3].map((i) => categoryNames[i as keyof typeof categoryNames]);

function Levels({ card }: { card: SrCardMsg }) {
  const chips = card.levels
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l > 0)
    .map(({ l, i }) => (
      <Tip key={i} class={`sr-lvl ${stageClass(i as Stage)}`} text={badgeTip(i as Stage, l)}>
        {`${stageLetters[i]}${l}`}
      </Tip>
    ));
  return chips.length ? <span class="sr-levels">{chips}</span> : null;
}

function Stripe({ s }: { s: Stage }) {
  return <span class={`sr-stripe ${stageClass(s)}`}>{stageNames[s]}</span>;
}

// A card in full. `agency` adds the covered and used marks of a card in an Agency. The
// abilities are the kit card's text, so the kit fits them to the card: every whole line the
// card has room for, "…" and data-cut where they are still cut, all of them in the zoom.
// The levels, the symbols and the "① covered" mark stand above them, in the kit's badge
// line, and are never cut: a covered ability's words are struck where they show, but its
// mark was the last words of the text and went with the cut (a phone saw it only in the
// zoom), and which abilities are covered is what a player reads the Agency for. So do the
// marks of the abilities used (or resolved) this round, "↻ used", "① used", "▤ resolved":
// they ended their rows as " used this round", and a phone cut them with the text (Solar
// Panels' "↻ Split 2 between …" fills the 4 lines a 390 px card shows). They are short, so
// the badge line stays one line and the card no taller; their Tips say "this round".
// Once the game is over (`over`) no ability is "used this round": there is no round left
// to use it in.
export function SrCard({ card, marks = {}, agency, over = false }: { card: SrCardMsg; marks?: CardMarks; agency?: AgencyCard; over?: boolean }) {
  const covered = agency?.covered ?? false;
  const leftUsed = !over && !!agency?.leftUsed;
  const rightUsed = !over && !!agency?.rightUsed;
  const bottomUsed = !over && !!agency?.bottomUsed;
  const symbols = symbolText(card.symbols);
  const abilities = [
    card.left ? (
      <span key="left" class={`sr-ab reusable${leftUsed ? " used" : ""}`}>
        <Tip class="sr-ab-kind" text={abilityTips.reusable}>↻</Tip> <Stripe s={card.leftStripe} /> {card.left}
      </span>
    ) : null,
    card.right ? (
      <span key="right" class={`sr-ab single${covered ? " covered" : ""}${rightUsed && !covered ? " used" : ""}`}>
        {/* The words alone, so a covered ability strikes them and not its ①. Its "covered"
            or "used" mark is in the badge line (below), where the text's cut never reaches it. */}
        <Tip class="sr-ab-kind" text={abilityTips.single}>①</Tip> <Stripe s={card.rightStripe} /> <span class="sr-ab-words">{card.right}</span>
      </span>
    ) : null,
    card.bottom ? (
      <span key="bottom" class={`sr-ab bottom${bottomUsed ? " used" : ""}`}>
        <Tip class="sr-ab-kind" text={abilityTips.bottom}>▤</Tip> {card.bottom}
      </span>
    ) : null,
  ].filter(Boolean);
  return (
    <Card
      id={marks.id ?? cardId(card)}
      name={card.name}
      kind={stageClass(card.type)}
      kindLabel={`${stageNames[card.type]}${card.leader ? " · Leader" : ""}`}
      leader={card.leader}
      highlight={marks.offered}
      wide
      class="sr-card"
      badges={
        <span class="sr-card-marks" data-card={card.code} data-key={marks.key}>
          <Levels card={card} />
          {symbols ? (
            <Tip class="sr-symbols" text={`${abilityTips.symbols} Categories: ${categoryList.join(", ")}.`}>
              {symbols}
            </Tip>
          ) : null}
          {covered ? (
            <Tip class="sr-covered-mark" text={abilityTips.covered}>
              ① covered
            </Tip>
          ) : null}
          {leftUsed ? <Tip class="sr-used-mark" text={abilityTips.leftUsed}>↻ used</Tip> : null}
          {rightUsed && !covered ? <Tip class="sr-used-mark" text={abilityTips.rightUsed}>① used</Tip> : null}
          {bottomUsed ? <Tip class="sr-used-mark" text={abilityTips.bottomUsed}>▤ resolved</Tip> : null}
        </span>
      }
      text={abilities.length ? abilities : undefined}
    />
  );
}

// A card in a Lab or the opponent's pile: small, levels and symbols; the whole card on zoom.
export function SrMini({ card, marks = {} }: { card: SrCardMsg; marks?: CardMarks }) {
  const detail = [levelText(card), symbolText(card.symbols)].filter(Boolean).join(" · ");
  const text = [card.left && `↻ ${card.left}`, card.right && `① ${card.right}`, card.bottom].filter(Boolean).join(" / ");
  return (
    <Card
      id={marks.id ?? cardId(card)}
      name={card.name}
      kind={stageClass(card.type)}
      kindLabel={stageNames[card.type]}
      leader={card.leader}
      highlight={marks.offered}
      note={detail || undefined}
      text={text || undefined}
      small
      class="sr-mini"
    >
      <span data-card={card.code} data-key={marks.key} />
    </Card>
  );
}

export function SrBack({ label = "a face-down card" }: { label?: string }) {
  return <Card name="" faceDown backLabel={label} small class="sr-back" />;
}

export function controlText(c: ControlCard): string {
  return [
    `${c.name}: level ${c.level} ${stageNames[c.type]}.`,
    c.acquire ? `Acquire: ${c.acquire}` : "",
    c.extra ? `${c.extraIsBureaucracy ? "Bureaucracy" : "Also"}: ${c.extra}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function ControlChip({ c, extraClass = "" }: { c: ControlCard; extraClass?: string }) {
  return (
    // The chip is the inner span, so its text is the card's name alone (the tip's text sits beside it).
    <Tip class="sr-control-tip" text={controlText(c)}>
      <span class={`sr-control ${stageClass(c.type)} ${extraClass}`.trim()} data-control={c.code}>
        {c.name}
      </span>
    </Tip>
  );
}
