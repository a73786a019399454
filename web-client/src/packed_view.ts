// Packed views (docs/protocol.md and docs/web-client.md, "Packed views"): a match's view
// updates packed alone against the game's trained dictionary: one byte, the dictionary's
// ID, then raw deflate with the dictionary preset, inflated with fflate. The dictionaries
// are a chunk of their own, fetched once at startup alongside the page (the first paint
// does not wait for them); Hello names them (Hello.dictionaries) only once they are in, so
// a page that could not load them gets plain `view` frames.
import { fromBinary } from "@bufbuild/protobuf";
import { inflateSync } from "fflate";

import type { ViewDictionary } from "./gen/dictionaries.js";
import { ViewUpdateSchema, type ViewUpdate } from "./gen/starport/v1/protocol_pb.js";

// A chunk that does not come in time (a stalled fetch): Hello goes without dictionaries.
const loadTimeoutMs = 5000;

let settled = false;
let loaded: readonly ViewDictionary[] = [];
// Dictionary ID (a file's first byte) → the preset dictionary (the rest of the file).
const byId = new Map<number, Uint8Array>();

async function load(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the view dictionaries did not load")), loadTimeoutMs);
  });
  try {
    const { dictionaries } = await Promise.race([import("./gen/dictionaries.js"), timeout]);
    for (const d of dictionaries) {
      const file = Uint8Array.from(atob(d.bytes), (c) => c.charCodeAt(0));
      byId.set(file[0], file.subarray(1));
    }
    loaded = dictionaries;
    return true;
  } finally {
    clearTimeout(timer);
  }
}

// True when packed views can be read; false when the chunk did not load.
export const packedReady: Promise<boolean> = load()
  .catch(() => false)
  .then((ok) => {
    settled = true;
    return ok;
  });

// True once packedReady has resolved (a later Hello need not wait).
export function packedSettled(): boolean {
  return settled;
}

// What Hello.dictionaries lists: "game:hash" for each dictionary this page can use.
export function helloDictionaries(): string[] {
  return loaded.map((d) => `${d.game}:${d.hash}`);
}

// An update that inflates past this is read as lost, as by the server's own readers
// (docs/protocol.md, "Packed views"): a frame cannot make the page hold more than this.
export const maxUnpackedBytes = 1 << 20;
// One buffer for every frame, a byte past the limit: fflate writes what fits into a buffer
// it is given and drops the rest, so a frame that fills it is one that went over.
let inflated: Uint8Array | undefined;

// A ServerMessage.packed_view's ViewUpdate; throws when it does not unpack.
export function unpackView(bytes: Uint8Array): ViewUpdate {
  const dictionary = byId.get(bytes[0]);
  if (!dictionary) throw new Error(`no view dictionary with ID ${bytes[0]}`);
  inflated ??= new Uint8Array(maxUnpackedBytes + 1);
  const update = inflateSync(bytes.subarray(1), { dictionary, out: inflated });
  if (update.length > maxUnpackedBytes) throw new Error(`a packed view unpacks past ${maxUnpackedBytes} bytes`);
  // A copy: the update's bytes fields would otherwise point into the buffer the next frame fills.
  return fromBinary(ViewUpdateSchema, update.slice());
}
