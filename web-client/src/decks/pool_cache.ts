// A deck game's card pool (ListCards), asked once per game and kept in memory: the deck
// builder, the lobby and the table's card text all read it. The App says how to ask
// (`setPoolSource`, its connection); a failed request is forgotten, so the next caller asks
// again. Tables use `usePool`, which draws again when the pool arrives.
import { useEffect, useState } from "preact/hooks";

import type { Connection } from "../connection.js";
import type { CardPool, PoolCard } from "../gen/starport/v1/protocol_pb.js";
import { cardOnItsWay, unknownCard } from "../kit/words.js";

const pools = new Map<string, Promise<CardPool>>();
const ready = new Map<string, CardPool>();
let source: Pick<Connection, "request"> | null = null;

export function setPoolSource(conn: Pick<Connection, "request">): void {
  source = conn;
}

export function cardPool(conn: Pick<Connection, "request"> | null, game: string): Promise<CardPool> {
  let p = pools.get(game);
  if (!p) {
    const via = conn ?? source;
    if (!via) return Promise.reject(new Error("no connection to ask for the card pool"));
    p = via.request({ case: "listCards", value: { game } }).then((reply) => {
      if (reply.body.case !== "cardPool") throw new Error(`ListCards answered with ${reply.body.case}`);
      ready.set(game, reply.body.value);
      return reply.body.value;
    });
    p.catch(() => pools.delete(game));
    pools.set(game, p);
  }
  return p;
}

// The pool if it has arrived (synchronous, for drawing), else undefined.
export function loadedPool(game: string): CardPool | undefined {
  return ready.get(game);
}

// Tests and fixtures put a pool in directly.
export function setPool(pool: CardPool): void {
  ready.set(pool.game, pool);
  pools.set(pool.game, Promise.resolve(pool));
}

// The pool for drawing: undefined until it arrives (asked on first use), then the pool.
export function usePool(game: string): CardPool | undefined {
  const [pool, setPoolState] = useState<CardPool | undefined>(ready.get(game));
  useEffect(() => {
    if (pool) return;
    let live = true;
    cardPool(null, game).then((p) => live && setPoolState(p), () => {});
    return () => {
      live = false;
    };
  }, [game]);
  return pool ?? ready.get(game);
}

// A card kind of a pool by its index (the pool lists them in index order).
export function poolCardAt(pool: CardPool | undefined, kind: number): PoolCard | undefined {
  const at = pool?.cards[kind];
  return at && at.index === kind ? at : pool?.cards.find((c) => c.index === kind);
}

// The names for "{card:K}" in log lines: the game's catalog, asked for only when `wanted`
// (a line names a card), "…" until it arrives ("card K" for a K past its end).
export function useCardNames(game: string | undefined, wanted: boolean): (kind: number) => string {
  const [pool, setPoolState] = useState<CardPool | undefined>(game ? ready.get(game) : undefined);
  useEffect(() => {
    if (!game || !wanted || pool?.game === game) return;
    let live = true;
    cardPool(null, game).then((p) => live && setPoolState(p), () => {});
    return () => {
      live = false;
    };
  }, [game, wanted]);
  const have = game ? ready.get(game) ?? (pool?.game === game ? pool : undefined) : undefined;
  // Until the catalog arrives a card reads as the table's "…", not "card 17" for a moment.
  return (kind) => (have ? poolCardAt(have, kind)?.name ?? unknownCard(kind) : cardOnItsWay);
}
