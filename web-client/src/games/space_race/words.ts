// Space Race in the players' words: Stage, category, zone and variant names, and the
// score estimate as the view carries it. No rule lives here — only names for what the
// server sends.
import {
  Category,
  Phase,
  Stage,
  Variant,
  Zone,
  type Card,
  type Score,
} from "../../gen/starport/v1/space_race_pb.js";

export const stageNames: Record<Stage, string> = {
  [Stage.PROPAGANDA]: "Propaganda",
  [Stage.TECHNOLOGY]: "Technology",
  [Stage.SPACE_PROGRAM]: "Space Program",
  [Stage.BREAKTHROUGH]: "Breakthrough",
  [Stage.BUREAUCRACY]: "Bureaucracy",
};

// One letter per Stage for level chips ("T2" = Technology level 2).
export const stageLetters = ["P", "T", "S", "B"];

// The four card types in Universe and Agency order.
export const cardTypes = [Stage.PROPAGANDA, Stage.TECHNOLOGY, Stage.SPACE_PROGRAM, Stage.BREAKTHROUGH];

export const stageClass = (s: Stage): string => `st-${["p", "t", "s", "b", "bu"][s] ?? "p"}`;

export const categoryNames: Record<Category, string> = {
  [Category.REACHING_FOR_THE_STARS]: "Reaching for the Stars",
  [Category.MAN_IN_SPACE]: "Man in Space",
  [Category.PLANET_EXPLORATION]: "Planet Exploration",
  [Category.EXTRATERRESTRIAL_LIFE]: "Extraterrestrial Life",
};

// Short names for symbol counts, as the rules notes write them.
export const categoryShort = ["Stars", "Man", "Planet", "Life"];

export const phaseNames: Record<Phase, string> = {
  [Phase.PHASE_UNSPECIFIED]: "",
  [Phase.MANAGE]: "Manage the Agency",
  [Phase.DEVELOP]: "Develop the Agency",
  [Phase.PREPARE]: "Prepare for the Next Decade",
  [Phase.SCORING]: "Scoring",
  [Phase.GAME_OVER]: "Game over",
};

export const variantNames: Record<Variant, string> = {
  [Variant.VARIANT_DEFAULT]: "Default (by seats)",
  [Variant.STANDARD]: "Standard",
  [Variant.COLD_WAR]: "Cold War scoring",
  [Variant.JFK]: "JFK solo",
};

export const difficultyNames = ["", "standard", "challenging", "unbeatable"];

// The engine's reasons a match ends, in players' words, for the end banner and the replay's
// outcome line ("You lost: Vega won (the most Development Points)."). eastern_bloc_won keeps the kit's
// default ("eastern bloc won"), which the banner reads as the Eastern bloc's win.
const reasons: Record<string, string> = {
  scored: "the most Development Points",
};

export function reasonWords(reason: string): string | undefined {
  return reasons[reason];
}

// The JFK automaton's name at the table.
export const opponentName = "Eastern bloc";

// Where a card comes from (`from`) or goes to (`to`) in a sentence.
export function zoneFrom(z: Zone): string {
  switch (z) {
    case Zone.UNIVERSE: return "from the Universe";
    case Zone.HAND: return "from your Hand";
    case Zone.AGENCY: return "from your Agency";
    case Zone.LAB: return "from a Lab";
    case Zone.FACE_DOWN: return "from the face-down Universe cards";
    case Zone.CONTROL: return "from your used Control Cards";
    case Zone.DECK: return "from the Deck";
    default: return "";
  }
}

export function zoneTo(z: Zone): string {
  switch (z) {
    case Zone.UNIVERSE: return "into the Universe";
    case Zone.HAND: return "into your Hand";
    case Zone.AGENCY: return "into your Agency";
    case Zone.LAB: return "into your Lab";
    case Zone.FACE_DOWN: return "into the Universe face down";
    case Zone.CONTROL: return "back to your supply";
    case Zone.DECK: return "onto the Deck";
    default: return "";
  }
}

// "T2 S1", the card's levels as chips read them.
export function levelText(card: Card): string {
  return card.levels
    .map((l, i) => (l > 0 ? `${stageLetters[i]}${l}` : ""))
    .filter(Boolean)
    .join(" ");
}

// "Stars×2 Life", the card's printed Breakthrough symbols.
export function symbolText(symbols: readonly number[]): string {
  return symbols
    .map((n, i) => (n > 1 ? `${categoryShort[i]}×${n}` : n === 1 ? categoryShort[i] : ""))
    .filter(Boolean)
    .join(" ");
}

// Development Points from the view's halves: "23", "23.5".
export function points(halves: number): string {
  return halves % 2 ? `${(halves - 1) / 2}.5` : String(halves / 2);
}

// The parts of a running score, as the engine computed them.
export function scoreParts(score: Score | undefined, variant: Variant): string[] {
  if (!score) return [];
  const cold = variant === Variant.COLD_WAR;
  const parts = [
    `${cold ? "levels compared" : "Agency level"} ${score.agencyLevel}`,
    `${cold ? "Labs compared" : "Lab"} ${score.laboratory}`,
    `${cold ? "symbols compared" : "categories"} ${score.categories}`,
  ];
  if (score.emptyDeckHalves) parts.push(`empty Deck ${points(score.emptyDeckHalves)}`);
  return parts;
}
