// Diffs between two filtered views, the TypeScript twin of server/view_diff.hpp.
//
// Format (ViewUpdate in proto/starport/v1/protocol.proto): `cleared` lists the top-level
// field numbers whose value changed; `changed` is a serialized View holding only those
// fields' new values. Applying = clear every listed field, then merge `changed`.
// Generic over every game's View message through protobuf-es reflection.
import {
  clearField,
  clone,
  mergeFromBinary,
  toBinary,
  type DescMessage,
  type MessageShape,
} from "@bufbuild/protobuf";

// The view after the diff, a new message; `view` itself is never modified. Null (like the
// C++ apply_diff returning false) when `cleared` names a field the message lacks or
// `changed` does not parse.
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
  const next = clone(schema, view);
  for (const field of fields) clearField(next, field);
  try {
    mergeFromBinary(schema, next, changed);
  } catch {
    return null;
  }
  return next;
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
