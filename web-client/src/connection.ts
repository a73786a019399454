// The one WebSocket to the server: binary protobuf ClientMessage up, ServerMessage down.
// Says Hello first (protocol version, saved token or a display name), numbers every
// request, reconnects by itself with exponential backoff and lets the app resync after
// each new Welcome. Game-agnostic: it never looks inside a view (a packed view is only
// unpacked into the `view` it stands for, packed_view.ts).
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import { ErrorCode } from "./gen/starport/v1/common_pb.js";
import {
  ClientMessageSchema,
  ServerMessageSchema,
  type ServerMessage,
  type Welcome,
} from "./gen/starport/v1/protocol_pb.js";
import { helloDictionaries, packedReady, packedSettled, unpackView } from "./packed_view.js";

export const protocolVersion = 3;

// The subset of the browser's WebSocket this module uses (a fake one in unit tests).
export interface SocketLike {
  binaryType: string;
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

export type ConnectionState =
  | "idle"          // no name yet: nothing to say Hello with
  | "connecting"
  | "open"          // welcomed
  | "reconnecting"  // waiting before the next attempt
  | "stopped";      // refused for good (protocol version, or a name is needed)

// A ClientMessage body in protobuf-es init form: { case: "play", value: { … } }.
export type Body = NonNullable<MessageInitShape<typeof ClientMessageSchema>["body"]>;

// A refusal from the server (or a local one: timeout, connection lost), for people.
export class ServerError extends Error {
  constructor(
    readonly code: ErrorCode | "timeout" | "disconnected",
    readonly detail: string,
    readonly requestId: number,
    // Error.problems: every problem found (an imported deck list: one per broken line).
    readonly problems: readonly string[] = [],
  ) {
    super(`${errorName(code)}: ${detail}`);
  }
}

export function errorName(code: ErrorCode | string): string {
  if (typeof code === "string") return code;
  return ErrorCode[code] ?? `error ${code}`;
}

export interface ConnectionOptions {
  url: string;
  identity: () => { token: string; name: string };
  // May this page say Hello with neither token nor name (an anonymous viewer of replays
  // and public matches)? Without it a nameless page stays "idle".
  anonymous?: () => boolean;
  openSocket?: (url: string) => SocketLike;
  // `resumed`: a new connection after an earlier Welcome (pages subscribe again);
  // `afterLoss`: the connection had been lost (not dropped by restart(), as a rename does).
  onWelcome?: (welcome: Welcome, resumed: boolean, afterLoss: boolean) => void;
  onMessage?: (message: ServerMessage) => void;
  onState?: (state: ConnectionState, detail: string) => void;
  // Errors that no request awaits (pushed, or answers to fire-and-forget sends).
  onError?: (error: ServerError) => void;
  // A view update on this stream handle could not be read (a packed view that did not
  // unpack): its match needs a snapshot, as the next diff, unnumbered, would seem to follow.
  onLostView?: (stream: number) => void;
  // The server refused our token or name: the app must ask for a name.
  onIdentityRefused?: (error: ServerError) => void;
  requestTimeoutMs?: number;
  backoffMs?: readonly number[];
  // Ping every pingMs; a Pong missing pongTimeoutMs after a Ping means a half-open socket
  // (a sleeping laptop, a dropped route): it is closed and the connection starts again.
  pingMs?: number;
  pongTimeoutMs?: number;
}

interface Pending {
  resolve: (m: ServerMessage) => void;
  reject: (e: ServerError) => void;
  timer: ReturnType<typeof setTimeout>;
}

const defaultBackoff = [500, 1000, 2000, 4000, 8000, 15000];
const defaultPingMs = 20000;
const defaultPongTimeoutMs = 10000;

interface Queued {
  id: number;
  bytes: Uint8Array;
}
const maxQueued = 64;

export class Connection {
  private socket_: SocketLike | null = null;
  private state_: ConnectionState = "idle";
  private nextId_ = 1;
  private pending_ = new Map<number, Pending>();
  private queue_: Queued[] = [];
  private attempt_ = 0;
  private retryTimer_: ReturnType<typeof setTimeout> | null = null;
  private pingTimer_: ReturnType<typeof setInterval> | null = null;
  private pongTimer_: ReturnType<typeof setTimeout> | null = null;
  private helloId_ = 0;
  private welcomed_ = false;
  private lost_ = false;   // the last socket closed or failed by itself; cleared by Welcome
  private clockOffsetMs_ = 0;
  welcome: Welcome | null = null;

  constructor(private readonly options: ConnectionOptions) {}

  get state(): ConnectionState {
    return this.state_;
  }
  // Server time minus local time, estimated from Ping/Pong (turn timers use it).
  get clockOffsetMs(): number {
    return this.clockOffsetMs_;
  }
  serverNow(): number {
    return Date.now() + this.clockOffsetMs_;
  }

  start(): void {
    if (this.state_ === "connecting" || this.state_ === "open") return;
    this.clearRetry();
    this.connect();
  }

