// Diffs between two filtered views, the TypeScript twin of server/protocol/view_diff.hpp.
//
// Format (ViewUpdate in proto/starport/v1/protocol.proto): `cleared` lists the top-level
// field numbers whose value changed; `changed` is a serialized View holding only those
// fields' new values. Applying = clear every listed field, then merge `changed`.
// Generic over every game's View message through protobuf-es reflection.
import {
  clearField,
  clone,
  fromBinary,
  toBinary,
  type DescMessage,
  type MessageShape,
} from "@bufbuild/protobuf";

// The view after the diff, a new message; `view` itself is never modified. Only the
// listed fields get new values: every other field of the result is the very object of
// `view` (same identity), so a component drawing an unchanged zone can tell it has not
// changed and skip it. Equivalent to "clear every listed field, then merge `changed`"
// because `changed` holds only listed fields (the server's diff, and diffViews below).
// Null (like the C++ apply_diff returning false) when `cleared` names a field the message
// lacks or `changed` does not parse.
export function applyDiff<Desc extends DescMessage>(
  schema: Desc,
  view: MessageShape<Desc>,
  changed: Uint8Array,
  cleared: readonly number[],
): MessageShape<Desc> | null {
  const fields = [];
  for (const number of cleared) {
    const field = schema.fields.find((f) => f.number === number);
    if (!field) return null;
    fields.push(field);
  }
  let delta: MessageShape<Desc>;
  try {
    delta = fromBinary(schema, changed);
  } catch {
    return null;
  }
  // A shallow copy keeps the prototype (proto2 defaults live there) and every field's object.
  const next = Object.assign(Object.create(Object.getPrototypeOf(view) as object) as object, view) as Record<string, unknown>;
  const from = delta as unknown as Record<string, unknown>;
  for (const field of fields) {
    if (field.oneof) {
      const group = field.oneof.localName;
      const incoming = from[group] as { case: string | undefined };
      const current = next[group] as { case: string | undefined };
      if (incoming.case === field.localName) next[group] = incoming;
      else if (current.case === field.localName) next[group] = { case: undefined };
    } else {
      next[field.localName] = from[field.localName];
    }
  }
  return next as MessageShape<Desc>;
}

export interface ViewDiff {
  changed: Uint8Array;
  cleared: number[];
}

// The diff from `before` to `after`, as the server computes it: a top-level field is
// listed when its serialized value differs. Used by tests to build updates without a server.
export function diffViews<Desc extends DescMessage>(
  schema: Desc,
  before: MessageShape<Desc>,
  after: MessageShape<Desc>,
): ViewDiff {
  const partial = clone(schema, after);
  const cleared: number[] = [];
  for (const field of schema.fields) {
    if (sameField(schema, before, after, field.number)) clearField(partial, field);
    else cleared.push(field.number);
  }
  return { changed: toBinary(schema, partial), cleared };
}

// Two messages' values of one field compared by their serialized form.
function sameField<Desc extends DescMessage>(
  schema: Desc,
  a: MessageShape<Desc>,
  b: MessageShape<Desc>,
  number: number,
): boolean {
  const only = (m: MessageShape<Desc>) => {
    const c = clone(schema, m);
    for (const f of schema.fields) if (f.number !== number) clearField(c, f);
    return toBinary(schema, c);
  };
  return bytesEqual(only(a), only(b));
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
