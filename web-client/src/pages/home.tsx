// Home: a first visit says what Starport is and shows its games, then asks for a name;
// afterwards: your name, "Your tables", one-click "Play against the computer" per game,
// join by code, create a lobby, public lobbies and replays.
import { useEffect, useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { ServerError } from "../connection.js";
import { defaultSeats, playableGames, seatProblem, type PlayableGame } from "../games/catalog.js";
import { gameBlurb, gameEntries, gameTitle, loadAllGames } from "../games/index.js";
import type { AnyGameClient } from "../games/types.js";
import { ErrorCode } from "../gen/starport/v1/common_pb.js";
import type { DeckList, LobbySummary, ReplaySummary } from "../gen/starport/v1/protocol_pb.js";
import { type AskedBy, failureShown } from "../request_failure.js";
import { routeHash } from "../router.js";
import { everyWhileVisible } from "../every_while_visible.js";
import { NameForm } from "../ui/name_form.js";
import {
  describeLobby,
  describePublicLobby,
  limitAdvice,
  lobbyLineText,
  matchesWithoutLobbyLine,
  matchLineText,
  replayLineText,
  type LobbyLine,
} from "../your_tables.js";

const listsRefreshMs = 15000;

// The game modules, loaded once for the home page (titles, options forms).
function useGames(): AnyGameClient[] {
  const [games, setGames] = useState<AnyGameClient[]>([]);
  useEffect(() => {
    void loadAllGames().then(setGames);
  }, []);
  return games;
}

export function HomePage({ app }: { app: App }) {
  const games = useGames();
  const [editing, setEditing] = useState(false);
  const [filter, setFilter] = useState("");
  const [lobbies, setLobbies] = useState<LobbySummary[] | null>(null);
  const [replays, setReplays] = useState<ReplaySummary[]>([]);
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const mineRef = useRef<HTMLElement>(null);
  const shown = useRef(new Map<string, LobbyLine>());
  const asked = useRef({ lobbies: 0, replays: 0 });
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const named = !!(app.identity.name || app.identity.token);

  const isNamed = () => !!(app.identity.name || app.identity.token);
  const refreshLobbies = async (how: AskedBy = "auto") => {
    if (!isNamed()) return;
    const id = ++asked.current.lobbies;
    try {
      const reply = await app.conn.request({ case: "listLobbies", value: { game: filterRef.current } });
      if (id === asked.current.lobbies && reply.body.case === "lobbyList") setLobbies(reply.body.value.lobbies);
    } catch (e) {
      if (e instanceof ServerError && failureShown(e, how)) app.showError(e);
    }
  };
  const refreshReplays = async (how: AskedBy = "auto") => {
    const id = ++asked.current.replays;
    const lists: ReplaySummary[][] = [];
    for (const m of isNamed() ? [true, false] : [false]) {
      try {
        const reply = await app.conn.request({ case: "listReplays", value: { mine: m, game: filterRef.current } });
        if (reply.body.case === "replayList") lists.push(reply.body.value.replays);
      } catch (e) {
        if (e instanceof ServerError && failureShown(e, how)) app.showError(e);
        return;
      }
    }
    if (id !== asked.current.replays) return;
    const seen = new Set<string>();
    setReplays(lists.flat().filter((r) => !seen.has(r.matchId) && seen.add(r.matchId)));
  };

  useAppEvents(app, (e) => {
    if (e.kind === "welcome") {
      void refreshLobbies();
      void refreshReplays();
    } else if (e.kind === "message") {
      const b = e.message.body;
      if (b.case === "lobbyClosed" && !leaving.has(b.value.lobbyId)) {
        const line = shown.current.get(b.value.lobbyId);
        const which = line && line.state !== "loading" ? `the ${line.title} lobby` : "a lobby";
        app.toast(`You are out of ${which}: ${b.value.reason || "it was closed"}.`, "info");
      }
    }
  });
  // The periodic task outlives this render: it calls the latest functions.
  const refresh = useRef({ refreshLobbies, refreshReplays });
  refresh.current = { refreshLobbies, refreshReplays };
  useEffect(() => everyWhileVisible(() => {
    if (app.conn.state !== "open") return;
    void refresh.current.refreshLobbies("periodic");
    void refresh.current.refreshReplays("periodic");
  }, listsRefreshMs), []);
  useEffect(() => {
    if (app.conn.state !== "open") return;
    void refreshLobbies();
    void refreshReplays();
  }, [filter]);

  // A refused create or join; at the lobby limit, "Your tables" is where to leave one.
  const refused = (e: ServerError) => {
    const advice = limitAdvice(e.code, app.memberOf.size);
    app.showError(e, advice);
    if (!advice || !mineRef.current) return;
    mineRef.current.scrollIntoView({ block: "center", behavior: "smooth" });
    mineRef.current.classList.add("attention");
    setTimeout(() => mineRef.current?.classList.remove("attention"), 3000);
  };
  const join = async (target: { lobbyId: string; inviteCode: string }) => {
    try {
      const reply = await app.conn.request({ case: "joinLobby", value: target });
      if (reply.body.case === "lobby") app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
    } catch (e) {
      if (e instanceof ServerError) refused(e);
    }
  };

  if (!named) {
    // A first visit: what this is, its games, then a name.
    return (
      <div class="page home first-visit">
        <section class="card-box intro" data-first-visit="">
          <h2>Welcome to Starport</h2>
          <p>Starport is a place to play card and board games in your browser, with friends or against the computer. Nothing to install, no account: pick a name and play.</p>
          <ul class="plain game-blurbs">
            {gameEntries.map((g) => (
              <li key={g.id} data-game={g.id}><strong>{g.title}</strong> — {g.blurb}</li>
            ))}
          </ul>
        </section>
        <section class="card-box name-box">
          <h2>Choose a display name</h2>
          <p class="muted">Others see it at the table. You can change it later.</p>
          <NameForm current="" submitLabel="Play" autoFocus onName={(n) => app.setName(n)} />
        </section>
      </div>
    );
  }

  const playable = playableGames(app.catalog, games);
  const memberLines = [...app.memberOf].map((id) => describeLobby(id, app.lobbies.get(id)));
  shown.current = new Map(memberLines.map((l) => [l.lobbyId, l]));
  const active = app.runningMatches();
  const running = matchesWithoutLobbyLine(active, [...app.memberOf].map((id) => app.lobbies.get(id)));

  const leave = async (line: LobbyLine) => {
    setLeaving((s) => new Set([...s, line.lobbyId]));
    try {
      await app.conn.request({ case: "leaveLobby", value: { lobbyId: line.lobbyId } });
      app.toast(line.state === "loading" ? "You left the lobby." : `You left the ${line.title} lobby.`, "info");
    } catch (e) {
      if (!(e instanceof ServerError)) throw e;
      if (e.code === ErrorCode.NOT_FOUND) {
        app.memberOf.delete(line.lobbyId);
        app.lobbies.delete(line.lobbyId);
        app.toast("You are no longer in that lobby.", "info");
      } else app.showError(e);
    } finally {
      setLeaving((s) => new Set([...s].filter((id) => id !== line.lobbyId)));
    }
  };

  return (
    <div class="page home">
      <section class="card-box name-box">
        {editing ? (
          <>
            <h2>Change your name</h2>
            <NameForm current={app.identity.name} submitLabel="Save" autoFocus onName={(n) => { app.setName(n); setEditing(false); }} />
          </>
        ) : (
          <p class="row">
            <span class="grow">Playing as <strong data-name={app.identity.name}>{app.identity.name}</strong></span>
            <button class="link" onClick={() => setEditing(true)}>Change name</button>
          </p>
        )}
      </section>
      <section ref={mineRef} class="card-box mine" hidden={memberLines.length + running.length === 0}>
        <h2>Your tables</h2>
        <ul class="plain">
          {memberLines.map((line) => <LobbyItem key={line.lobbyId} line={line} leaving={leaving.has(line.lobbyId)} leave={leave} />)}
          {running.map((id) => (
            <li key={id}><a href={routeHash({ page: "match", matchId: id })} data-match-link={id}>{matchLineText(id, app.gameOfMatch(id))}</a></li>
          ))}
        </ul>
      </section>
      <PlayComputer app={app} playable={playable} refused={refused} />
      <DeckGames app={app} />
      <section class="card-box">
        <h2>Join a private lobby</h2>
        <JoinByCode app={app} join={join} />
      </section>
      <section class="card-box">
        <h2>Create a lobby</h2>
        <CreateForm app={app} playable={playable} refused={refused} />
      </section>
      <section class="card-box">
        {/* The heading keeps Refresh beside it, as Replays does; the filter, as wide as the
            longest game title, has a line of its own (beside them it pushed Refresh under). */}
        <div class="row">
          <h2 class="grow">Public lobbies</h2>
          <button onClick={() => void refreshLobbies("pressed")}>Refresh</button>
        </div>
        <select name="filter-game" class="lobby-filter" aria-label="Filter by game" value={filter} onChange={(ev) => setFilter((ev.target as HTMLSelectElement).value)}>
          <option value="">All games</option>
          {(playable ?? []).map((p) => <option key={p.info.id} value={p.info.id}>{p.client.title}</option>)}
        </select>
        <div class="lobby-list" data-game={filter}>
          {lobbies === null ? <p class="muted">Connect to see public lobbies.</p>
            : lobbies.length === 0 ? <p class="muted">No public lobbies right now — create one.</p>
            : (
              <ul class="plain">
                {lobbies.map((l) => {
                  const row = describePublicLobby(l);
                  return (
                    <li key={l.lobbyId} class="lobby-row public-lobby" data-lobby={l.lobbyId} data-state={row.state}>
                      <span class="grow"><strong>{gameTitle(l.game)}</strong>{` · ${row.text}`}</span>
                      {row.watchMatchId ? <a class="button secondary" href={routeHash({ page: "match", matchId: row.watchMatchId })} data-watch-link={row.watchMatchId}>Watch</a> : null}
                      {row.canJoin ? <button name="join-lobby" onClick={() => void join({ lobbyId: l.lobbyId, inviteCode: "" })}>Join</button> : null}
                    </li>
                  );
                })}
              </ul>
            )}
        </div>
      </section>
      <ReplayList replays={replays} refresh={() => void refreshReplays("pressed")} filter={filter} />
    </div>
  );
}

function LobbyItem(p: { line: LobbyLine; leaving: boolean; leave: (l: LobbyLine) => Promise<void> }) {
  const { line } = p;
  return (
    <li class="lobby-row your-table" data-lobby={line.lobbyId} data-state={line.state}>
      <a class="grow table-link" href={routeHash({ page: "lobby", lobbyId: line.lobbyId })} title={lobbyLineText(line)}>
        <strong>{line.title}</strong>
        {line.state === "loading" ? <span class="muted"> ({line.stateText})</span> : (
          <>
            {line.details.map((d, i) => <span key={i} class="detail"> · {d}</span>)}{" "}
            <span class={`badge table-state ${line.state}`}>{line.stateText}</span>
          </>
        )}
      </a>
      {line.replayOf ? <a class="button secondary" href={routeHash({ page: "replay", matchId: line.replayOf, step: 0, asSeat: false })} data-replay-link={line.replayOf}>Replay</a> : null}
      <button class="secondary" name="leave-lobby" disabled={p.leaving} aria-label={`Leave: ${lobbyLineText(line)}`}
        title={line.state === "playing" ? "Leave the lobby; your seat in the running match stays yours" : undefined}
        onClick={() => void p.leave(line)}>{p.leaving ? "Leaving…" : "Leave"}</button>
    </li>
  );
}

// One click per game: a private table against the game's strongest bot, started at once.
function PlayComputer(p: { app: App; playable: PlayableGame[] | null; refused: (e: ServerError) => void }) {
  const [busy, setBusy] = useState("");
  // Deck games: the deck for your seat (PlayComputer.deck_id; "" lets the server give you a
  // starter), chosen among your playable decks and the starters (ListDecks, asked once).
  const [decks, setDecks] = useState<Record<string, DeckList>>({});
  const chosen = useRef<Record<string, string>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const g of p.playable ?? []) {
      if (!g.info.usesDecks || asked.current.has(g.info.id) || p.app.conn.state !== "open") continue;
      asked.current.add(g.info.id);
      p.app.conn.request({ case: "listDecks", value: { game: g.info.id } }).then(
        (reply) => reply.body.case === "deckList" && setDecks((d) => ({ ...d, [g.info.id]: reply.body.value as DeckList })),
        () => asked.current.delete(g.info.id),
      );
    }
  });
  if (!p.playable?.length) return null;
  const play = async (game: PlayableGame) => {
    setBusy(game.info.id);
    try {
      const reply = await p.app.conn.request({ case: "playComputer", value: { game: game.info.id, bot: "", seats: 0, deckId: chosen.current[game.info.id] ?? "" } });
      if (reply.body.case === "lobby") {
        const lobby = reply.body.value;
        if (lobby.matchId) p.app.navigate({ page: "match", matchId: lobby.matchId });
        else p.app.navigate({ page: "lobby", lobbyId: lobby.lobbyId });
      }
    } catch (e) {
      if (e instanceof ServerError) p.refused(e);
    } finally {
      setBusy("");
    }
  };
  return (
    <section class="card-box play-computer">
      <h2>Play against the computer</h2>
      <ul class="plain">
        {p.playable.map((g) => (
          <li key={g.info.id} class="row">
            <span class="grow"><strong>{g.client.title}</strong><span class="muted"> — {gameBlurb(g.info.id)}</span></span>
            {/* A deck game's select stands above its button: side by side they wrapped under the text. */}
            <span class="play-computer__go">
            {g.info.usesDecks && decks[g.info.id] ? (
              <select name={`play-computer-deck-${g.info.id}`} aria-label={`Your deck for ${g.client.title}`}
                onChange={(ev) => (chosen.current[g.info.id] = (ev.target as HTMLSelectElement).value)}>
                <option value="">A starter deck for me</option>
                {decks[g.info.id].decks.some((d) => !d.problems.length) ? (
                  <optgroup label="Your decks">
                    {decks[g.info.id].decks.filter((d) => !d.problems.length).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
                  </optgroup>
                ) : null}
                <optgroup label="Starter decks">
                  {decks[g.info.id].starters.map((d) => <option key={d.id} value={d.id} title={d.summary}>{d.name}</option>)}
                </optgroup>
              </select>
            ) : null}
            <button class="primary" name={`play-computer-${g.info.id}`} data-play-computer={g.info.id} disabled={busy !== ""} onClick={() => void play(g)}>
              {busy === g.info.id ? "Starting…" : "Play against the computer"}
            </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The deck games the server hosts: a link to each one's deck builder.
function DeckGames(p: { app: App }) {
  const deckGames = (p.app.catalog ?? []).filter((g) => g.usesDecks);
  if (!deckGames.length) return null;
  return (
    <section class="card-box deck-games">
      <h2>Decks</h2>
      <p class="muted">Some games are played with a deck you build from the game's cards; you bring one to each table.</p>
      <ul class="plain">
        {deckGames.map((g) => (
          <li key={g.id} class="row">
            <span class="grow"><strong>{gameTitle(g.id)}</strong></span>
            <a class="button" href={routeHash({ page: "decks", game: g.id, deckId: "" })} data-decks-link={g.id}>Your decks</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function JoinByCode(p: { app: App; join: (t: { lobbyId: string; inviteCode: string }) => Promise<void> }) {
  const [raw, setRaw] = useState("");
  return (
    <form class="row" onSubmit={(ev) => {
      ev.preventDefault();
      const text = raw.trim();
      const code = text.match(/#\/invite\/([A-Za-z0-9_-]+)/)?.[1] ?? text;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) {
        p.app.toast("That does not look like an invite code.", "error");
        return;
      }
      void p.join({ lobbyId: "", inviteCode: code });
    }}>
      <label class="grow">Join by code <input name="invite-code" placeholder="Invite code or link" autocomplete="off" value={raw} onInput={(ev) => setRaw((ev.target as HTMLInputElement).value)} /></label>
      <button type="submit">Join</button>
    </form>
  );
}

function CreateForm(p: { app: App; playable: PlayableGame[] | null; refused: (e: ServerError) => void }) {
  const offered = p.playable ?? [];
  const [gameId, setGameId] = useState("");
  const chosen = offered.find((g) => g.info.id === gameId) ?? offered[0];
  const [seats, setSeats] = useState<number | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [spectators, setSpectators] = useState(true);
  const [timer, setTimer] = useState(0);
  const options = useRef<Uint8Array | string>(new Uint8Array());
  const seatCount = chosen ? seats ?? defaultSeats(chosen.info) : 0;
  const ready = offered.length > 0;
  const Options = chosen?.client.OptionsForm;
  return (
    <form class="create-form" onSubmit={async (ev) => {
      ev.preventDefault();
      if (!chosen) return;
      const problem = seatProblem(chosen.info, chosen.client.title, seatCount);
      if (problem) return p.app.toast(problem, "error");
      const bytes = options.current;
      if (typeof bytes === "string") return p.app.toast(bytes, "error");
      try {
        const reply = await p.app.conn.request({
          case: "createLobby",
          value: { settings: { game: chosen.info.id, seats: seatCount, options: bytes, isPrivate, allowSpectators: spectators && !isPrivate, turnSeconds: Math.max(0, Math.floor(timer || 0)) } },
        });
        if (reply.body.case === "lobby") p.app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
      } catch (e) {
        if (e instanceof ServerError) p.refused(e);
      }
    }}>
      {ready ? null : (
        <p class="muted" data-catalog="waiting">
          {p.playable ? "This server hosts no game this version of the page can show; try reloading it." : "The games on offer, their seats and bots arrive once you are connected."}
        </p>
      )}
      <label>Game
        <select name="game" disabled={!ready} value={chosen?.info.id ?? ""} onChange={(ev) => { setGameId((ev.target as HTMLSelectElement).value); setSeats(null); }}>
          {ready ? offered.map((g) => <option key={g.info.id} value={g.info.id}>{g.client.title}</option>) : <option value="">{p.playable ? "No game to offer" : "Waiting for the server…"}</option>}
        </select>
      </label>
      <label>Seats
        <input type="number" name="seats" inputMode="numeric" disabled={!ready} min={chosen?.info.minSeats} max={chosen?.info.maxSeats}
          value={ready ? String(seatCount) : ""} onInput={(ev) => setSeats(Number((ev.target as HTMLInputElement).value))} />
      </label>
      <label class="inline"><input type="checkbox" name="private" checked={isPrivate} onChange={(ev) => setPrivate((ev.target as HTMLInputElement).checked)} /> Private (invite link only)</label>
      {/* A private table's match admits only its players (docs/protocol.md, Watch): not offered. */}
      <label class="inline" title={isPrivate ? "A private table's match is open to its players only; its replay opens to everyone once it has ended." : undefined}>
        <input type="checkbox" name="spectators" checked={spectators && !isPrivate} disabled={isPrivate} onChange={(ev) => setSpectators((ev.target as HTMLInputElement).checked)} /> Allow spectators
      </label>
      <label>Turn timer in seconds (0: none)
        <input type="number" name="turn-seconds" min={0} max={3600} inputMode="numeric" value={String(timer)} onInput={(ev) => setTimer(Number((ev.target as HTMLInputElement).value))} />
      </label>
      <div class="options-box">
        {Options ? <Options key={chosen.info.id} seats={seatCount} onChange={(o) => (options.current = o)} /> : null}
      </div>
      <button type="submit" class="primary" disabled={!ready}>Create lobby</button>
    </form>
  );
}

function ReplayList(p: { replays: ReplaySummary[]; refresh: () => void; filter?: string }) {
  return (
    <section class="card-box">
      <div class="row"><h2 class="grow">Replays</h2><button onClick={p.refresh}>Refresh</button></div>
      <div class="replay-list" data-game={p.filter ?? ""}>
        {p.replays.length ? (
          <ul class="plain">
            {p.replays.slice(0, 30).map((r) => (
              <li key={r.matchId} data-replay={r.matchId} data-state={r.finished ? "finished" : "running"}>
                <a href={routeHash({ page: "replay", matchId: r.matchId, step: 0, asSeat: false })}>{replayLineText(r)}</a>
              </li>
            ))}
          </ul>
        ) : <p class="muted">No replays yet.</p>}
      </div>
    </section>
  );
}
