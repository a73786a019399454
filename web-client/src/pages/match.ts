// A match: the game's table (from the registry), the moves the view lists, resign, turn
// timers, the accepted actions' log and the fairness commitment with its check at the end.
import { equals } from "@bufbuild/protobuf";

import type { App, Page } from "../app.js";
import { errorName, ServerError } from "../connection.js";
import { ActionSchema, ErrorCode, type Action } from "../gen/starport/v1/common_pb.js";
import type { MatchInfo } from "../gen/starport/v1/protocol_pb.js";
import type { TableContext } from "../games/types.js";
import { missedMoves } from "../match_session.js";
import { verifyCommitment } from "../fairness.js";
import { routeHash, type Route } from "../router.js";
import { formatSeconds, h, shortId, timerUrgent } from "../ui/dom.js";

export function matchPage(app: App, route: Route): Page {
  const matchId = route.page === "match" ? route.matchId : "";
  const session = app.match(matchId);
  const head = h("div", { class: "match-head" });
  const table = h("div", { class: "table-box" });
  const extra = h("div", { class: "extra-moves" });
  // Not numbered: the page knows only the moves it was shown (MatchSession.log).
  const log = h("ul", { class: "log match-log" });
  const fairness = h("section", { class: "card-box fairness" });
  const movesBox = h(
    "section",
    { class: "card-box" },
    h("h3", { "data-log-heading": "1" }, "Moves since you opened this page"),
    log,
    h("p", { class: "muted log-note" }, "Every move of the match, numbered, is in ", h("a", { href: routeHash({ page: "replay", matchId, step: 0, asSeat: false }) }, "its replay"), "."),
  );
  const element = h("div", { class: "page match" }, head, table, extra, movesBox, fairness);
  let confirmResign = false;
  // The replay store's answer about a match the server does not run (NOT_FOUND): it ended
  // and was unloaded, or it never existed. Asked once per refusal.
  let probe: { error: ServerError; answer: ReplayProbe } | null = null;
  const askReplay = (error: ServerError) => {
    const asked: { error: ServerError; answer: ReplayProbe } = { error, answer: "pending" };
    probe = asked;
    app.conn.request({ case: "openReplay", value: { matchId, step: 0, asSeat: false } }).then(
      () => (asked.answer = "exists"),
      (e: unknown) => (asked.answer = e instanceof ServerError ? e : new ServerError("timeout", String(e), 0)),
    ).finally(() => {
      if (probe === asked) render();
    });
  };
  let verified: { key: string; ok: boolean } | null = null;

  const seatName = (seat: number) => {
    const s = session.info?.seats.find((x) => x.seat === seat);
    return s?.name || `Seat ${seat + 1}`;
  };

  const timer = (seat: number): HTMLElement | null => {
    const s = session.info?.seats.find((x) => x.seat === seat);
    if (!s || !s.deadlineMs || session.info?.over) return null;
    return h("div", { class: "timer", "data-deadline": String(s.deadlineMs) }, "Timer …");
  };

  const tick = () => {
    for (const el of element.querySelectorAll<HTMLElement>("[data-deadline]")) {
      const left = Number(el.dataset.deadline) - app.conn.serverNow();
      el.textContent = `Timer ${formatSeconds(left)}`;
      el.classList.toggle("urgent", timerUrgent(left));
    }
  };
  const ticker = setInterval(tick, 1000);

  const actionButton = (action: Action, extraClass = ""): HTMLButtonElement => {
    const view = session.store?.view;
    const label = view && session.game ? session.game.actionLabel(action, view, seatName) : `Action ${action.kind}`;
    const sent = session.inFlight !== null && equals(ActionSchema, session.inFlight.action, action);
    return h(
      "button",
      {
        class: `action ${extraClass}${sent ? " sending" : ""}`,
        "data-action": `${action.kind}${action.args.length ? `:${action.args.join(",")}` : ""}`,
        disabled: !session.canMove,
        onclick: () => {
          if (!session.play(action)) app.toast("That move is no longer offered.", "error", 2500);
        },
      },
      label,
    );
  };

  const render = () => {
    const info = session.info;
    const lobbyId = app.lobbyOf(matchId);
    const view = session.store?.view;
    const game = session.game;
    const you = info && !info.spectator ? `You are ${seatName(info.yourSeat)}` : info?.spectator ? "Spectating" : "";
    head.replaceChildren(
      h("h2", {}, game?.title ?? "Match", " ", h("span", { class: "muted", title: matchId }, `· ${shortId(matchId)}`)),
      h(
        "p",
        { class: "row" },
        h("span", { class: "grow" }, you),
        session.resyncing ? h("span", { class: "badge warn", "data-syncing": "1" }, "syncing…") : null,
        !session.online && view && !info?.over ? h("span", { class: "badge lost", "data-offline": "1" }, "offline: moves wait for the connection") : null,
        info?.over || view && game?.outcome(view)?.over
          ? h("a", { href: routeHash({ page: "replay", matchId, step: 0, asSeat: false }), class: "button", "data-replay-link": "1" }, "Open replay")
          : null,
        // Back to the table for a rematch, once the lobby is free again.
        info?.over && lobbyId && !app.lobbies.get(lobbyId)?.matchId
          ? h("a", { href: routeHash({ page: "lobby", lobbyId }), class: "button secondary", "data-lobby-link": lobbyId }, "Back to the lobby")
          : null,
      ),
    );
    // Nothing to show: say why instead of an empty table, log and fairness box.
    const refused = session.unavailable && !view ? session.unavailable : null;
    movesBox.hidden = fairness.hidden = refused !== null;
    if (refused) {
      const cannot = matchRefusal(refused, probe?.error === refused ? probe.answer : null);
      if (cannot.askReplay) askReplay(refused);
      table.replaceChildren(
        h("section", { class: "card-box match-refused" },
          h("p", { class: cannot.pending ? "muted" : "form-error", "data-refused": cannot.code }, cannot.message),
          h("p", {},
            cannot.replayLink ? [h("a", { href: routeHash({ page: "replay", matchId, step: 0, asSeat: false }) }, "Open its replay"), " · "] : null,
            h("a", { href: "#/" }, "Home")),
        ),
      );
      extra.replaceChildren();
    } else if (!view || !game) {
      table.replaceChildren(h("p", { class: "muted" }, game ? "Waiting for the table…" : "Waiting for the match…"));
      extra.replaceChildren();
    } else {
      const placed: Action[] = [];
      const ctx: TableContext = {
        info,
        viewer: info && !info.spectator ? info.yourSeat : null,
        live: true,
        seatName,
        timer,
        actionButton: (a, cls) => {
          placed.push(a);
          return actionButton(a, cls);
        },
      };
      table.replaceChildren(game.renderTable(view, ctx));
      // Whatever the view lists and the table did not place still gets a button;
      // resign asks twice.
      const legal = session.legalActions;
      const rest = legal.filter((a) => a.kind !== 0 && !placed.some((p) => equals(ActionSchema, p, a)));
      const resign = session.resignAction;
      extra.replaceChildren(
        ...rest.map((a) => actionButton(a)),
        resign
          ? h(
              "button",
              {
                class: "danger",
                name: "resign",
                disabled: !session.canMove,
                onclick: () => {
                  if (!confirmResign) {
                    confirmResign = true;
                    render();
                    setTimeout(() => {
                      confirmResign = false;
                      render();
                    }, 4000);
                    return;
                  }
                  confirmResign = false;
                  session.play(resign);
                },
              },
              confirmResign ? "Really resign?" : "Resign",
            )
          : "",
      );
    }
    log.replaceChildren(
      ...(session.log.length
        ? session.log.slice(-60).map((line) => h("li", line === missedMoves ? { class: "muted" } : {}, line))
        : [h("li", { class: "muted" }, "None yet.")]),
    );
    log.scrollTop = log.scrollHeight;
    renderFairness(info);
    tick();
  };

  const renderFairness = (info: MatchInfo | null) => {
    if (!info || !info.seedCommitment) {
      fairness.replaceChildren(h("h3", {}, "Fair shuffle"), h("p", { class: "muted" }, "No commitment received yet."));
      return;
    }
    const parts = [
      h("h3", {}, "Fair shuffle"),
      h("p", {}, "Seed commitment (SHA-256): ", h("code", { class: "hash" }, info.seedCommitment)),
    ];
    if (info.over && info.revealedSalt) {
      const key = `${info.seedCommitment}|${info.revealedSalt}|${info.revealedSeed}`;
      parts.push(
        h("p", {}, "Revealed seed ", h("code", {}, info.revealedSeed.toString()), " and salt ", h("code", { class: "hash" }, info.revealedSalt)),
      );
      if (verified?.key === key) {
        parts.push(
          h(
            "p",
            { class: verified.ok ? "ok" : "form-error", "data-fairness": verified.ok ? "ok" : "mismatch" },
            verified.ok
              ? "✔ Checked in your browser: SHA-256(salt:seed) matches the commitment."
              : "✘ The revealed seed does NOT match the commitment.",
          ),
        );
      } else {
        parts.push(h("p", { class: "muted" }, "Checking…"));
        void verifyCommitment(info.seedCommitment, info.revealedSalt, info.revealedSeed).then((ok) => {
          verified = { key, ok };
          render();
        });
      }
    } else {
      parts.push(h("p", { class: "muted" }, "The seed and salt are revealed when the match ends."));
    }
    fairness.replaceChildren(...parts);
  };

  const unsubscribe = session.subscribe(render);
  render();
  return {
    element,
    onWelcome(_welcome, resumed) {
      // A fresh page, or a new connection, needs a snapshot; a match just started from
      // its lobby may already have one. A view kept from before a reconnect that happened
      // on another page waits for one too (App.onWelcome), and nobody else asks for it.
      if (resumed || !session.store?.view || session.store.waiting) session.resubscribe(app.isSeatedIn(matchId));
    },
    onMessage(m) {
      if (m.body.case === "lobby" && (m.body.value.matchId === matchId || m.body.value.lastMatchId === matchId)) render();
    },
    dispose() {
      clearInterval(ticker);
      unsubscribe();
    },
  };
}