  // Drop the socket and say Hello again now (after a rename, or from the UI).
  restart(): void {
    this.clearRetry();
    this.attempt_ = 0;
    this.dropSocket();
    this.connect();
  }

  stop(detail = "stopped"): void {
    this.clearRetry();
    this.dropSocket();
    this.failPending("disconnected", detail);
    this.setState("stopped", detail);
  }

  // Sends one message and returns its request id. Sent at once when welcomed, queued
  // while (re)connecting. Errors carrying this id go to onError.
  send(body: Body): number {
    const id = this.nextId_++;
    this.transmit(id, body);
    return id;
  }

  // Sends and waits for the reply carrying this request id; an Error reply rejects.
  request(body: Body, timeoutMs = this.options.requestTimeoutMs ?? 10000): Promise<ServerMessage> {
    const id = this.nextId_++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending_.delete(id);
        // Never sent later: a Create that timed out must not make a lobby after a reconnect.
        this.queue_ = this.queue_.filter((q) => q.id !== id);
        reject(new ServerError("timeout", `no answer to ${body.case ?? "request"} in ${timeoutMs / 1000}s`, id));
      }, timeoutMs);
      this.pending_.set(id, { resolve, reject, timer });
      this.transmit(id, body);
    });
  }

  private transmit(id: number, body: Body): void {
    const bytes = toBinary(ClientMessageSchema, create(ClientMessageSchema, { requestId: id, body }));
    if (this.state_ === "open" && this.socket_) {
      this.socket_.send(bytes);
      return;
    }
    if (body.case === "play") {
      // An action chosen from a view we may no longer hold: refuse it here, visibly.
      this.localError(id, "disconnected", "not connected: the move was not sent");
      return;
    }
    if (this.queue_.length >= maxQueued) this.queue_.shift();
    this.queue_.push({ id, bytes });
    if (this.state_ === "idle" || this.state_ === "stopped") this.start();
  }

  private connect(): void {
    const { token, name } = this.options.identity();
    if (!token && !name && !this.options.anonymous?.()) {
      this.setState("idle", "choose a display name to connect");
      return;
    }
    this.setState("connecting", this.attempt_ > 0 ? `attempt ${this.attempt_ + 1}` : "");
    this.welcomed_ = false;
    let socket: SocketLike;
    try {
      socket = (this.options.openSocket ?? browserSocket)(this.options.url);
    } catch (e) {
      this.scheduleRetry(`cannot open ${this.options.url}: ${String(e)}`);
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket_ = socket;
    const sayHello = () => {
      if (this.socket_ !== socket) return;
      this.helloId_ = this.nextId_++;
      const hello = create(ClientMessageSchema, {
        requestId: this.helloId_,
        body: { case: "hello", value: { protocolVersion, token, displayName: name, dictionaries: helloDictionaries() } },
      });
      socket.send(toBinary(ClientMessageSchema, hello));
    };
    // Hello names the view dictionaries this page holds, so the first one waits for them to load.
    socket.onopen = () => {
      if (packedSettled()) sayHello();
      else void packedReady.then(sayHello);
    };
    socket.onmessage = (ev) => {
      if (this.socket_ !== socket) return;
      this.receive(ev.data);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket_ !== socket) return;
      this.socket_ = null;
      this.stopPing();
      this.failPending("disconnected", `connection closed (${ev.code}${ev.reason ? ` ${ev.reason}` : ""})`);
      if (this.state_ === "stopped") return;
      this.scheduleRetry(closeReason(ev.code, ev.reason));
    };
  }

  private receive(data: unknown): void {
    let message: ServerMessage;
    try {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array);
      message = fromBinary(ServerMessageSchema, bytes);
    } catch {
      this.options.onError?.(new ServerError(ErrorCode.MALFORMED_MESSAGE, "the server sent a frame this client cannot read", 0));
      return;
    }
    if (message.body.case === "packedView") {
      // Unpacked before anyone sees it: every reader takes it as the `view` it stands for.
      try {
        message.body = { case: "view", value: unpackView(message.body.value) };
      } catch {
        const error = new ServerError(ErrorCode.MALFORMED_MESSAGE, "the server sent a view this client cannot unpack", message.requestId);
        // A request answered by this view learns so now rather than at its timeout.
        const pending = this.takePending(message.requestId);
        if (pending) pending.reject(error);
        else this.options.onError?.(error);
        this.options.onLostView?.(message.stream);
        return;
      }
    }
    const body = message.body;
    if (body.case === "welcome") {
      this.onWelcome(body.value);
      return;
    }
    if (body.case === "error" && !this.welcomed_ && message.requestId === this.helloId_) {
      this.onHelloRefused(new ServerError(body.value.code, body.value.detail, message.requestId));
      return;
    }
    if (body.case === "pong") {
      this.clearPongTimer();
      const now = Date.now();
      const sent = Number(body.value.clientTimeMs);
      this.clockOffsetMs_ = Number(body.value.serverTimeMs) - (sent + now) / 2;
    }
    const pending = this.takePending(message.requestId);
    if (pending) {
      if (body.case === "error") pending.reject(new ServerError(body.value.code, body.value.detail, message.requestId, body.value.problems));
      else pending.resolve(message);
    } else if (body.case === "error") {
      this.options.onError?.(new ServerError(body.value.code, body.value.detail, message.requestId, body.value.problems));
    }
    this.options.onMessage?.(message);
  }

  // The request this reply answers, no longer pending (its timer stopped); none for 0.
  private takePending(requestId: number) {
    const pending = requestId ? this.pending_.get(requestId) : undefined;
    if (pending) {
      this.pending_.delete(requestId);
      clearTimeout(pending.timer);
    }
    return pending;
  }

  private onWelcome(welcome: Welcome): void {
    const resumed = this.welcome !== null;
    const afterLoss = this.lost_;
    this.lost_ = false;
    this.welcome = welcome;
    this.welcomed_ = true;
    this.attempt_ = 0;
    this.setState("open", welcome.displayName);
    const queued = this.queue_;
    this.queue_ = [];
    for (const q of queued) this.socket_?.send(q.bytes);
    this.startPing();
    this.options.onWelcome?.(welcome, resumed, afterLoss);
  }

  private onHelloRefused(error: ServerError): void {
    if (error.code === ErrorCode.PROTOCOL_VERSION) {
      // Only a newer page can talk to it (the server was upgraded while this one was open).
      this.stop(`the server speaks another protocol version (${error.detail}): reload the page`);
      this.options.onError?.(error);
      return;
    }
    if (error.code === ErrorCode.NOT_AUTHENTICATED || error.code === ErrorCode.BAD_REQUEST) {
      this.stop(`identity refused: ${error.detail}`);
      this.options.onIdentityRefused?.(error);
      return;
    }
    // Anything else (INTERNAL, SERVER_BUSY …): the page says so and offers a retry
    // (App shell, state "stopped"), rather than "connecting…" for ever.
    this.stop(`the server could not welcome this page: ${error.detail || errorName(error.code)}`);
    this.options.onError?.(error);
  }

  private scheduleRetry(detail: string): void {
    this.lost_ = true;
    const backoff = this.options.backoffMs ?? defaultBackoff;
    const base = backoff[Math.min(this.attempt_, backoff.length - 1)];
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt_++;
    this.setState("reconnecting", `${detail}; retrying in ${(delay / 1000).toFixed(1)}s`);
    this.retryTimer_ = setTimeout(() => {
      this.retryTimer_ = null;
      this.connect();
    }, delay);
  }

  private startPing(): void {
    this.stopPing();
    const ping = () => {
      this.send({ case: "ping", value: { clientTimeMs: BigInt(Date.now()) } });
      if (this.pongTimer_ === null) {
        const socket = this.socket_;
        this.pongTimer_ = setTimeout(() => {
          this.pongTimer_ = null;
          if (this.socket_ !== socket || socket === null) return;
          this.halfOpen(socket);
        }, this.options.pongTimeoutMs ?? defaultPongTimeoutMs);
      }
    };
    ping();
    this.pingTimer_ = setInterval(ping, this.options.pingMs ?? defaultPingMs);
  }

  // No Pong in time: the socket looks open but nothing comes back. Close it and start again.
  private halfOpen(socket: SocketLike): void {
    this.dropSocket();
    try {
      socket.close(4000, "no pong");
    } catch {
      // already closed
    }
    this.failPending("disconnected", "the server stopped answering");
    this.scheduleRetry("the server stopped answering");
  }

  private clearPongTimer(): void {
    if (this.pongTimer_ !== null) clearTimeout(this.pongTimer_);
    this.pongTimer_ = null;
  }

  private stopPing(): void {
    if (this.pingTimer_ !== null) clearInterval(this.pingTimer_);
    this.pingTimer_ = null;
    this.clearPongTimer();
  }

  private clearRetry(): void {
    if (this.retryTimer_ !== null) clearTimeout(this.retryTimer_);
    this.retryTimer_ = null;
  }

  private dropSocket(): void {
    this.stopPing();
    const socket = this.socket_;
    this.socket_ = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      try {
        socket.close(1000, "client restart");
      } catch {
        // already closed
      }
    }
  }

  private failPending(code: "disconnected", detail: string): void {
    for (const [id, pending] of this.pending_) {
      clearTimeout(pending.timer);
      pending.reject(new ServerError(code, detail, id));
    }
    this.pending_.clear();
  }

  private localError(id: number, code: "disconnected", detail: string): void {
    this.options.onError?.(new ServerError(code, detail, id));
  }

  private setState(state: ConnectionState, detail: string): void {
    this.state_ = state;
    this.options.onState?.(state, detail);
  }
}

function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

// ws(s)://<host>/ws next to the page that loaded us.
export function defaultSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

function closeReason(code: number, reason: string): string {
  const known: Record<number, string> = {
    1000: "closed",
    1001: "server going away",
    1006: "connection lost",
    1008: "closed by policy",
    1009: "message too large",
    1011: "server error",
    1013: "server busy",
  };
  return `${known[code] ?? `closed (${code})`}${reason ? `: ${reason}` : ""}`;
}
