// The S.P.A.C.E. map, drawn from View.board (the engine's board data, the one source for
// the map): deep-space regions by patrol (patrolled: solid blue; unpatrolled: dashed amber),
// destinations by colour (with a letter, not only a colour), connections, each sector's
// links tinted by its patrol; then ships, open contracts and the Dockyard. The viewer's legal
// MOVE targets are ringed and carry a see-through button over the map (the real move,
// ctx.ActionButton; the ring is its only mark, so no word covers a place's name);
// a zoom toggle makes the map twice as wide inside a scrolling frame (phones pan by
// scrolling), opened on the viewer's ship.
import { useEffect, useRef, useState } from "preact/hooks";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import { ActionKind, Colour, LocationKind, type Location, type View } from "../../gen/starport/v1/scoundrels_pb.js";
import { Tip } from "../../kit/tip.js";
import type { TableContext } from "../types.js";
import { actionLabel, colourNames, dockyardNews } from "./words.js";

export const mapTips = {
  patrolled: "Patrolled deep space (blue): the authorities are strong here.",
  unpatrolled: "Unpatrolled deep space (amber, dashed): even the long arm of the law struggles to reach.",
  green: "Green destination: heavily policed. Draws from the green cantina deck.",
  purple: "Purple destination: in between. Draws from the purple cantina deck.",
  red: "Red destination: largely outlaw. Draws from the red cantina deck.",
  dockyard: "The Dockyard: visit it to refit your ship (it moves on the 1st Player's roll at the end of each turn).",
  contract: "An open contract waiting at its origin: pick it up with a conscious crew.",
};

const letter: Record<number, string> = { [Colour.GREEN]: "G", [Colour.PURPLE]: "P", [Colour.RED]: "R" };

function shipOffsets(n: number, r: number): [number, number][] {
  return Array.from({ length: n }, (_, i) => {
    const ang = -Math.PI / 2 + (i * 2 * Math.PI) / Math.max(1, n);
    return [Math.cos(ang) * r, Math.sin(ang) * r];
  });
}

// Where ship tokens stand at a place. Deep Space has room in its circle; at a destination
// they stand on its edge, left first, then above-left, below-left, on top and right (its name is
// below, a contract's mark above-right), so the colour's letter in the middle stays in
// sight: a token on it left only the colour to tell green from red.
const destinationAngles = [180, 225, 135, 270, 0, 315].map((d) => (d * Math.PI) / 180);
export function shipSpots(n: number, deep: boolean, rDest: number): [number, number][] {
  if (deep) return shipOffsets(n, n > 2 ? 27 : n > 1 ? 20 : 0);
  const r = rDest + 6;
  return Array.from({ length: n }, (_, i) => {
    const ang = destinationAngles[i % destinationAngles.length];
    return [Math.round(Math.cos(ang) * r), Math.round(Math.sin(ang) * r)];
  });
}
export const shipRadius = 15;

// A phone-wide map has room for one word a place (full names overlap there, at a third of
// their size); the zoomed map and wider screens show the whole name (scoundrels.css).
export function shortName(name: string): string {
  return name.split(" ")[0] ?? name;
}

export type Box = { left: number; right: number; top: number; bottom: number };
const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

// A place's name at baseline y, estimated generously (0.7 em a character, the font's ascent
// and descent), enough to keep names apart in any sans font.
export function nameBox(l: Location, text: string, size: number, y: number): Box {
  const half = (text.length * size * 0.7) / 2;
  return { left: l.x - half, right: l.x + half, top: y - size * 0.95, bottom: y + size * 0.3 };
}

// Where each place's name goes (its baseline's y): under the place, unless it would run
// into a name already placed — then a deep-space region's goes above its circle (nothing
// else is drawn there; a destination's contract and Dockyard marks are), else a line lower.
// Destinations are placed first.
export function placeNames(locs: Location[], text: (l: Location) => string, size: number, rDeep: number, rDest: number): Map<number, number> {
  const boxes: Box[] = [];
  const out = new Map<number, number>();
  const clear = (b: Box) => !boxes.some((o) => overlap(b, o) > 0);
  const order = [...locs].sort((a, b) => Number(a.kind === LocationKind.DEEP_SPACE) - Number(b.kind === LocationKind.DEEP_SPACE));
  for (const l of order) {
    const deep = l.kind === LocationKind.DEEP_SPACE;
    const r = deep ? rDeep : rDest;
    const below = l.y + r + size * 1.05;
    const tries = deep ? [below, l.y - r - size * 0.35, below + size * 1.1] : [below, below + size * 1.1];
    const y = tries.find((t) => clear(nameBox(l, text(l), size, t))) ?? below;
    boxes.push(nameBox(l, text(l), size, y));
    out.set(l.index, y);
  }
  return out;
}

