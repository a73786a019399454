// A replay: a timeline slider, step back/forward, jump to any step, the perspective the
// server granted, the action log and a shareable link. Frames come from OpenReplay; a
// replay the server refuses outright gets a message instead of the page.
import { fromBinary } from "@bufbuild/protobuf";

import type { App, Page } from "../app.js";
import { errorName, ServerError } from "../connection.js";
import { ErrorCode } from "../gen/starport/v1/common_pb.js";
import { findGame } from "../games/index.js";
import type { ReplayFrame } from "../gen/starport/v1/protocol_pb.js";
import { verifyCommitment } from "../fairness.js";
import { routeHash, routeUrl, type Route } from "../router.js";
import { copyText, h, shortId } from "../ui/dom.js";

export function replayPage(app: App, route: Route): Page {
  if (route.page !== "replay") throw new Error("replay page without a replay route");
  const matchId = route.matchId;
  let step = route.step;
  let asSeat = route.asSeat;
  let frame: ReplayFrame | null = null;
  let latest = 0;   // only the newest request's frame is drawn
  let verified: string | null = null;
  let refused = false;   // the first OpenReplay was refused: the page says why, nothing more

  const slider = h("input", { type: "range", name: "step", min: 0, max: 0, value: 0, "aria-label": "Timeline" });
  const stepLabel = h("span", { class: "step-label", "data-step": "0" }, "step 0 / ?");
  const jumpInput = h("input", { type: "number", name: "jump", min: 0, value: step, inputmode: "numeric", "aria-label": "Jump to step" });
  const seatToggle = h("input", { type: "checkbox", name: "as-seat", checked: asSeat });
  // Offered once a frame says this account held a seat in the match.
  const seatChoice = h("label", { class: "inline", hidden: true }, seatToggle, " My seat's view");
  const perspective = h("span", { class: "badge", "data-perspective": "" }, "…");
  const table = h("div", { class: "table-box" }, h("p", { class: "muted" }, "Loading the replay…"));
  const log = h("ol", { class: "log replay-log", start: 1 });
  const info = h("div", { class: "replay-info" });
  const link = h("input", { readonly: true, name: "replay-link", "aria-label": "Replay link" });

  const go = (target: number) => {
    const total = frame?.totalSteps ?? Number.MAX_SAFE_INTEGER;
    step = Math.max(0, Math.min(total, Math.floor(target)));
    void load();
  };

  const load = async () => {
    if (refused) return;   // nothing left to ask for (a late slider drag, a reconnect)
    const id = ++latest;
    stepLabel.textContent = `step ${step} / ${frame?.totalSteps ?? "?"} …`;
    try {
      const reply = await app.conn.request({ case: "openReplay", value: { matchId, step, asSeat } });
      if (id !== latest || reply.body.case !== "replayFrame") return;
      frame = reply.body.value;
      step = frame.step;
      const r: Route = { page: "replay", matchId, step, asSeat };
      app.replaceRoute(r);
      render();
    } catch (e) {
      if (id !== latest || !(e instanceof ServerError)) return;
      const cannot = replayRefusal(e, frame !== null);
      if (cannot) return showRefusal(cannot);
      app.showError(e);
      stepLabel.textContent = `step ${step} / ${frame?.totalSteps ?? "?"}`;
    }
  };

  // Nothing to step through: the message replaces the timeline, table and log.
  const showRefusal = (cannot: ReplayRefusal) => {
    refused = true;
    element.replaceChildren(
      h("section", { class: "card-box replay-refused" },
        h("h2", {}, "Replay ", h("span", { class: "muted", title: matchId }, `· ${shortId(matchId)}`)),
        h("p", { class: "form-error", "data-refused": cannot.code }, cannot.message),
        h("p", {},
          cannot.offerMatch ? [h("a", { href: routeHash({ page: "match", matchId }) }, "Try the match"), " · "] : null,
          h("a", { href: "#/" }, "Home")),
      ),
    );
  };

  const render = () => {
    if (!frame) return;
    const game = findGame(frame.game);
    slider.max = String(frame.totalSteps);
    slider.value = String(frame.step);
    jumpInput.max = String(frame.totalSteps);
    jumpInput.value = String(frame.step);
    stepLabel.textContent = `step ${frame.step} / ${frame.totalSteps}`;
    stepLabel.dataset.step = String(frame.step);
    const seen = perspectiveSeat(frame.perspective);
    perspective.textContent = `perspective: ${seen === null ? frame.perspective || "public" : `${seatNameOf(frame, seen)}'s seat`}`;
    perspective.dataset.perspective = frame.perspective;
    seatChoice.hidden = !heldSeat(frame);
    const url = routeUrl({ page: "replay", matchId, step: frame.step, asSeat }, location);
    link.value = url;
    const m = frame.match;
    const seatName = (seat: number) => seatNameOf(frame!, seat);
    if (!game) {
      table.replaceChildren(h("p", { class: "form-error" }, `This client cannot draw the game “${frame.game}”.`));
    } else {
      try {
        const view = fromBinary(game.viewSchema, frame.view);
        const viewer = perspectiveSeat(frame.perspective);
        table.replaceChildren(game.renderTable(view, { info: m ?? null, viewer, live: false, seatName, timer: () => null }));
      } catch {
        table.replaceChildren(h("p", { class: "form-error" }, "This frame's view could not be read."));
      }
    }
    log.replaceChildren(
      ...frame.actionLog.map((line, i) =>
        h(
          "li",
          { class: i < frame!.step ? (i === frame!.step - 1 ? "current" : "done") : "future" },
          h("button", { class: "link", onclick: () => go(i + 1), title: `Jump to step ${i + 1}` }, line),
        ),
      ),
    );
    // Scroll the log box only (scrollIntoView would scroll the whole page too), measured on
    // screen: offsetTop depends on which ancestor is positioned (the log itself is).
    const current = log.querySelector<HTMLElement>(".current");
    if (current) {
      const off = current.getBoundingClientRect().top - log.getBoundingClientRect().top;
      log.scrollTop = Math.max(0, log.scrollTop + off - (log.clientHeight - current.offsetHeight) / 2);
    }
    const players = m?.seats.map((s) => `${s.name}${s.bot ? " (bot)" : ""}`).join(", ") ?? "";
    const outcome = m?.outcome?.over
      ? `Winner: ${m.outcome.winners.map(seatName).join(", ") || "none"} (${m.outcome.reason.replace(/_/g, " ")})`
      : "In progress";
    const parts = [h("p", {}, players), h("p", {}, outcome)];
    if (m?.over && m.revealedSalt) {
      const key = `${m.seedCommitment}|${m.revealedSalt}|${m.revealedSeed}`;
      if (verified === null || !verified.startsWith(key)) {
        verified = `${key}|pending`;
        void verifyCommitment(m.seedCommitment, m.revealedSalt, m.revealedSeed).then((ok) => {
          verified = `${key}|${ok ? "ok" : "bad"}`;
          render();
        });
      }
      const state = verified.slice(key.length + 1);
      parts.push(
        h(
          "p",
          { class: state === "ok" ? "ok" : state === "bad" ? "form-error" : "muted", "data-fairness": state },
          state === "ok"
            ? `✔ Seed ${m.revealedSeed} matches the commitment (checked in your browser).`
            : state === "bad"
              ? "✘ The revealed seed does not match the commitment."
              : "Checking the seed commitment…",
        ),
      );
    }
    info.replaceChildren(...parts);
  };

  // Dragging the slider asks for at most one frame per 120 ms.
  let debounce: ReturnType<typeof setTimeout> | null = null;
  slider.addEventListener("input", () => {
    stepLabel.textContent = `step ${slider.value} / ${frame?.totalSteps ?? "?"} …`;
    if (debounce !== null) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      go(Number(slider.value));
    }, 120);
  });
  seatToggle.addEventListener("change", () => {
    asSeat = seatToggle.checked;
    void load();
  });
  const element = h(
    "div",
    { class: "page replay" },
    h("section", { class: "card-box" },
      h("h2", {}, "Replay ", h("span", { class: "muted", title: matchId }, `· ${shortId(matchId)}`)),
      info,
      h("div", { class: "timeline" },
        h("button", { name: "first", onclick: () => go(0), "aria-label": "First step" }, "⇤"),
        h("button", { name: "back", onclick: () => go(step - 1), "aria-label": "Step back" }, "◀"),
        slider,
        h("button", { name: "forward", onclick: () => go(step + 1), "aria-label": "Step forward" }, "▶"),
        h("button", { name: "last", onclick: () => go(frame?.totalSteps ?? step), "aria-label": "Last step" }, "⇥"),
      ),
      h("div", { class: "row" },
        stepLabel,
        h("form", { class: "row", onsubmit: (ev: Event) => { ev.preventDefault(); go(Number(jumpInput.value)); } },
          h("label", {}, "Jump to ", jumpInput), h("button", { type: "submit", name: "jump-go" }, "Go")),
        seatChoice,
        perspective,
      ),
      h("div", { class: "row" },
        h("label", { class: "grow" }, "Share ", link),
        h("button", { onclick: async () => app.toast((await copyText(link.value, link)) ? "Replay link copied." : "Select the link and copy it.") }, "Copy"),
      ),
    ),
    table,
    h("section", { class: "card-box" }, h("h3", {}, "Action log"), log),
    h("p", {}, h("a", { href: routeHash({ page: "match", matchId }) }, "Back to the match")),
  );
  return {
    element,
    onWelcome() {
      void load();
    },
    onRoute(next) {
      if (next.page !== "replay" || next.matchId !== matchId) return false;
      if (next.step !== step || next.asSeat !== asSeat) {
        step = next.step;
        asSeat = next.asSeat;
        seatToggle.checked = asSeat;
        void load();
      }
      return true;
    },
  };
}

