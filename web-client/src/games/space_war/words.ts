// Space War in the players' words: faction names and colours, Power texts, phases. Only
// names for what the server sends; no rule lives here.
import type { CardPool } from "../../gen/starport/v1/protocol_pb.js";
import { Faction, Phase, PowerState, type Card } from "../../gen/starport/v1/space_war_pb.js";
import { poolCardAt } from "../../decks/pool_cache.js";

export const gameId = "space_war";

export const factions: { value: Faction; name: string }[] = [
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

// The colour class of a faction's cards and marks (kit.css: card--dwarves …).
export function factionKind(f: Faction): string | undefined {
  const name = factions.find((x) => x.value === f)?.name;
  return name ? name.toLowerCase() : undefined;
}

// What each Power does, in the rules notes' words (docs/rules/space_war.md).
export const powerTexts: Record<string, string> = {
  "Dwarven Armor": "Trigger before battle begins: +1 Strength in this step.",
  Peace:
    "Trigger before battle begins: the contest ends with no winner; every card returns to the discard pile of the player who added it (cards of players conquered during this contest are lost).",
  Regeneration:
    "Trigger before battle begins: your face-up card goes to your discard pile and the next card of your deck is revealed in its place.",
  Swarm: "Permanent: a Goblin Sapper (1) revealed face up counts as 11 when it faces exactly one opposing face-up card and that card is a 10.",
  Salvage: "Trigger after winning a Battle: take the top card of one opponent's discard pile into your discard pile.",
};

export function powerText(name: string): string {
  return powerTexts[name] ?? "";
}

export const powerStateNames: Record<PowerState, string> = {
  [PowerState.NO_POWER]: "no power",
  [PowerState.INACTIVE]: "inactive",
  [PowerState.ACTIVE]: "active",
  [PowerState.PERMANENT]: "permanent",
};

export const powerStateTips: Record<PowerState, string> = {
  [PowerState.NO_POWER]: "This faction has no Power Card.",
  [PowerState.INACTIVE]: "Inactive: cannot be triggered until its leader's condition activates it.",
  [PowerState.ACTIVE]: "Active: may be triggered once; then it turns Inactive.",
  [PowerState.PERMANENT]: "Permanent: always on, never turns Inactive.",
};

export const phaseNames: Record<Phase, string> = {
  [Phase.PHASE_UNSPECIFIED]: "",
  [Phase.FLIP_PHASE]: "Flip",
  [Phase.BEFORE_BATTLE]: "Before battle",
  [Phase.AFTER_BATTLE]: "After battle",
  [Phase.GAME_OVER]: "Game over",
};

// The engine's reasons a match ends, in players' words ("You lost: Vega won (the most cards
// at the contest limit)."); last_standing reads well as the kit's default.
const reasons: Record<string, string> = {
  contest_limit: "the most cards at the contest limit",
  all_conquered: "every player was Conquered",
};

export function reasonWords(reason: string): string | undefined {
  return reasons[reason];
}

export const stepName = (step: number): string => (step === 0 ? "Reveal" : `War step ${step}`);

// What a card of the view is: the view names only its kind; the catalog (ListCards
// "space_war", PoolCard tags [faction, code], stats Strength and Faction) says the rest.
// Undefined until the catalog has arrived.
export interface CardKind {
  code: string;
  name: string;
  faction: Faction;
  strength: number;
  leader: boolean;
  text: string;
}

export function cardKind(c: Card | undefined, pool: CardPool | undefined): CardKind | undefined {
  const p = c ? poolCardAt(pool, c.kind) : undefined;
  if (!p) return undefined;
  const stat = (name: string) => p.stats.find((s) => s.name === name)?.value ?? 0;
  return { code: p.tags[1] ?? "", name: p.name, faction: stat("Faction") as Faction, strength: stat("Strength"), leader: p.kind === "Leader", text: p.text };
}