export const dockyardBadge = 30;
// The badge's top-left corner, beside its destination: the first spot (top-left first, as
// it always sat) that covers nothing drawn — a place, a name at either width, a contract
// mark — else the spot that covers least. A badge on a name hid it ("Orpheus Ri…").
export function dockyardSpot(at: Location, taken: Box[]): { x: number; y: number } {
  const spots = [[-52, -44], [-15, -70], [-68, -15], [38, -15], [-52, 14], [22, 14], [22, -44], [-15, 40]];
  let best = { x: at.x + spots[0][0], y: at.y + spots[0][1] };
  let least = Infinity;
  for (const [dx, dy] of spots) {
    const b = { left: at.x + dx, top: at.y + dy, right: at.x + dx + dockyardBadge, bottom: at.y + dy + dockyardBadge };
    const covered = taken.reduce((n, t) => n + overlap(b, t), 0);
    if (covered < least) [best, least] = [{ x: b.left, y: b.top }, covered];
    if (!covered) break;
  }
  return best;
}

// What the Dockyard badge must not cover: every other place, every name (full and one-word,
// as drawn at either width), the open contracts' marks and the ship tokens (`ships`).
export function mapMarks(locs: Location[], dockyard: number, fullNameY: Map<number, number>, shortNameY: Map<number, number>, contractsAt: Iterable<number>, rDeep: number, rDest: number, ships: Box[] = []): Box[] {
  const marks: Box[] = [...ships];
  for (const l of locs) {
    const r = l.kind === LocationKind.DEEP_SPACE ? rDeep : rDest + 6;
    if (l.index !== dockyard) marks.push({ left: l.x - r, right: l.x + r, top: l.y - r, bottom: l.y + r });
    marks.push(nameBox(l, l.name, 22, fullNameY.get(l.index) ?? 0), nameBox(l, shortName(l.name), 30, shortNameY.get(l.index) ?? 0));
  }
  for (const i of contractsAt) {
    const l = locs[i];
    if (l) marks.push({ left: l.x + 20, right: l.x + 46, top: l.y - 46, bottom: l.y - 12 });
  }
  return marks;
}

export function moveTargets(view: View, viewer: number | null): Map<number, Action> {
  const m = new Map<number, Action>();
  if (viewer === null) return m;
  for (const a of view.legalActions) if (a.seat === viewer && a.kind === ActionKind.MOVE) m.set(a.args[0], a);
  return m;
}

// Where the zoomed map opens: on the viewer's ship and the places it may go (their
// middle), else the middle of the map. It opened at the left edge, the ship out of sight.
export function zoomFocus(view: View, viewer: number | null): { x: number; y: number } {
  const locs = view.board?.locations ?? [];
  const me = viewer !== null ? view.ships.find((s) => s.seat === viewer && !s.out) : undefined;
  const points = [me?.location, ...moveTargets(view, viewer).keys()].flatMap((i) => (i !== undefined && locs[i] ? [locs[i]] : []));
  if (!points.length) return { x: 500, y: 500 };
  return { x: points.reduce((n, l) => n + l.x, 0) / points.length, y: points.reduce((n, l) => n + l.y, 0) / points.length };
}

// The frame's scroll that puts a map point (viewBox units, -20..1020) in its middle.
export function scrollToPoint(p: { x: number; y: number }, canvas: { width: number; height: number }, frame: { width: number; height: number }) {
  return {
    left: Math.max(0, ((p.x + 20) / 1040) * canvas.width - frame.width / 2),
    top: Math.max(0, ((p.y + 20) / 1040) * canvas.height - frame.height / 2),
  };
}

