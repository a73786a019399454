// Whether a failed request is worth a toast depends on who asked. A page asks for lists and
// catalogs by itself (on opening, on a new connection, every few seconds); when the
// connection drops under such a request, the connection's own toast has said so and the page
// asks again once it is back, so a second toast per request is noise.
import type { ServerError } from "./connection.js";

// The player (a button), the page itself, or a periodic refresh.
export type AskedBy = "pressed" | "auto" | "periodic";

// A refusal always shows. A lost connection shows only for a press (the player's action did
// not go through). A timeout shows unless the periodic refresh asked (the next one will).
export function failureShown(error: ServerError, asked: AskedBy): boolean {
  if (error.code === "disconnected") return asked === "pressed";
  if (error.code === "timeout") return asked !== "periodic";
  return true;
}
