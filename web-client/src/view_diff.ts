// Field-level view patches, the TypeScript twin of server/protocol/view_diff.hpp.
//
// A patch (ViewUpdate.patch; docs/protocol.md, "Views and diffs") is a sequence of entries
// in increasing field number, each a varint key `field << 2 | op`:
//   0 SET    the field's new value in its wire encoding (a packed list: one length-prefixed value)
//   1 CLEAR  back to the default (a list to empty, a message to absent)
//   2 PATCH  a length-prefixed patch of the nested message (an absent one starts empty)
//   3 LIST   a length-prefixed list patch (strings, bytes, messages): varint new length,
//            then entries in increasing index, key `index << 2 | op`: 0 SET (length-prefixed
//            element), 1 PATCH (length-prefixed patch of the element at index), 2 COPY
//            (varint from, varint count: old [from, from+count) go to [index, index+count)),
//            3 MOVE (varint from, length-prefixed patch of the old element `from`). Elements
//            not named keep the old one at their index; one past the old length must be named
//            (a PATCH there starts from an empty element).
// A message's patch may begin with BASE (key 0, then a varint id): it then starts from the
// old view's message of the same type with that stable `id` (a card that moved from one
// list or field to another) instead of the message at its place.
// Generic over every game's View through protobuf-es descriptors.
import {
  create,
  fromBinary,
  toBinary,
  ScalarType,
  type DescField,
  type DescMessage,
  type MessageShape,
} from "@bufbuild/protobuf";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";

const SET = 0;
const CLEAR = 1;
const PATCH = 2;
const LIST = 3;
const EL_SET = 0;
const EL_PATCH = 1;
const EL_COPY = 2;
const EL_MOVE = 3;
const maxDepth = 64;
const maxList = 1 << 20;

type Fields = Record<string, unknown>;

// The wire type protobuf's serializer uses for one value of the field.
function wireTypeOf(field: DescField): WireType {
  if (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message"))
    return WireType.LengthDelimited;
  if (field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum")) return WireType.Varint;
  if (field.fieldKind === "map") return WireType.LengthDelimited;
  switch (field.scalar) {
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return WireType.Bit64;
    case ScalarType.FLOAT:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return WireType.Bit32;
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return WireType.LengthDelimited;
    default:
      return WireType.Varint;
  }
}

// A list of numbers or enums: one packed record, set and cleared as one value.
function isPackedList(field: DescField): boolean {
  return field.fieldKind === "list" && wireTypeOf(field) !== WireType.LengthDelimited;
}

const byNumber = new WeakMap<DescMessage, Map<number, DescField>>();
function fieldOf(schema: DescMessage, number: number): DescField | undefined {
  let m = byNumber.get(schema);
  if (!m) {
    m = new Map(schema.fields.map((f) => [f.number, f]));
    byNumber.set(schema, m);
  }
  return m.get(number);
}

const defaults = new WeakMap<DescMessage, Fields>();
function defaultOf(schema: DescMessage): Fields {
  let d = defaults.get(schema);
  if (!d) {
    d = create(schema) as unknown as Fields;
    defaults.set(schema, d);
  }
  return d;
}

function varint(out: number[], value: number): void {
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

// One field's record(s) as the serializer writes them: tag + value, parsed by protobuf-es
// itself, so every scalar type (64-bit ones as bigint, enums, UTF-8) reads exactly as in a
// snapshot.
function parseField(schema: DescMessage, field: DescField, wire: WireType, value: Uint8Array): Fields {
  const head: number[] = [];
  varint(head, field.number * 8 + wire);
  const bytes = new Uint8Array(head.length + value.length);
  bytes.set(head);
  bytes.set(value, head.length);
  return fromBinary(schema, bytes) as unknown as Fields;
}

function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const head: number[] = [];
  varint(head, bytes.length);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head);
  out.set(bytes, head.length);
  return out;
}

// A shallow copy that keeps the prototype and every field's object.
function shallow<T extends object>(m: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(m) as object) as object, m) as T;
}