export function SpaceMap({ view, ctx }: { view: View; ctx: TableContext }) {
  const [zoom, setZoom] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  // Only when the zoom is switched on: later views must not pull the map away from where the player panned.
  useEffect(() => {
    const frame = frameRef.current;
    const canvas = frame?.firstElementChild as HTMLElement | null;
    if (!zoom || !frame || !canvas) return;
    const to = scrollToPoint(zoomFocus(view, ctx.viewer), { width: canvas.clientWidth, height: canvas.clientHeight }, { width: frame.clientWidth, height: frame.clientHeight });
    frame.scrollTo({ left: to.left, top: to.top });
  }, [zoom]);
  const board = view.board;
  if (!board || !board.locations.length) return <p class="muted">The map is not known yet.</p>;
  const locs = board.locations;
  const at = (i: number): Location | undefined => locs[i];
  const targets = moveTargets(view, ctx.viewer);
  const B = ctx.ActionButton;
  const me = ctx.viewer !== null ? view.ships.find((s) => s.seat === ctx.viewer) : undefined;
  const shipsAt = new Map<number, number[]>();
  for (const s of view.ships) if (!s.out) shipsAt.set(s.location, [...(shipsAt.get(s.location) ?? []), s.seat]);
  const contractsAt = new Map<number, number>();
  for (const c of view.openContracts) contractsAt.set(c.origin, (contractsAt.get(c.origin) ?? 0) + 1);
  const patrolOf = (i: number) => at(i)?.kind === LocationKind.DEEP_SPACE ? (at(i)?.patrolled ? "patrolled" : "unpatrolled") : "";
  const rDeep = 40;
  const rDest = 26;
  const fullNameY = placeNames(locs, (l) => l.name, 22, rDeep, rDest);
  const shortNameY = placeNames(locs, (l) => shortName(l.name), 30, rDeep, rDest);
  const dockAt = at(view.dockyard);
  // Just moved by the turn's Dockyard roll: its new place is ringed and its badge pulses.
  const dockMoved = !!dockyardNews(view)?.moved;
  const shipAt = new Map<number, { x: number; y: number }>();
  for (const [loc, seats] of shipsAt) {
    const l = at(loc);
    if (!l) continue;
    const spots = shipSpots(seats.length, l.kind === LocationKind.DEEP_SPACE, rDest);
    seats.forEach((seat, i) => shipAt.set(seat, { x: l.x + spots[i][0], y: l.y + spots[i][1] }));
  }
  const shipBoxes = [...shipAt.values()].map((p) => ({ left: p.x - shipRadius, right: p.x + shipRadius, top: p.y - shipRadius, bottom: p.y + shipRadius }));
  const dock = dockAt ? dockyardSpot(dockAt, mapMarks(locs, view.dockyard, fullNameY, shortNameY, contractsAt.keys(), rDeep, rDest, shipBoxes)) : undefined;
  return (
    <section class={`sc-map${zoom ? " sc-map--zoom" : ""}`} aria-label="The map" data-testid="sc-map">
      <div class="sc-map__head">
        <h3>Map</h3>
        <span class="sc-legend muted">
          <Tip text={mapTips.patrolled}><span class="sc-key sc-key--patrolled" />patrolled</Tip>
          <Tip text={mapTips.unpatrolled}><span class="sc-key sc-key--unpatrolled" />unpatrolled</Tip>
          <Tip text={mapTips.green}><span class="sc-key sc-key--green">G</span>green</Tip>
          <Tip text={mapTips.purple}><span class="sc-key sc-key--purple">P</span>purple</Tip>
          <Tip text={mapTips.red}><span class="sc-key sc-key--red">R</span>red</Tip>
          <Tip text={mapTips.dockyard}><span class="sc-key sc-key--dock">D</span>Dockyard</Tip>
        </span>
        <button type="button" class="secondary sc-zoom" name="map-zoom" aria-pressed={zoom ? "true" : "false"} onClick={() => setZoom((z) => !z)}>
          {zoom ? "Fit the map" : "Zoom the map"}
        </button>
      </div>
      <div class="sc-map__frame" ref={frameRef}>
        <div class="sc-map__canvas">
          <svg viewBox="-20 -20 1040 1040" role="img" aria-label={mapSummary(view, ctx)} class="sc-map__svg">
            <g class="sc-links">
              {board.connections.map((c, i) => {
                const a = at(c.a);
                const b = at(c.b);
                if (!a || !b) return null;
                const deep = patrolOf(c.a) || patrolOf(c.b);
                return <line key={i} x1={a.x} y1={a.y} x2={b.x} y2={b.y} class={`sc-link${deep ? ` sc-link--${deep}` : ""}`} />;
              })}
            </g>
            {locs.map((l) => {
              const deep = l.kind === LocationKind.DEEP_SPACE;
              const target = targets.has(l.index);
              const here = me?.location === l.index;
              return (
                <g key={l.index} class={`sc-loc${deep ? ` sc-loc--deep sc-loc--${l.patrolled ? "patrolled" : "unpatrolled"}` : ` sc-loc--${colourNames[l.colour] || "none"}`}${target ? " sc-loc--target" : ""}${here ? " sc-loc--here" : ""}`} data-loc={l.index} data-name={l.name} data-neighbours={l.neighbours.join(",")}>
                  {target ? <circle class="sc-target-ring" cx={l.x} cy={l.y} r={(deep ? rDeep : rDest) + 12} /> : null}
                  {dockMoved && l.index === view.dockyard ? <circle class="sc-dock-ring" data-testid="sc-dock-ring" cx={l.x} cy={l.y} r={rDest + 20} /> : null}
                  <circle class="sc-loc__body" cx={l.x} cy={l.y} r={deep ? rDeep : rDest} />
                  {l.dockyard ? <circle class="sc-loc__dockable" cx={l.x} cy={l.y} r={rDest + 6} /> : null}
                  {!deep ? <text class="sc-loc__letter" x={l.x} y={l.y + 1} text-anchor="middle" dominant-baseline="central">{letter[l.colour] ?? ""}</text> : null}
                  <text class="sc-loc__name sc-loc__name--full" x={l.x} y={fullNameY.get(l.index)} text-anchor="middle">{l.name}</text>
                  <text class="sc-loc__name sc-loc__name--short" x={l.x} y={shortNameY.get(l.index)} text-anchor="middle">{shortName(l.name)}</text>
                </g>
              );
            })}
            {dock ? (
              <g class={`sc-dockyard${dockMoved ? " sc-dockyard--moved" : ""}`} data-testid="sc-dockyard" data-loc={view.dockyard}>
                <rect x={dock.x} y={dock.y} width={dockyardBadge} height={dockyardBadge} rx="5" />
                <text x={dock.x + dockyardBadge / 2} y={dock.y + dockyardBadge / 2 + 1} text-anchor="middle" dominant-baseline="central">D</text>
              </g>
            ) : null}
            {[...contractsAt].map(([loc, n]) => {
              const l = at(loc);
              if (!l) return null;
              return (
                <g key={`c${loc}`} class="sc-contract-mark" data-loc={loc}>
                  <rect x={l.x + 20} y={l.y - 46} width="26" height="34" rx="4" />
                  <text x={l.x + 33} y={l.y - 28} text-anchor="middle" dominant-baseline="central">{n > 1 ? n : "$"}</text>
                </g>
              );
            })}
            {[...shipsAt].flatMap(([loc, seats]) => seats.map((seat) => {
              const p = shipAt.get(seat);
              if (!p) return null;
              return (
                <g key={`s${seat}`} class={`sc-ship seat-colour-${seat % 6}${seat === ctx.viewer ? " sc-ship--you" : ""}`} data-seat={seat} data-loc={loc}>
                  <circle cx={p.x} cy={p.y} r={shipRadius} />
                  <text x={p.x} y={p.y + 1} text-anchor="middle" dominant-baseline="central">{seat + 1}</text>
                </g>
              );
            }))}
          </svg>
          {B
            ? [...targets].map(([loc, a]) => {
                const l = at(loc);
                if (!l) return null;
                return (
                  <div key={loc} class="sc-move" style={`left:${((l.x + 20) / 1040) * 100}%;top:${((l.y + 20) / 1040) * 100}%`}>
                    <B action={a} class="sc-move__btn">
                      <span class="visually-hidden">{actionLabel(a, view, ctx.seatName)}</span>
                    </B>
                  </div>
                );
              })
            : null}
        </div>
      </div>
    </section>
  );
}

// The map in words, for screen readers: where every ship, the Dockyard and the open contracts are.
export function mapSummary(view: View, ctx: TableContext): string {
  const name = (i: number) => view.board?.locations[i]?.name ?? `location ${i + 1}`;
  const ships = view.ships.filter((s) => !s.out).map((s) => `${ctx.seatName(s.seat)} at ${name(s.location)}`);
  const contracts = view.openContracts.map((c) => `${c.name} at ${name(c.origin)}`);
  const dock = dockyardNews(view)?.moved ? `the Dockyard, just moved, at ${name(view.dockyard)}` : `the Dockyard at ${name(view.dockyard)}`;
  return [`Map of ${view.board?.locations.length ?? 0} locations`, ships.join(", "), dock, contracts.length ? `open contracts: ${contracts.join(", ")}` : "no open contract"]
    .filter(Boolean)
    .join("; ");
}
