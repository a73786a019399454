// A lobby: seats with names, bots, ready and host marks; the host adds and removes bots,
// kicks and starts; everyone readies, chats and copies the invite link.
import type { App, Page } from "../app.js";
import { errorName, ServerError, type Body } from "../connection.js";
import { botChoices } from "../games/catalog.js";
import { findGame, gameTitle } from "../games/index.js";
import type { GameInfo, Lobby, LobbySeat } from "../gen/starport/v1/protocol_pb.js";
import { routeHash, routeUrl, type Route } from "../router.js";
import { copyText, h, shortId } from "../ui/dom.js";

const chatLimit = 500;

export function lobbyPage(app: App, route: Route): Page {
  const lobbyId = route.page === "lobby" ? route.lobbyId : "";
  const head = h("section", { class: "card-box lobby-head" }, h("p", {}, "Loading the lobby…"));
  const seatsBox = h("section", { class: "card-box" });
  const chatLines = h("ul", { class: "chat-lines", "aria-live": "polite" });
  // No maxlength: it counts UTF-16 units (250 emoji where the server takes 500) and cuts a
  // longer paste silently; the counter turns red past the limit and Send says why instead.
  const chatInput = h("input", { name: "chat", placeholder: "Say something", autocomplete: "off", "aria-label": "Chat line" });
  const counter = h("span", { class: "muted counter", "aria-live": "polite" }, `0/${chatLimit}`);
  const count = () => {
    const length = [...chatInput.value.trim()].length;
    counter.textContent = `${length}/${chatLimit}`;
    counter.classList.toggle("over", length > chatLimit);
  };
  chatInput.addEventListener("input", count);
  const chat = h(
    "section",
    { class: "card-box chat" },
    h("h2", {}, "Chat"),
    chatLines,
    h(
      "form",
      {
        class: "row",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = chatInput.value.trim();
          if (!text) return;
          const length = [...text].length;
          if (length > chatLimit) {
            app.toast(`Chat lines are at most ${chatLimit} characters; this one has ${length}.`, "error");
            return;
          }
          // Cleared once the server took it: a refused line stays to be fixed or resent.
          void act({ case: "sendChat", value: { lobbyId, text } }).then((sent) => {
            if (!sent || chatInput.value.trim() !== text) return;
            chatInput.value = "";
            count();
          });
        },
      },
      h("label", { class: "grow" }, chatInput),
      counter,
      h("button", { type: "submit" }, "Send"),
    ),
  );
  const element = h("div", { class: "page lobby" }, head, seatsBox, chat);
  let started = false;
  let wasHost: boolean | null = null;   // as last drawn (null: not yet)

  // Sends a lobby command; errors show as feedback, the pushed Lobby shows the effect.
  // True when the server accepted it.
  const act = async (body: Body): Promise<boolean> => {
    try {
      await app.conn.request(body);
      return true;
    } catch (e) {
      if (e instanceof ServerError) app.showError(e);
      return false;
    }
  };

  const renderChat = () => {
    const lines = app.chats.get(lobbyId) ?? [];
    chatLines.replaceChildren(
      ...(lines.length
        ? lines.map((l) => h("li", {}, h("strong", {}, l.from), ": ", l.text))
        : [h("li", { class: "muted" }, "No messages yet.")]),
    );
    chatLines.scrollTop = chatLines.scrollHeight;
  };

  // Not at this table (never joined, removed, or it is gone): say so, and offer to join
  // when that may work; the server decides (private lobbies answer only to their code).
  const renderOutside = (message: string, canJoin: boolean) => {
    seatsBox.hidden = chat.hidden = true;
    head.replaceChildren(
      h("h2", {}, "Lobby ", h("span", { class: "muted", title: lobbyId }, `· ${shortId(lobbyId)}`)),
      h("p", { "data-outside": "1" }, message),
      h(
        "div",
        { class: "row" },
        canJoin ? h("button", { class: "primary", name: "join", onclick: () => void join(false) }, "Join this lobby") : null,
        h("a", { class: "button secondary", href: "#/" }, "Home"),
      ),
    );
  };
  // JoinLobby by id: a member gets the lobby back, anyone else takes a seat if allowed.
  const join = async (member: boolean) => {
    try {
      await app.conn.request({ case: "joinLobby", value: { lobbyId, inviteCode: "" } });
    } catch (e) {
      if (!(e instanceof ServerError)) return;
      renderOutside(`${member ? "This lobby cannot be shown" : "You cannot join this lobby"}: ${errorName(e.code)} — ${e.detail}`, false);
    }
  };

  const render = (lobby: Lobby) => {
    if (lobby.matchId && !started) {
      started = true;
      app.navigate({ page: "match", matchId: lobby.matchId });
      return;
    }
    seatsBox.hidden = chat.hidden = false;
    // The host left and the server passed the table on: the new controls need a word.
    if (wasHost === false && lobby.youAreHost) app.toast("You host this lobby now: you add bots, remove players and start the match.", "info", 6000);
    wasHost = lobby.youAreHost;
    const settings = lobby.settings;
    const game = settings ? findGame(settings.game) : undefined;
    const info = settings ? app.gameInfo(settings.game) : undefined;
    // A private lobby is shared by its invite link; a public one by its own address (whoever
    // opens it is asked before taking a seat).
    const invite = lobby.inviteCode ? routeUrl({ page: "invite", code: lobby.inviteCode }, location) : "";
    const link = invite || (settings && !settings.isPrivate ? routeUrl({ page: "lobby", lobbyId: lobby.lobbyId }, location) : "");
    const linkName = invite ? "Invite link" : "Link to this lobby";
    const inviteInput = h("input", { readonly: true, value: link, name: invite ? "invite-link" : "lobby-link", "aria-label": linkName });
    const me = lobby.seats.find((s) => lobby.youAreSeated && s.seat === lobby.yourSeat);
    head.replaceChildren(
      h("h2", {}, settings ? gameTitle(settings.game) : "Lobby", " ", h("span", { class: "muted", title: lobby.lobbyId }, `· ${shortId(lobby.lobbyId)}`)),
      h(
        "ul",
        { class: "settings" },
        settings
          ? [
              h("li", {}, `${settings.seats} seats · ${settings.isPrivate ? "private" : "public"} · spectators ${settings.allowSpectators ? "allowed" : "not allowed"}`),
              h("li", {}, settings.turnSeconds ? `Turn timer: ${settings.turnSeconds}s` : "No turn timer"),
              ...(game ? game.describeOptions(settings.options).map((line) => h("li", {}, line)) : []),
            ]
          : null,
      ),
      lobby.lastMatchId
        ? h(
            "p",
            { class: "row last-match" },
            h("span", { class: "grow" }, "The last match at this table has ended."),
            h("a", { class: "button secondary", href: routeHash({ page: "replay", matchId: lobby.lastMatchId, step: 0, asSeat: false }), "data-replay-link": lobby.lastMatchId }, "Watch its replay"),
          )
        : "",
      link
        ? h(
            "div",
            { class: "row invite" },
            h("label", { class: "grow" }, `${linkName} `, inviteInput),
            h(
              "button",
              {
                name: "copy-link",
                onclick: async () => {
                  const ok = await copyText(link, inviteInput);
                  app.toast(ok ? `${linkName} copied.` : "Select the link and copy it.", "info");
                },
              },
              "Copy",
            ),
          )
        : "",
      h(
        "div",
        { class: "row lobby-actions" },
        me ? h("label", { class: "inline" }, h("input", {
          type: "checkbox",
          name: "ready",
          checked: me.ready,
          onchange: (ev: Event) => void act({ case: "setReady", value: { lobbyId, ready: (ev.target as HTMLInputElement).checked } }),
        }), " Ready") : null,
        lobby.youAreHost ? h("button", { class: "primary", name: "start", onclick: () => void act({ case: "startMatch", value: { lobbyId } }) }, "Start match") : null,
        h("button", {
          class: "secondary",
          name: "leave",
          onclick: async () => {
            await act({ case: "leaveLobby", value: { lobbyId } });
            app.lobbies.delete(lobbyId);
            app.navigate({ page: "home" });
          },
        }, "Leave"),
      ),
    );
    seatsBox.replaceChildren(
      h("h2", {}, "Seats"),
      h("ul", { class: "plain seats-list" }, lobby.seats.map((s) => seatRow(s, lobby, info))),
    );
  };

  // A seat; an open one offers the host the bots the server listed for this game.
  const seatRow = (s: LobbySeat, lobby: Lobby, info: GameInfo | undefined) => {
    const mine = lobby.youAreSeated && s.seat === lobby.yourSeat;
    const bots = botChoices(info);
    let controls: HTMLElement | null = null;
    if (lobby.youAreHost && s.open && bots.length) {
      const kind = h(
        "select",
        { name: `bot-kind-${s.seat}`, "aria-label": "Bot kind" },
        bots.map((b) => h("option", { value: b.id, title: b.summary }, b.label)),
      );
      const explain = () => (kind.title = bots.find((b) => b.id === kind.value)?.summary ?? "");
      kind.addEventListener("change", explain);
      explain();
      controls = h("span", { class: "row" }, kind, h("button", {
        name: `add-bot-${s.seat}`,
        onclick: () => void act({ case: "addBot", value: { lobbyId, bot: kind.value, seat: s.seat } }),
      }, "Add bot"));
    } else if (lobby.youAreHost && !s.open && !mine) {
      controls = h("button", {
        class: "secondary",
        onclick: () => void act({ case: "removeSeat", value: { lobbyId, seat: s.seat } }),
      }, s.bot ? "Remove bot" : "Kick");
    }
    return h(
      "li",
      { class: `seat-row${mine ? " mine" : ""}`, "data-seat": s.seat },
      h("span", { class: "seat-no" }, `#${s.seat + 1}`),
      h(
        "span",
        { class: "grow" },
        s.open ? h("em", { class: "muted" }, "open") : h("strong", {}, s.name),
        s.host ? h("span", { class: "badge host", title: "host" }, "host") : null,
        s.bot ? h("span", { class: "badge" }, `bot${s.botKind ? `: ${s.botKind}` : ""}`) : null,
        mine ? h("span", { class: "badge you" }, "you") : null,
        !s.open && !s.bot && !s.connected ? h("span", { class: "badge warn" }, "away") : null,
        !s.open ? h("span", { class: `badge ${s.ready ? "ok" : ""}`, "data-ready": s.ready ? "1" : "0" }, s.ready ? "ready" : "not ready") : null,
      ),
      controls,
    );
  };

  return {
    element,
    onWelcome(_welcome, resumed) {
      const cached = app.lobbies.get(lobbyId);
      if (cached && !resumed) render(cached);
      // Joining a lobby you are in returns it; after a reload this is how we get it back.
      // Opening someone else's lobby link does not take a seat without asking.
      else if (app.memberOf.has(lobbyId)) void join(true);   // the latest Welcome's list, kept current
      else renderOutside("You are not in this lobby.", true);
      renderChat();
    },
    onMessage(m) {
      if (m.body.case === "lobby" && m.body.value.lobbyId === lobbyId) {
        render(m.body.value);
        if (m.body.value.recentChat) renderChat();
      }
      else if (m.body.case === "chat" && m.body.value.lobbyId === lobbyId) renderChat();
      else if (m.body.case === "lobbyClosed" && m.body.value.lobbyId === lobbyId) {
        app.toast(`You are out of the lobby: ${m.body.value.reason || "it was closed"}`, "info");
        app.navigate({ page: "home" });
      }
    },
  };
}