// Reads a value of wire type `wire` at the reader's position; its bytes as written after
// the tag (a length-delimited value with its length prefix).
function readValue(reader: BinaryReader, wire: WireType, bytes: Uint8Array): Uint8Array {
  const begin = reader.pos;
  reader.skip(wire);
  if (reader.pos > reader.len) throw new Error("past the end");
  return bytes.subarray(begin, reader.pos);
}

function readVarint(reader: BinaryReader): number {
  const v = reader.uint64();
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error("varint out of range");
  return n;
}

// The old view's messages that have a stable id, by type and id, for BASE: the first in
// serialization order (fields by number, a message before the messages inside it), as the
// C++ id_index finds them.
class ObjectIds {
  private index_: Map<string, Fields> | null = null;
  constructor(
    private readonly root: Fields,
    private readonly schema: DescMessage,
  ) {}

  find(schema: DescMessage, id: number): Fields | undefined {
    if (!this.index_) {
      this.index_ = new Map();
      this.walk(this.root, this.schema, 0);
    }
    return this.index_.get(`${schema.typeName}#${id}`);
  }

  private add(message: Fields, schema: DescMessage, depth: number): void {
    const id = idField(schema);
    if (id) {
      const v = Number(message[id.localName] ?? 0);
      const key = `${schema.typeName}#${v}`;
      if (v !== 0 && !this.index_!.has(key)) this.index_!.set(key, message);
    }
    this.walk(message, schema, depth + 1);
  }

  private walk(message: Fields, schema: DescMessage, depth: number): void {
    if (depth > maxDepth) return;
    for (const field of sortedFields(schema)) {
      if (field.fieldKind === "list" && field.listKind === "message") {
        for (const element of (message[field.localName] as Fields[] | undefined) ?? []) this.add(element, field.message, depth);
      } else if (field.fieldKind === "message") {
        const group = field.oneof?.localName;
        const value = group
          ? ((message[group] as { case?: string; value?: unknown }).case === field.localName ? (message[group] as { value: unknown }).value : undefined)
          : message[field.localName];
        if (value) this.add(value as Fields, field.message, depth);
      }
    }
  }
}

const sorted = new WeakMap<DescMessage, DescField[]>();
function sortedFields(schema: DescMessage): DescField[] {
  let f = sorted.get(schema);
  if (!f) {
    f = [...schema.fields].sort((a, b) => a.number - b.number);
    sorted.set(schema, f);
  }
  return f;
}

function applyMessage(schema: DescMessage, view: Fields, patch: Uint8Array, depth: number, ids: ObjectIds): Fields {
  if (depth > maxDepth) throw new Error("nested too deep");
  if (patch.length === 0) return view;
  const reader = new BinaryReader(patch);
  if (patch[0] === 0) {
    // BASE: start from the old view's message of this type with that id.
    reader.pos = 1;
    const id = readVarint(reader);
    const base = idField(schema) && id !== 0 ? ids.find(schema, id) : undefined;
    if (!base) throw new Error("BASE names no message of the old view");
    view = base;
  }
  const next = shallow(view);
  let last = 0;
  while (reader.pos < reader.len) {
    const key = readVarint(reader);
    const number = Math.floor(key / 4);
    const op = key % 4;
    if (number <= last) throw new Error("fields out of order");
    last = number;
    const field = fieldOf(schema, number);
    if (!field || field.fieldKind === "map") throw new Error(`no field ${number}`);
    const wire = wireTypeOf(field);
    const group = field.oneof?.localName;
    const current = () => {
      if (!group) return next[field.localName];
      const o = next[group] as { case: string | undefined; value?: unknown };
      return o.case === field.localName ? o.value : undefined;
    };
    const assign = (value: unknown) => {
      if (group) next[group] = { case: field.localName, value };
      else next[field.localName] = value;
    };
    if (op === CLEAR) {
      if (group) {
        if ((next[group] as { case: string | undefined }).case === field.localName) next[group] = { case: undefined };
      } else {
        next[field.localName] = field.fieldKind === "list" ? [] : defaultOf(schema)[field.localName];
      }
      continue;
    }
    if (isPackedList(field)) {
      if (op !== SET) throw new Error("a packed list is set whole");
      const value = readValue(reader, WireType.LengthDelimited, patch);
      next[field.localName] = parseField(schema, field, WireType.LengthDelimited, value)[field.localName];
      continue;
    }
    if (field.fieldKind === "list") {
      if (op !== LIST) throw new Error("a list takes LIST or CLEAR");
      next[field.localName] = applyList(schema, field, (next[field.localName] as unknown[]) ?? [], reader.bytes(), depth, ids);
      continue;
    }
    if (op === SET) {
      const parsed = parseField(schema, field, wire, readValue(reader, wire, patch));
      assign(group ? (parsed[group] as { value: unknown }).value : parsed[field.localName]);
      continue;
    }
    if (op !== PATCH || field.fieldKind !== "message") throw new Error("PATCH of a plain value");
    const base = (current() as Fields | undefined) ?? (create(field.message) as unknown as Fields);
    assign(applyMessage(field.message, base, reader.bytes(), depth + 1, ids));
  }
  return next;
}

