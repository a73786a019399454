// A deck game's card pool (ListCards), asked once per game and kept in memory: the deck
// builder, the lobby's deck picker and the table's card text all read it. A failed
// request is forgotten, so the next caller asks again.
import type { Connection } from "../connection.js";
import type { CardPool } from "../gen/starport/v1/protocol_pb.js";

const pools = new Map<string, Promise<CardPool>>();
const ready = new Map<string, CardPool>();

export function cardPool(conn: Pick<Connection, "request">, game: string): Promise<CardPool> {
  let p = pools.get(game);
  if (!p) {
    p = conn.request({ case: "listCards", value: { game } }).then((reply) => {
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

// Tests and the table's fixtures put a pool in directly.
export function setPool(pool: CardPool): void {
  ready.set(pool.game, pool);
  pools.set(pool.game, Promise.resolve(pool));
}