// What the replay store said about a match the server does not run: not asked yet (null),
// on its way, a frame (the match exists: it has ended), or its refusal.
export type ReplayProbe = null | "pending" | "exists" | ServerError;

export interface MatchRefusal {
  code: string;         // data-refused: the error's name, or "ENDED"
  message: string;      // for people
  replayLink: boolean;  // worth opening the replay
  askReplay: boolean;   // ask the replay store before saying what this is
  pending: boolean;     // still finding out
}

// Why the match page has nothing to show. Watch and Resync answer NOT_FOUND for any match
// not running on the server: one that never existed, and one that ended and was unloaded
// (docs/protocol.md). Only the replay store tells them apart, so NOT_FOUND asks it. Watch
// answers FORBIDDEN for a match without spectators; its replay too, until it ends.
export function matchRefusal(error: ServerError, replay: ReplayProbe): MatchRefusal {
  const code = errorName(error.code);
  const said = (message: string, replayLink: boolean, shownCode = code): MatchRefusal =>
    ({ code: shownCode, message, replayLink, askReplay: false, pending: false });
  if (error.code === ErrorCode.FORBIDDEN)
    return said("This match does not allow spectators: only its players can open it. Its replay opens to everyone once it has ended.", false);
  if (error.code !== ErrorCode.NOT_FOUND) return said(`This match cannot be shown: ${code} — ${error.detail || "no detail"}`, true);
  if (replay === null || replay === "pending")
    return { code, message: "Looking for this match…", replayLink: false, askReplay: replay === null, pending: true };
  if (replay === "exists") return said("This match has ended.", true, "ENDED");
  if (replay.code === ErrorCode.NOT_FOUND) return said("There is no match with this id.", false);
  // The replay store could not say (a timeout, a lost connection, a failure): the replay may work.
  return said(`This match cannot be shown: ${code} — ${error.detail || "no detail"}`, typeof replay.code === "string");
}
