// A Terminus card on the kit's card: name, type colour, text and keywords from the pool
// (ListCards), its state from the view (a disabled Module is dimmed and says so, a Member
// shows its Morale, counters). A card the viewer may not identify is a back.
import type { CardPool } from "../../gen/starport/v1/protocol_pb.js";
import { CardType, type Card as ViewCard } from "../../gen/starport/v1/terminus_pb.js";
import { Card } from "../../kit/card.js";
import { Tip } from "../../kit/tip.js";
import { explain } from "./glossary.js";
import { typeNames } from "./words.js";

// `onShip`: a Module or a Member of a Ship's Crew, where face down means disabled and
// Morale is the live value. Anywhere else (a draft pool, a hand, a prompt, the Cascade, a
// Legacy or Destiny beside the Ship) a card is as printed (but for `morale`, below): the view's face and Morale
// there are not the card's state on a Ship (a draft pick is face down until the flip).
// `type`: what a card in this place is (a Ship's Modules, its Crew's Recruits), said on a
// back the viewer may not identify (the place already tells it, so it tells nothing more).
// `morale`: a Member's Morale now, where the card is shown away from its Crew (the Cascade).
export function TmCard(p: { card: ViewCard | undefined; pool: CardPool | undefined; small?: boolean; highlight?: boolean; where?: string; note?: string; onShip?: boolean; type?: CardType; morale?: number }) {
  const c = p.card;
  if (!c) return null;
  const type = typeNames[c.type !== CardType.CARD_TYPE_UNSPECIFIED ? c.type : p.type ?? c.type] ?? "Card";
  if (!c.known) return <Card id={c.id || undefined} name="" faceDown backLabel={`a face-down ${type}${p.where ? ` ${p.where}` : ""}`} small={p.small} class="tm-card" />;
  const def = p.pool?.cards[c.index];
  const notes: string[] = [];
  const off = !!p.onShip && !c.faceUp;
  const morale = p.onShip ? c.morale : p.morale ?? def?.stats.find((s) => s.name === "Morale")?.value;
  if (c.type === CardType.MODULE && off) notes.push("disabled");
  if (c.type === CardType.RECRUIT && off) notes.push("face down");
  if (c.type === CardType.RECRUIT && morale !== undefined) notes.push(`Morale ${morale}`);
  if (c.counters) notes.push(`${c.counters} counter${c.counters === 1 ? "" : "s"}`);
  if (p.note) notes.push(p.note);
  const power = def?.stats.find((s) => s.name === "Power")?.value;
  return (
    <Card
      id={c.id || undefined}
      name={def?.name ?? `Card ${c.index}`}
      kind={`tm-${type.toLowerCase()}`}
      kindLabel={type}
      value={c.type === CardType.RECRUIT ? (morale !== undefined ? String(morale) : undefined) : power !== undefined ? String(power) : undefined}
      text={def?.text ?? "(the card pool is loading)"}
      note={notes.join(" · ") || undefined}
      dim={(c.type === CardType.MODULE || c.type === CardType.RECRUIT) && off}
      highlight={p.highlight}
      small={p.small}
      class={`tm-card${c.type === CardType.MODULE && off ? " tm-disabled" : ""}`}
    >
      {def?.tags.length ? <span class="tm-tags">{def.tags.map((t) => <Tip key={t} text={explain(t)} class="tm-tag">{t}</Tip>)}</span> : null}
      {def?.stats.filter((s) => s.name !== "Power" && s.name !== "Morale").map((s) => <span key={s.name} class="tm-stat">{s.name} {s.value}</span>)}
    </Card>
  );
}