export interface ReplayRefusal {
  code: string;         // the error's name: "NOT_FOUND", "FORBIDDEN", …
  message: string;      // "This replay cannot be shown: NOT_FOUND — no such match"
  offerMatch: boolean;  // worth trying the match page instead
}

// The server refusing the first OpenReplay means the replay cannot be shown at all (the
// page says so); once opened, a refused step is only a toast (null), and so is a timeout
// or a lost connection (the next Welcome asks again). The match page would refuse too
// on FORBIDDEN (running, no spectators, not yours) and NOT_FOUND (a match exists only
// once its record is stored), so those offer no link to it.
export function replayRefusal(error: ServerError, opened: boolean): ReplayRefusal | null {
  if (opened || typeof error.code === "string") return null;
  const code = errorName(error.code);
  return {
    code,
    message: `This replay cannot be shown: ${code} — ${error.detail || "no detail"}`,
    offerMatch: error.code !== ErrorCode.FORBIDDEN && error.code !== ErrorCode.NOT_FOUND,
  };
}

// The viewer held a seat in this match: the server marks everyone else as a spectator in
// the frame's MatchInfo (server/replay_desk.cpp), and grants them no seat's perspective.
export function heldSeat(frame: ReplayFrame): boolean {
  return frame.match !== undefined && !frame.match.spectator;
}

// "seat N" (0-based, from the server) → N; "public" and "everything" → null.
function perspectiveSeat(perspective: string): number | null {
  const m = /^seat (\d+)$/.exec(perspective);
  return m ? Number(m[1]) : null;
}

function seatNameOf(frame: ReplayFrame, seat: number): string {
  return frame.match?.seats.find((s) => s.seat === seat)?.name || `Seat ${seat + 1}`;
}