function applyList(schema: DescMessage, field: DescField & { fieldKind: "list" }, was: unknown[], body: Uint8Array, depth: number, ids: ObjectIds): unknown[] {
  const reader = new BinaryReader(body);
  const length = readVarint(reader);
  if (length > maxList || length > was.length + body.length * (was.length + 1)) throw new Error("list too long");
  const out: unknown[] = new Array<unknown>(length);
  const filled = new Array<boolean>(length).fill(false);
  for (let i = 0; i < Math.min(length, was.length); i++) {
    out[i] = was[i];
    filled[i] = true;
  }
  const message = field.listKind === "message" ? field.message : undefined;
  let next = 0;
  while (reader.pos < reader.len) {
    const key = readVarint(reader);
    const index = Math.floor(key / 4);
    const op = key % 4;
    if (index < next || index >= length) throw new Error("list index out of order");
    let from = index;
    let count = 1;
    if (op === EL_SET) {
      const element = lengthPrefixed(reader.bytes());
      out[index] = (parseField(schema, field, WireType.LengthDelimited, element)[field.localName] as unknown[])[0];
    } else if (op === EL_COPY) {
      from = readVarint(reader);
      count = readVarint(reader);
      if (count === 0 || from + count > was.length || index + count > length) throw new Error("copy out of range");
      for (let k = 0; k < count; k++) out[index + k] = was[from + k];
    } else {
      if (op === EL_MOVE) from = readVarint(reader);
      // Past the old end, PATCH starts from an empty element.
      if (!message || (op === EL_MOVE && from >= was.length)) throw new Error("patch of no element");
      const base = from < was.length ? (was[from] as Fields) : (create(message) as unknown as Fields);
      out[index] = applyMessage(message, base, reader.bytes(), depth + 1, ids);
    }
    for (let k = 0; k < count; k++) filled[index + k] = true;
    next = index + count;
  }
  if (filled.includes(false)) throw new Error("a gap in the list");
  return out;
}

// The view after the patch, a new message; `view` itself is never modified. Only what the
// patch names gets new objects: every unchanged field, nested message and list element of
// the result is the very object of `view` (same identity), so a component drawing an
// unchanged zone can tell it has not changed and skip it. Null (like the C++ apply_diff
// returning false) when the patch is malformed or does not fit the schema.
export function applyPatch<Desc extends DescMessage>(
  schema: Desc,
  view: MessageShape<Desc>,
  patch: Uint8Array,
): MessageShape<Desc> | null {
  try {
    const root = view as unknown as Fields;
    return applyMessage(schema, root, patch, 0, new ObjectIds(root, schema)) as unknown as MessageShape<Desc>;
  } catch {
    return null;
  }
}

// ---- diff (the server's algorithm on the serialized views; tests build updates with it) ----

interface Rec {
  number: number;
  wire: WireType;
  begin: number;
  value: number;    // after the tag
  payload: number;  // after a length prefix
  end: number;
}

