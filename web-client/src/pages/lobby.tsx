// A lobby: seats with names, bots, ready and host marks; the host adds and removes bots,
// kicks and starts (enabled only when it can work, saying what is missing); everyone
// readies, chats and copies the invite link.
import { useEffect, useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { ServerError, type Body } from "../connection.js";
import { botChoices } from "../games/catalog.js";
import { findGame, gameTitle, loadGame } from "../games/index.js";
import type { Deck, DeckList, GameInfo, Lobby, LobbySeat } from "../gen/starport/v1/protocol_pb.js";
import { errorSentence } from "../kit/words.js";
import { useStickToBottom } from "../kit/stick_to_bottom.js";
import { failureShown } from "../request_failure.js";
import { routeHash, routeUrl, type Route } from "../router.js";
import { copyText, shortId } from "../ui/format.js";

const chatLimit = 500;

// Every seat this page's person holds (several only in a cooperative game), lowest first.
export function heldSeats(lobby: Lobby): number[] {
  if (!lobby.youAreSeated) return [];
  return lobby.yourSeats.length ? [...lobby.yourSeats] : [lobby.yourSeat];
}

// Can the host start now? "" when yes, else what is missing, in words. In a deck game
// (`usesDecks`) every seat needs a deck: the others' Ready says they have one; the host's
// own seat is checked here.
export function startProblem(lobby: Lobby, usesDecks = false): string {
  const open = lobby.seats.filter((s) => s.open).length;
  if (open > 0) return open === 1 ? "One seat is still open: wait for a player or add a bot." : `${open} seats are still open: wait for players or add bots.`;
  const held = heldSeats(lobby);
  const mine = lobby.seats.filter((s) => held.includes(s.seat));
  if (usesDecks && mine.some((s) => !s.deckChosen)) return mine.length > 1 ? "Choose a deck for each of your seats first." : "Choose your deck first.";
  const waiting = lobby.seats.filter((s) => !s.open && !s.bot && !held.includes(s.seat) && !s.ready);
  // A person once, however many seats they hold.
  const names = [...new Set(waiting.map((s) => s.name))];
  if (names.length) return `Waiting for ${names.join(", ")} to be ready.`;
  return "";
}

// "Vega · Heuristic bot": the server's name for the bot, then its kind's label.
export function botLine(seat: LobbySeat, info: GameInfo | undefined): string {
  const kind = info?.bots.find((b) => b.id === seat.botKind);
  const kindLabel = kind?.label || (seat.botKind ? `${seat.botKind[0].toUpperCase()}${seat.botKind.slice(1)}` : "");
  return `${seat.name} · ${kindLabel ? `${kindLabel.replace(/\s*bot$/i, "")} bot` : "Bot"}`;
}

export function LobbyPage({ app, route }: { app: App; route: Route }) {
  const lobbyId = route.page === "lobby" ? route.lobbyId : "";
  const [outside, setOutside] = useState<{ message: string; canJoin: boolean } | null>(null);
  const started = useRef(false);
  const wasHost = useRef<boolean | null>(null);
  const lobby = outside ? undefined : app.lobbies.get(lobbyId);
  // As first drawn: a later push making this account the host gets a word (below).
  if (wasHost.current === null && lobby) wasHost.current = lobby.youAreHost;
  // The match running when the page was first drawn: the player came here from it (the page
  // links back to it), so a later push of the same lobby does not take them there again.
  const shownMatch = useRef<string | null>(null);
  if (shownMatch.current === null && lobby) shownMatch.current = lobby.matchId;

  // Sends a lobby command; errors show as sentences, the pushed Lobby shows the effect.
  const act = async (body: Body): Promise<boolean> => {
    try {
      await app.conn.request(body);
      return true;
    } catch (e) {
      if (e instanceof ServerError) app.showError(e);
      return false;
    }
  };
  const join = async (member: boolean) => {
    try {
      await app.conn.request({ case: "joinLobby", value: { lobbyId, inviteCode: "" } });
      setOutside(null);
    } catch (e) {
      if (!(e instanceof ServerError)) return;
      setOutside({ message: `${member ? "This lobby cannot be shown" : "You cannot join this lobby"}. ${errorSentence(e.code, e.detail)}`, canJoin: false });
    }
  };

  useAppEvents(app, (e) => {
    if (e.kind === "welcome") {
      const cached = app.lobbies.get(lobbyId);
      if (cached && !e.resumed) return;
      if (app.memberOf.has(lobbyId)) void join(true);
      else setOutside({ message: "You are not in this lobby.", canJoin: true });
      return;
    }
    if (e.kind !== "message") return;
    const b = e.message.body;
    if (b.case === "lobby" && b.value.lobbyId === lobbyId) {
      setOutside(null);
      if (wasHost.current === false && b.value.youAreHost) app.toast("You host this lobby now: you add bots, remove players and start the match.", "info", 6000);
      wasHost.current = b.value.youAreHost;
      if (b.value.matchId && b.value.matchId !== shownMatch.current && !started.current) {
        started.current = true;
        app.navigate({ page: "match", matchId: b.value.matchId });
      }
    } else if (b.case === "lobbyClosed" && b.value.lobbyId === lobbyId) {
      app.toast(`You are out of the lobby: ${b.value.reason || "it was closed"}.`, "info");
      app.navigate({ page: "home" });
    }
  });

  // The Lobby pushed after Welcome carries no chat (JoinLobby's answer does): a member who
  // reloaded on another page and comes here asks once, so the chat said before shows again.
  const askedChat = useRef(false);
  useEffect(() => {
    if (askedChat.current || !lobby || app.chats.has(lobbyId) || !app.memberOf.has(lobbyId) || app.conn.state !== "open") return;
    askedChat.current = true;
    void join(true);
  });

  const settings = lobby?.settings;
  const [, setLoaded] = useState(0);
  // A deck game: your decks and the starters (ListDecks), for the picker and the bots' decks.
  const [decks, setDecks] = useState<DeckList | null>(null);
  const deckGame = settings && app.gameInfo(settings.game)?.usesDecks ? settings.game : "";
  const askedDecks = useRef("");
  useEffect(() => {
    if (!deckGame || askedDecks.current === deckGame || app.conn.state !== "open") return;
    askedDecks.current = deckGame;
    app.conn.request({ case: "listDecks", value: { game: deckGame } }).then(
      (reply) => reply.body.case === "deckList" && setDecks(reply.body.value),
      (e) => {
        askedDecks.current = "";
        if (e instanceof ServerError && failureShown(e, "auto")) app.showError(e);
      },
    );
  });
  if (settings && !findGame(settings.game)) void loadGame(settings.game).then(() => setLoaded((n) => n + 1));

  if (outside || !lobby) {
    return (
      <div class="page lobby">
        <section class="card-box lobby-head">
          <h2>Lobby <span class="muted" title={lobbyId}>· {shortId(lobbyId)}</span></h2>
          {outside ? (
            <>
              <p data-outside="1">{outside.message}</p>
              <div class="row">
                {outside.canJoin ? <button class="primary" name="join" onClick={() => void join(false)}>Join this lobby</button> : null}
                <a class="button secondary" href="#/">Home</a>
              </div>
            </>
          ) : <p>Loading the lobby…</p>}
        </section>
      </div>
    );
  }

  const game = settings ? findGame(settings.game) : undefined;
  const info = settings ? app.gameInfo(settings.game) : undefined;
  const invite = lobby.inviteCode ? routeUrl({ page: "invite", code: lobby.inviteCode }, location) : "";
  const link = invite || (settings && !settings.isPrivate ? routeUrl({ page: "lobby", lobbyId: lobby.lobbyId }, location) : "");
  const linkName = invite ? "Invite link" : "Link to this lobby";
  const me = lobby.seats.find((s) => lobby.youAreSeated && s.seat === lobby.yourSeat);
  const held = heldSeats(lobby);
  const mine = lobby.seats.filter((s) => held.includes(s.seat));
  const usesDecks = !!info?.usesDecks;
  const problem = startProblem(lobby, usesDecks);
  // The host's Start says they are ready, so only guests have a Ready box (the server waits
  // for every person but the host). It needs a deck in a deck game, for every seat held.
  const asksReady = !!me && !lobby.youAreHost && !lobby.matchId;
  const readyProblem = asksReady && usesDecks && me && mine.some((s) => !s.deckChosen) && !me.ready
    ? (mine.length > 1 ? "Choose a deck for each of your seats before you say Ready." : "Choose a deck before you say Ready.") : "";
  // A cooperative table: one person may play several seats (JoinLobby.another_seat).
  const canTakeSeat = !!info?.cooperative && lobby.youAreSeated && !lobby.matchId && lobby.seats.some((s) => s.open);
  // While its match runs, the table's seats and settings are fixed (the server refuses
  // Start, Add bot, Remove and Ready until it ends): the page leads to the match instead.
  const running = !!lobby.matchId;
  return (
    <div class="page lobby">
      <section class="card-box lobby-head">
        <h2>{settings ? gameTitle(settings.game) : "Lobby"} <span class="muted" title={lobby.lobbyId}>· {shortId(lobby.lobbyId)}</span></h2>
        <ul class="settings">
          {settings ? (
            <>
              <li>{`${settings.seats} ${settings.seats === 1 ? "seat" : "seats"} · ${settings.isPrivate ? "private" : "public"} · ${settings.allowSpectators && !settings.isPrivate ? "spectators allowed" : "no spectators"}`}</li>
              <li>{settings.turnSeconds ? `Turn timer: ${settings.turnSeconds}s` : "No turn timer"}</li>
              {game ? game.describeOptions(settings.options).map((line, i) => <li key={i}>{line}</li>) : null}
            </>
          ) : null}
        </ul>
        {running ? (
          <p class="row running-match" data-running-match={lobby.matchId}>
            <span class="grow">{lobby.youAreSeated ? "Your match at this table is being played." : "A match is being played at this table."}</span>
            <a class="button primary" href={routeHash({ page: "match", matchId: lobby.matchId })} data-to-match="">{lobby.youAreSeated ? "Back to the match" : "Go to the match"}</a>
          </p>
        ) : lobby.lastMatchId ? (
          <p class="row last-match">
            <span class="grow">The last match at this table has ended.</span>
            <a class="button secondary" href={routeHash({ page: "replay", matchId: lobby.lastMatchId, step: 0, asSeat: false })} data-replay-link={lobby.lastMatchId}>Watch its replay</a>
          </p>
        ) : null}
        {/* Nobody can join while the match runs (its seats are fixed): the link waits for its end. */}
        {link && !running ? <InviteLink app={app} link={link} linkName={linkName} name={invite ? "invite-link" : "lobby-link"} /> : null}
        {usesDecks && settings ? mine.map((seat) => (
          <DeckPicker key={seat.seat} app={app} lobby={lobby} game={settings.game} decks={decks} me={seat} act={act} several={mine.length > 1} />
        )) : null}
        <div class="row lobby-actions">
          {me && asksReady ? (
            <label class="inline" title={readyProblem || undefined}>
              <input type="checkbox" name="ready" checked={me.ready} disabled={readyProblem !== ""} aria-describedby={readyProblem ? "ready-problem" : undefined}
                onChange={(ev) => void act({ case: "setReady", value: { lobbyId, ready: (ev.target as HTMLInputElement).checked } })} />
              Ready
            </label>
          ) : null}
          {readyProblem ? <span id="ready-problem" class="muted start-problem" data-ready-problem="">{readyProblem}</span> : null}
          {canTakeSeat ? (
            <button class="secondary" name="take-another-seat" title="Play one more seat of this cooperative table yourself"
              onClick={() => void act({ case: "joinLobby", value: { lobbyId, inviteCode: "", anotherSeat: true } })}>Take another seat</button>
          ) : null}
          {lobby.youAreHost && !running ? (
            <>
              <button class="primary" name="start" disabled={problem !== ""} aria-describedby="start-problem"
                onClick={() => void act({ case: "startMatch", value: { lobbyId } })}>Start match</button>
              <span id="start-problem" class="muted start-problem" data-start-problem="">{problem}</span>
            </>
          ) : null}
          <button class="secondary" name="leave" onClick={async () => {
            // A refused Leave keeps the page: the player is still in the lobby.
            if (!(await act({ case: "leaveLobby", value: { lobbyId } }))) return;
            app.lobbies.delete(lobbyId);
            app.navigate({ page: "home" });
          }}>Leave</button>
        </div>
      </section>
      <section class="card-box">
        <h2>Seats</h2>
        <ul class="plain seats-list">
          {lobby.seats.map((s) => <SeatRow key={s.seat} s={s} lobby={lobby} info={info} act={act} starters={usesDecks ? decks?.starters ?? [] : null} />)}
        </ul>
      </section>
      <Chat app={app} lobbyId={lobbyId} act={act} />
    </div>
  );
}

function InviteLink(p: { app: App; link: string; linkName: string; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div class="row invite">
      <label class="grow">{p.linkName} <input ref={input} readOnly value={p.link} name={p.name} /></label>
      <button name="copy-link" onClick={async () => {
        const ok = await copyText(p.link, input.current);
        p.app.toast(ok ? `${p.linkName} copied.` : "Select the link and copy it.", "info");
      }}>Copy</button>
    </div>
  );
}

// A seat; an open one offers the host the bots the server listed for this game. The bot
// kind select is uncontrolled and keyed by seat, so a push never resets what was chosen.
function SeatRow(p: { s: LobbySeat; lobby: Lobby; info: GameInfo | undefined; act: (b: Body) => Promise<boolean>; starters: Deck[] | null }) {
  const { s, lobby } = p;
  const held = heldSeats(lobby);
  const mine = held.includes(s.seat);
  const bots = botChoices(p.info);
  const kind = useRef<HTMLSelectElement>(null);
  const botDeck = useRef<HTMLSelectElement>(null);
  const [explain, setExplain] = useState(bots[0]?.summary ?? "");
  // The button pressed goes away with the change it asked for (Add bot becomes Remove bot):
  // the keyboard's focus then stays in this row, not on the page's body.
  const row = useRef<HTMLLIElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!row.current?.contains(active)) refocus.current = false;   // the player moved on
      return;
    }
    refocus.current = false;
    (row.current?.querySelector<HTMLElement>("button, select") ?? row.current)?.focus();
  });
  const act = (b: Body) => {
    refocus.current = true;
    return p.act(b);
  };
  return (
    <li ref={row} tabIndex={-1} class={`seat-row${mine ? " mine" : ""}`} data-seat={s.seat} data-bot={s.bot ? "1" : undefined}>
      <span class="seat-no">#{s.seat + 1}</span>
      <span class="grow">
        {s.open ? <em class="muted">open</em> : <strong>{s.bot ? botLine(s, p.info) : s.name}</strong>}
        {s.host ? <span class="badge host" title="host">host</span> : null}
        {mine ? <span class="badge you">you</span> : null}
        {!s.open && !s.bot && !s.connected ? <span class="badge warn">away</span> : null}
        {!s.open && !s.bot && !s.host && !lobby.matchId ? <span class={`badge ${s.ready ? "ok" : ""}`} data-ready={s.ready ? "1" : "0"}>{s.ready ? "ready" : "not ready"}</span> : null}
        {p.starters && !s.open ? <DeckMark s={s} mine={mine} /> : null}
      </span>
      {lobby.matchId ? null : lobby.youAreHost && s.open && bots.length ? (
        <span class="row">
          <select ref={kind} name={`bot-kind-${s.seat}`} aria-label="Bot kind" title={explain}
            onChange={(ev) => setExplain(bots.find((b) => b.id === (ev.target as HTMLSelectElement).value)?.summary ?? "")}>
            {bots.map((b) => <option key={b.id} value={b.id} title={b.summary}>{b.label}</option>)}
          </select>
          {p.starters?.length ? (
            <select ref={botDeck} name={`bot-deck-${s.seat}`} aria-label="The bot's deck">
              <option value="">Any starter deck</option>
              {p.starters.map((d) => <option key={d.id} value={d.id} title={d.summary}>{d.name}</option>)}
            </select>
          ) : null}
          <button name={`add-bot-${s.seat}`} aria-label={`Add bot in seat ${s.seat + 1}`} onClick={() => void act({ case: "addBot", value: { lobbyId: lobby.lobbyId, bot: kind.current?.value ?? bots[0].id, seat: s.seat, deckId: botDeck.current?.value ?? "" } })}>Add bot</button>
        </span>
      ) : mine && held.length > 1 ? (
        // One of several seats of one's own: given up, it opens (Leave gets up from all).
        <button class="secondary" name={`give-up-seat-${s.seat}`} onClick={() => void act({ case: "removeSeat", value: { lobbyId: lobby.lobbyId, seat: s.seat } })}>Give up this seat</button>
      ) : lobby.youAreHost && !s.open && !mine ? (
        <button class="secondary" aria-label={`${s.bot ? "Remove bot" : `Kick ${s.name}`} from seat ${s.seat + 1}`} onClick={() => void act({ case: "removeSeat", value: { lobbyId: lobby.lobbyId, seat: s.seat } })}>{s.bot ? "Remove bot" : "Kick"}</button>
      ) : null}
    </li>
  );
}

