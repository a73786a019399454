// A view stream's log lines, decoded against the stream's table of line shapes, as the
// server codes them (docs/protocol.md, "Log lines"; server/protocol/log_table.hpp). A shape
// is a line with its numbers taken out, U+0001 in each one's place. A coded update
// (`logRefs` not empty) gives per line its shape's number then that shape's numbers; a
// shape numbered the table's size is new, its text the next "\n"-separated entry of
// `logLine` (with the table full, maxShapes, it is used once and not kept). A snapshot, and
// `logReset`, empty the table first.
import type { ViewUpdate } from "./gen/starport/v1/protocol_pb.js";

export const logSlot = "\u0001";
export const maxShapes = 256;   // as the server's log_table::max_shapes

export class LogReader {
  private shapes_: string[] = [];

  get size(): number {
    return this.shapes_.length;
  }

  // The lines an applied update (a snapshot, or the stream's next diff) adds, in order;
  // null when it does not decode against the table (then the stream needs a snapshot).
  read(update: Pick<ViewUpdate, "snapshot" | "logReset" | "logLine" | "logRefs">): string[] | null {
    if (update.snapshot || update.logReset) this.shapes_ = [];
    const texts = update.logLine.split("\n").filter((l) => l !== "");
    const refs = update.logRefs;
    if (refs.length === 0) return texts;
    const lines: string[] = [];
    let nextText = 0;
    let i = 0;
    while (i < refs.length) {
      const r = refs[i++];
      if (r > this.shapes_.length) return null;
      let shape: string;
      if (r === this.shapes_.length) {
        if (nextText >= texts.length) return null;
        shape = texts[nextText++];
        if (this.shapes_.length < maxShapes) this.shapes_.push(shape);   // else used once
      } else {
        shape = this.shapes_[r];
      }
      const parts = shape.split(logSlot);
      let line = parts[0];
      for (let k = 1; k < parts.length; ++k) {
        if (i >= refs.length) return null;
        line += String(refs[i++]) + parts[k];
      }
      lines.push(line);
    }
    return nextText === texts.length ? lines : null;
  }
}
