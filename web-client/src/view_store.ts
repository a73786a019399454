// One match's view as this client last received it, kept in step with the server's
// numbered ViewUpdates. A snapshot replaces the view; a diff (its field-level `patch`)
// applies only on top of the view numbered one less. A diff leaves its number out (0) when
// it is the previous + 1 (docs/protocol.md, "Views, numbers, diffs and snapshots";
// server/protocol/view_number.hpp), as the server sends every diff. A gap (or a diff that does not apply) puts the store in
// `waiting` until a snapshot arrives; the caller sends Resync once per gap.
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";

import type { ViewUpdate } from "./gen/starport/v1/protocol_pb.js";
import { applyPatch } from "./view_diff.js";

export type ApplyResult =
  | "snapshot"   // the view was replaced
  | "applied"    // a diff moved the view one number on
  | "ignored"    // an old or duplicate number, or a diff while waiting for a snapshot
  | "resync";    // a gap or a broken diff: send Resync now (returned once per gap)

export class ViewStore<Desc extends DescMessage> {
  private view_: MessageShape<Desc> | null = null;
  private number_ = 0n;
  private waiting_ = false;

  constructor(
    readonly schema: Desc,
    readonly matchId: string,
  ) {}

  get view(): MessageShape<Desc> | null {
    return this.view_;
  }
  // The number of the view held; PlayAction names it.
  get number(): bigint {
    return this.number_;
  }
  // True between a detected gap and the next snapshot.
  get waiting(): boolean {
    return this.waiting_;
  }

  apply(update: ViewUpdate): ApplyResult {
    if (update.snapshot) {
      let view: MessageShape<Desc>;
      try {
        view = fromBinary(this.schema, update.view);
      } catch {
        return this.gap();
      }
      this.view_ = view;
      this.number_ = update.number;
      this.waiting_ = false;
      return "snapshot";
    }
    if (this.waiting_) return "ignored";
    if (this.view_ === null) return this.gap();
    const number = update.number === 0n ? this.number_ + 1n : update.number;
    if (number <= this.number_) return "ignored";
    if (number !== this.number_ + 1n) return this.gap();
    const next = applyPatch(this.schema, this.view_, update.patch);
    if (next === null) return this.gap();
    this.view_ = next;
    this.number_ = number;
    return "applied";
  }

  // After a reconnect the server owes a snapshot; diffs until then cannot be trusted.
  expectSnapshot(): void {
    this.waiting_ = true;
  }

  private gap(): ApplyResult {
    this.waiting_ = true;
    return "resync";
  }
}