// What a seat shows of its deck: your own deck's name; a bot's starter; for anyone else
// only whether they have chosen (LobbySeat.deck_name is never sent for another person).
function DeckMark(p: { s: LobbySeat; mine: boolean }) {
  const { s } = p;
  if (!s.deckChosen) return <span class="badge warn" data-deck="none">no deck yet</span>;
  if ((p.mine || s.bot) && s.deckName) return <span class="badge ok deck-name" data-deck="chosen">deck: {s.deckName}</span>;
  return <span class="badge ok" data-deck="chosen">deck chosen</span>;
}

// Your seat's deck in a deck game: one of your playable decks or a starter (ChooseDeck,
// which clears Ready). Decks that break a rule are listed but cannot be picked. The
// select shows the server's choice (LobbySeat.deck_name), so a reload keeps it.
export function DeckPicker(p: { app: App; lobby: Lobby; game: string; decks: DeckList | null; me: LobbySeat | undefined; act: (b: Body) => Promise<boolean>; several?: boolean }) {
  const { lobby, decks, me } = p;
  const [picking, setPicking] = useState("");
  const builder = routeHash({ page: "decks", game: p.game, deckId: "" });
  if (!me) return null;
  const all = decks ? [...decks.decks, ...decks.starters] : [];
  const current = me.deckChosen ? all.find((d) => d.name === me.deckName && (d.starter || !d.problems.length))?.id ?? "?" : "";
  const locked = !!lobby.matchId;
  return (
    <div class="deck-picker" data-deck-chosen={me.deckChosen ? "1" : "0"} data-deck-seat={me.seat}>
      <h3>{p.several ? `Your deck for seat ${me.seat + 1}` : "Your deck"}</h3>
      {decks ? (
        <div class="row">
          <label class="grow">Deck for this match
            <select name={p.several ? `choose-deck-${me.seat}` : "choose-deck"} value={picking || current} disabled={locked || picking !== ""} onChange={async (ev) => {
              const deckId = (ev.target as HTMLSelectElement).value;
              setPicking(deckId || "-");
              await p.act({ case: "chooseDeck", value: { lobbyId: lobby.lobbyId, deckId, seat: me.seat } });
              setPicking("");
            }}>
              <option value="">{me.deckChosen ? "No deck" : "Choose a deck…"}</option>
              {current === "?" ? <option value="?" disabled>{me.deckName || "chosen"}</option> : null}
              {decks.decks.length ? (
                <optgroup label="Your decks">
                  {decks.decks.map((d) => <option key={d.id} value={d.id} disabled={d.problems.length > 0}>{d.name}{d.problems.length ? " (not playable)" : ""}</option>)}
                </optgroup>
              ) : null}
              <optgroup label="Starter decks">
                {decks.starters.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
              </optgroup>
            </select>
          </label>
          <a class="button secondary" href={builder} data-deck-builder-link="">Build or edit decks</a>
        </div>
      ) : (
        <p class="row"><span class="muted grow">Loading your decks…</span><a class="button secondary" href={builder} data-deck-builder-link="">Build or edit decks</a></p>
      )}
      <p class="muted" data-deck-status="">
        {/* Without a deck, the line beside Ready says what to do. */}
        {me.deckChosen ? `You bring ${me.deckName || "your deck"}. The others see only that you have chosen.` : ""}
        {decks?.starters.find((d) => d.id === current)?.summary ? ` ${decks.starters.find((d) => d.id === current)?.summary}` : ""}
      </p>
    </div>
  );
}

// The lobby's chat beside a match's table (TableContext.chat): the same lines and limits,
// its own errors as sentences.
export function TeamChat(p: { app: App; lobbyId: string }) {
  const act = async (body: Body): Promise<boolean> => {
    try {
      await p.app.conn.request(body);
      return true;
    } catch (e) {
      if (e instanceof ServerError) p.app.showError(e);
      return false;
    }
  };
  return <Chat app={p.app} lobbyId={p.lobbyId} act={act} title="Team chat" />;
}

// Chat: the line is counted in code points (as the server counts); the list stays at the
// bottom only when the reader was there.
function Chat(p: { app: App; lobbyId: string; act: (b: Body) => Promise<boolean>; title?: string }) {
  const [text, setText] = useState("");
  const { ref: list, onScroll } = useStickToBottom<HTMLUListElement>();
  const lines = p.app.chats.get(p.lobbyId) ?? [];
  const length = [...text.trim()].length;
  return (
    <section class="card-box chat">
      <h2>{p.title ?? "Chat"}</h2>
      <ul ref={list} class="chat-lines" aria-live="polite" tabIndex={0} aria-label="Chat lines" onScroll={onScroll}>
        {lines.length ? lines.map((l, i) => l.from
          ? <li key={i}><strong>{l.from}</strong>: {l.text}</li>
          // A line with no sender is the server's (e.g. why a match ended without a result).
          : <li key={i} class="server-notice"><em>{l.text}</em></li>) : <li class="muted">No messages yet.</li>}
      </ul>
      <form class="row" onSubmit={(ev) => {
        ev.preventDefault();
        const line = text.trim();
        if (!line) return;
        if (length > chatLimit) {
          p.app.toast(`Chat lines are at most ${chatLimit} characters; this one has ${length}.`, "error");
          return;
        }
        // Cleared once the server took it: a refused line stays to be fixed or resent.
        void p.act({ case: "sendChat", value: { lobbyId: p.lobbyId, text: line } }).then((sent) => {
          if (sent) setText((now) => (now.trim() === line ? "" : now));
        });
      }}>
        <label class="grow">
          <span class="visually-hidden">Chat line</span>
          <input name="chat" placeholder="Say something" autocomplete="off" value={text} onInput={(ev) => setText((ev.target as HTMLInputElement).value)} />
        </label>
        <span class={`muted counter${length > chatLimit ? " over" : ""}`} aria-live="polite">{length}/{chatLimit}</span>
        <button type="submit">Send</button>
      </form>
    </section>
  );
}