function splitRecords(bytes: Uint8Array): Rec[] {
  const reader = new BinaryReader(bytes);
  const out: Rec[] = [];
  while (reader.pos < reader.len) {
    const begin = reader.pos;
    const [number, wire] = reader.tag();
    const value = reader.pos;
    let payload = value;
    if (wire === WireType.LengthDelimited) {
      const length = reader.uint32();
      payload = reader.pos;
      reader.pos += length;
      if (reader.pos > reader.len) throw new Error("past the end");
    } else {
      reader.skip(wire);
      if (reader.pos > reader.len) throw new Error("past the end");
    }
    out.push({ number, wire, begin, value, payload, end: reader.pos });
  }
  return out.sort((a, b) => a.number - b.number);   // stable: elements keep their order
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// A map key for an element's bytes (one character a byte, in chunks: no argument limit).
function keyOf(b: Uint8Array): string {
  let out = "";
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode(...b.subarray(i, i + 8192));
  return out;
}

function put(out: number[], bytes: Uint8Array): void {
  for (const b of bytes) out.push(b);
}

function putFramed(out: number[], bytes: number[] | Uint8Array): void {
  varint(out, bytes.length);
  for (const b of bytes) out.push(b);
}

const varintSize = (v: number) => {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
};

function idField(schema: DescMessage | undefined): DescField | undefined {
  const f = schema?.fields.find((x) => x.name === "id");
  if (!f || f.fieldKind !== "scalar" || wireTypeOf(f) !== WireType.Varint || f.scalar === ScalarType.BOOL) return undefined;
  return f;
}

function idOf(element: Uint8Array, field: DescField): number {
  let found = 0;
  for (const r of splitRecords(element))
    if (r.number === field.number && r.wire === WireType.Varint) found = Number(new BinaryReader(element.subarray(r.value, r.end)).uint64());
  return found;
}

// The same index on the old view's bytes (the diff works on serializations).
class ByteIds {
  private index_: Map<string, Uint8Array> | null = null;
  constructor(
    private readonly root: Uint8Array,
    private readonly schema: DescMessage,
  ) {}

  find(schema: DescMessage, id: number): Uint8Array | undefined {
    if (!this.index_) {
      this.index_ = new Map();
      this.walk(this.root, this.schema, 0);
    }
    return this.index_.get(`${schema.typeName}#${id}`);
  }

  private walk(bytes: Uint8Array, schema: DescMessage, depth: number): void {
    if (depth > maxDepth) return;
    for (const r of splitRecords(bytes)) {
      const field = fieldOf(schema, r.number);
      if (!field || r.wire !== WireType.LengthDelimited) continue;
      const message = field.fieldKind === "message" ? field.message : field.fieldKind === "list" && field.listKind === "message" ? field.message : undefined;
      if (!message) continue;
      const payload = bytes.subarray(r.payload, r.end);
      const id = idField(message);
      if (id) {
        const v = idOf(payload, id);
        const key = `${message.typeName}#${v}`;
        if (v !== 0 && !this.index_!.has(key)) this.index_!.set(key, payload);
      }
      this.walk(payload, message, depth + 1);
    }
  }
}

function diffList(out: number[], was: Uint8Array[], now: Uint8Array[], schema: DescMessage | undefined, depth: number, ids: ByteIds): void {
  varint(out, now.length);
  const byBytes = new Map<string, number>();   // first old index of each value
  const byId = new Map<number, number>();
  const id = idField(schema);
  let indexed = false;
  for (let i = 0; i < now.length; ) {
    if (i < was.length && bytesEqual(now[i], was[i])) {
      i++;
      continue;
    }
    if (!indexed) {
      indexed = true;
      for (let j = 0; j < was.length; j++) {
        const k = keyOf(was[j]);
        if (!byBytes.has(k)) byBytes.set(k, j);
        if (id) {
          const v = idOf(was[j], id);
          if (v !== 0 && !byId.has(v)) byId.set(v, j);
        }
      }
    }
    const from = byBytes.get(keyOf(now[i]));
    if (from !== undefined) {
      let count = 1;
      while (i + count < now.length && from + count < was.length && bytesEqual(now[i + count], was[from + count])) count++;
      varint(out, i * 4 + EL_COPY);
      varint(out, from);
      varint(out, count);
      i += count;
      continue;
    }
    const setCost = varintSize(now[i].length) + now[i].length;
    if (schema) {
      let base = i < was.length ? i : -1;
      if (id) {
        const v = idOf(now[i], id);
        const hit = v !== 0 ? byId.get(v) : undefined;
        if (hit !== undefined) base = hit;
      }
      {
        const nested: number[] = [];
        diffMessage(nested, base >= 0 ? was[base] : new Uint8Array(), now[i], schema, depth + 1, ids);
        const move = base >= 0 && base !== i;
        const cost = (move ? varintSize(base) : 0) + varintSize(nested.length) + nested.length;
        if (cost < setCost) {
          varint(out, i * 4 + (move ? EL_MOVE : EL_PATCH));
          if (move) varint(out, base);
          putFramed(out, nested);
          i++;
          continue;
        }
      }
    }
    varint(out, i * 4 + EL_SET);
    putFramed(out, now[i]);
    i++;
  }
}

// A message with a stable id that differs from the one it replaces may start from the old
// view's message with that id instead (BASE: key 0, the id), when that is shorter.
function diffMessage(out: number[], before: Uint8Array, after: Uint8Array, schema: DescMessage, depth: number, ids: ByteIds): void {
  if (depth > maxDepth) throw new Error("nested too deep");
  const id = idField(schema);
  if (id) {
    const v = idOf(after, id);
    const base = v !== 0 && idOf(before, id) !== v ? ids.find(schema, v) : undefined;
    if (base) {
      const direct: number[] = [];
      diffFields(direct, before, after, schema, depth, ids);
      const based: number[] = [];
      varint(based, 0);
      varint(based, v);
      diffFields(based, base, after, schema, depth, ids);
      for (const b of based.length < direct.length ? based : direct) out.push(b);
      return;
    }
  }
  diffFields(out, before, after, schema, depth, ids);
}

function diffFields(out: number[], before: Uint8Array, after: Uint8Array, schema: DescMessage, depth: number, ids: ByteIds): void {
  const was = splitRecords(before);
  const now = splitRecords(after);
  let i = 0;
  let j = 0;
  while (i < was.length || j < now.length) {
    const number = j === now.length ? was[i].number : i === was.length ? now[j].number : Math.min(was[i].number, now[j].number);
    const a: Rec[] = [];
    const b: Rec[] = [];
    while (i < was.length && was[i].number === number) a.push(was[i++]);
    while (j < now.length && now[j].number === number) b.push(now[j++]);
    const field = fieldOf(schema, number);
    if (!field || field.fieldKind === "map") throw new Error(`no field ${number}`);
    const whole = (bytes: Uint8Array, r: Rec) => bytes.subarray(r.begin, r.end);
    if (a.length === b.length && a.every((r, k) => bytesEqual(whole(before, r), whole(after, b[k])))) continue;
    if (b.length === 0) {
      varint(out, number * 4 + CLEAR);
      continue;
    }
    if (field.fieldKind !== "list" || isPackedList(field)) {
      if (a.length > 1 || b.length > 1) throw new Error("a singular field twice");
      const n = b[0];
      const value = after.subarray(n.value, n.end);
      if (field.fieldKind === "message") {
        // (an absent message is patched from empty)
        const nested: number[] = [];
        const old = a.length === 1 ? before.subarray(a[0].payload, a[0].end) : new Uint8Array();
        diffMessage(nested, old, after.subarray(n.payload, n.end), field.message, depth + 1, ids);
        if (varintSize(nested.length) + nested.length < value.length) {
          varint(out, number * 4 + PATCH);
          putFramed(out, nested);
          continue;
        }
      }
      varint(out, number * 4 + SET);
      put(out, value);
      continue;
    }
    const body: number[] = [];
    diffList(
      body,
      a.map((r) => before.subarray(r.payload, r.end)),
      b.map((r) => after.subarray(r.payload, r.end)),
      field.listKind === "message" ? field.message : undefined,
      depth,
      ids,
    );
    varint(out, number * 4 + LIST);
    putFramed(out, body);
  }
}

// The patch from `before` to `after`, byte for byte what the server sends.
export function diffViews<Desc extends DescMessage>(schema: Desc, before: MessageShape<Desc>, after: MessageShape<Desc>): Uint8Array {
  const out: number[] = [];
  const old = toBinary(schema, before);
  diffMessage(out, old, toBinary(schema, after), schema, 0, new ByteIds(old, schema));
  return new Uint8Array(out);
}
