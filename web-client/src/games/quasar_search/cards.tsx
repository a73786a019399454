// Quasar Search cards on the kit's card: a Player Card (name, value after Shifts, its
// effects' words), Lost in Space (no value), a Faction card, a Challenge (its Target in the
// corner, Success and Failure on zoom), and the back of a card chosen in secret. The view
// carries the words, so the table needs no card pool.
import { Card } from "../../kit/card.js";
import { EffectStyle, PersonalCard_Role, type Challenge, type Effect, type PlayerCard } from "../../gen/starport/v1/quasar_search_pb.js";
import { cardName, numeral, signed, targetLine, targetNames } from "./words.js";

export const roleNames: Record<number, string> = {
  [PersonalCard_Role.ROLE_NONE]: "",
  [PersonalCard_Role.PROJECT]: "Active Project",
  [PersonalCard_Role.LESSON]: "Lesson",
  [PersonalCard_Role.OVERCOMMIT]: "Overcommit",
};

// An effect's words, marked "used" once a Triggered effect was performed this phase.
export function effectLine(e: Effect): string {
  return `${e.text}${e.style === EffectStyle.TRIGGERED && e.used ? " (used this phase)" : ""}`;
}

export function QsCard(p: { card: PlayerCard | undefined; small?: boolean; highlight?: boolean; note?: string; faction?: boolean; flipIn?: boolean }) {
  const c = p.card;
  if (!c) return null;
  const lost = c.lostInSpace || !c.hasValue;
  const notes: string[] = [];
  if (c.shift) notes.push(`Shift ${signed(c.shift)}`);
  if (!lost && c.current !== c.value && !c.shift) notes.push(`now ${numeral(c.current)}`);
  if (p.note) notes.push(p.note);
  const kind = p.faction ? "qs-faction" : lost ? "qs-lost" : "qs-player";
  return (
    <Card
      id={c.id || undefined}
      name={cardName(c)}
      value={p.faction ? undefined : lost ? "—" : numeral(c.current)}
      kind={kind}
      kindLabel={p.faction ? "Faction" : lost ? "Lost in Space · no value" : c.project ? "Project" : "Player Card"}
      text={[...c.keywords, ...c.effects.map(effectLine)].join(" · ") || undefined}
      note={notes.join(" · ") || undefined}
      highlight={p.highlight}
      small={p.small}
      flipIn={p.flipIn}
      class="qs-card"
    />
  );
}

// A Challenge as a card (Sensors, the Confrontation's corner): Target in the corner.
export function ChallengeCard(p: { challenge: Challenge; small?: boolean; note?: string }) {
  const ch = p.challenge;
  const text = [
    `Target: ${targetLine(ch.target, ch.number, ch.targetText)}`,
    ch.effects.length ? ch.effects.map((e) => e.text).join(" · ") : "",
    `Success: ${ch.successText || "nothing more"}`,
    `Failure: ${ch.failureText || "nothing more"}`,
  ].filter(Boolean).join(" · ");
  return (
    <Card
      name={ch.name}
      kind="qs-challenge"
      kindLabel={`Challenge · ${targetNames[ch.target] ?? "Target"}`}
      value={targetLine(ch.target, ch.number, "") !== (targetNames[ch.target] ?? "") ? String(ch.number) : undefined}
      text={text}
      note={p.note}
      small={p.small}
      wide
      class="qs-card qs-challenge-card"
    />
  );
}

// The back of a card chosen in secret (the Confrontation while choices are hidden).
export function ChosenBack(p: { label: string; small?: boolean }) {
  return <Card name="" faceDown backLabel={p.label} small={p.small} class="qs-card" />;
}
