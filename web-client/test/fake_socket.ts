// A WebSocket stand-in for Connection and App tests: records what the page sends (decoded)
// and lets a test open it, push server messages and drop it.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import type { SocketLike } from "../src/connection.js";
import { ClientMessageSchema, ServerMessageSchema, type ClientMessage } from "../src/gen/starport/v1/protocol_pb.js";

export class FakeSocket implements SocketLike {
  binaryType = "blob";
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: ClientMessage[] = [];
  closed = false;
  constructor(readonly url = "") {}
  send(data: Uint8Array) {
    this.sent.push(fromBinary(ClientMessageSchema, data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(m: MessageInitShape<typeof ServerMessageSchema>) {
    const bytes = toBinary(ServerMessageSchema, create(ServerMessageSchema, m));
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: "" });
  }
}
