// The deck builder, #/decks/<game>[?deck=<id>] (docs/web-client.md, "Decks"): your decks
// and the starters; one deck open: its name, counts per Pile, what it breaks (checked here
// while editing, then the server's Deck.problems once saved), its cards; the pool with
// filters; save, copy, delete, export (copy / download) and import (paste a list).
// Loaded with import() (pages/lazy_decks.tsx): a player who never builds a deck never
// downloads it.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { ServerError } from "../connection.js";
import { findDeckGame, loadDeckGame, type DeckGame } from "../decks/games.js";
import {
  addCard,
  addProblem,
  copies,
  copyName,
  deckGroups,
  exportFileName,
  freeName,
  filterChoices,
  filterPool,
  nameProblem,
  noFilter,
  pileCounts,
  removeCard,
  sameCards,
  stat,
  type DeckRules,
  type PoolFilter,
} from "../decks/model.js";
import { cardPool, loadedPool } from "../decks/pool_cache.js";
import { gameTitle, loadGame } from "../games/index.js";
import type { CardPool, Deck, DeckList, PoolCard } from "../gen/starport/v1/protocol_pb.js";
import { Card } from "../kit/card.js";
import { CutHintBox } from "../kit/table_box.js";
import { Tip } from "../kit/tip.js";
import { errorSentence } from "../kit/words.js";
import type { Route } from "../router.js";
import { copyText } from "../ui/format.js";
import "../games/terminus/cards.css";
import "./decks.css";

// Rules for a game this client has no deck module for: Piles by kind, no local check.
const plainRules: DeckRules = { piles: [], copyLimit: () => 99, problems: () => [] };

// The deck on the bench: what is being edited, and the saved deck it started from.
interface Draft {
  id: string;            // "" a new deck not saved yet; a starter's id while it is only looked at
  name: string;
  cards: number[];
  saved: Deck | null;    // as the server last returned it (a starter: as listed)
}

function draftOf(deck: Deck): Draft {
  return { id: deck.id, name: deck.name, cards: [...deck.cards], saved: deck };
}

export function isDirty(d: Draft): boolean {
  if (!d.saved) return d.cards.length > 0 || d.name !== "New deck";
  return d.name !== d.saved.name || !sameCards(d.cards, d.saved.cards);
}

export function DecksPage({ app, route }: { app: App; route: Route }) {
  const game = route.page === "decks" ? route.game : "";
  const wantDeck = route.page === "decks" ? route.deckId : "";
  const [pool, setPool] = useState<CardPool | null>(loadedPool(game) ?? null);
  const [failed, setFailed] = useState("");
  const [list, setList] = useState<DeckList | null>(null);
  const [deckGame, setDeckGame] = useState<DeckGame | undefined>(findDeckGame(game));
  const [draft, setDraft] = useState<Draft>({ id: "", name: "New deck", cards: [], saved: null });
  const [filter, setFilter] = useState<PoolFilter>(noFilter);
  const [busy, setBusy] = useState("");
  const opened = useRef("");

  const info = app.gameInfo(game);
  const rules = deckGame?.rules ?? plainRules;

  const refreshList = async () => {
    try {
      const reply = await app.conn.request({ case: "listDecks", value: { game } });
      if (reply.body.case === "deckList") setList(reply.body.value);
    } catch (e) {
      if (e instanceof ServerError) setFailed(`Your decks cannot be listed. ${errorSentence(e.code, e.detail)}`);
    }
  };
  useAppEvents(app, (e) => {
    if (e.kind !== "welcome") return;
    cardPool(app.conn, game).then(setPool, (e) => {
      if (e instanceof ServerError) setFailed(`The card pool cannot be shown. ${errorSentence(e.code, e.detail)}`);
    });
    void refreshList();
  });
  useEffect(() => {
    void loadDeckGame(game).then(setDeckGame);
    void loadGame(game);
  }, [game]);

  // Open the deck the address names, once the list has it.
  useEffect(() => {
    if (!list || opened.current === wantDeck) return;
    opened.current = wantDeck;
    if (!wantDeck) return;
    const deck = list.decks.find((d) => d.id === wantDeck) ?? list.starters.find((d) => d.id === wantDeck);
    if (deck) setDraft(draftOf(deck));
    else app.toast("That deck is not among yours or the starters any more.", "info");
  }, [list, wantDeck]);

  const cards = pool?.cards ?? [];
  const localProblems = useMemo(() => rules.problems(draft.cards, cards), [draft.cards, cards, rules]);
  const dirty = isDirty(draft);
  const starter = !!draft.saved?.starter;
  // Saved and unchanged: the server's verdict. While editing: the rules checked here.
  const problems = !dirty && draft.saved ? draft.saved.problems : localProblems;
  const problemsFrom = !dirty && draft.saved ? "server" : "local";

  const open = (deck: Deck | null) => {
    if (dirty && !confirm("Drop the changes to this deck?")) return;
    if (deck) {
      setDraft(draftOf(deck));
      opened.current = deck.id;
      app.replaceRoute({ page: "decks", game, deckId: deck.id });
    } else {
      setDraft({ id: "", name: "New deck", cards: [], saved: null });
      opened.current = "";
      app.replaceRoute({ page: "decks", game, deckId: "" });
    }
  };

  const saveDeck = async (what: string, deck: { id: string; name: string; cards: number[] }, text = ""): Promise<Deck | null> => {
    // The server refuses a list longer than the pool's max_cards whole (nothing saved).
    const tooLong = !text && pool?.maxCards && deck.cards.length > pool.maxCards ? `A deck has at most ${pool.maxCards} cards; this one has ${deck.cards.length}.` : "";
    const problem = nameProblem(deck.name) || tooLong;
    if (problem) {
      app.toast(problem, "error");
      return null;
    }
    setBusy(what);
    try {
      const reply = await app.conn.request({ case: "saveDeck", value: { deck: { id: deck.id, game, name: deck.name.trim(), cards: deck.cards }, text } });
      if (reply.body.case !== "deck") return null;
      const saved = reply.body.value;
      setDraft(draftOf(saved));
      opened.current = saved.id;
      app.replaceRoute({ page: "decks", game, deckId: saved.id });
      void refreshList();
      return saved;
    } catch (e) {
      if (e instanceof ServerError && !text) app.showError(e);
      if (text) throw e;
      return null;
    } finally {
      setBusy("");
    }
  };

  const save = () => void saveDeck("save", { id: draft.id, name: draft.name, cards: draft.cards }).then((d) => d && app.toast(`Saved “${d.name}”.`, "info", 2500));
  // A copy of what is on the bench (with its unsaved changes), under a new name.
  const taken = (list?.decks ?? []).map((d) => d.name);
  const copy = () => void saveDeck("copy", { id: "", name: freeName(starter ? draft.name : copyName(draft.name), taken), cards: draft.cards }).then((d) => d && app.toast(`Saved a copy: “${d.name}”.`, "info", 2500));
  const remove = async () => {
    setBusy("delete");
    try {
      const reply = await app.conn.request({ case: "deleteDeck", value: { deckId: draft.id } });
      if (reply.body.case === "deckList") setList(reply.body.value);
      app.toast(`Deleted “${draft.saved?.name ?? draft.name}”.`, "info", 2500);
      setDraft({ id: "", name: "New deck", cards: [], saved: null });
      opened.current = "";
      app.replaceRoute({ page: "decks", game, deckId: "" });
    } catch (e) {
      if (e instanceof ServerError) app.showError(e);
    } finally {
      setBusy("");
    }
  };

  if (!game) return <div class="page"><p>No game named.</p></div>;
  const title = info ? gameTitle(game) : gameTitle(game);
  if (info && !info.usesDecks) {
    return (
      <div class="page decks">
        <section class="card-box"><h2>Decks</h2><p>{title} is played without decks.</p><a class="button secondary" href="#/">Home</a></section>
      </div>
    );
  }
  return (
    <div class="page decks" data-game={game}>
      <section class="card-box decks-head">
        <div class="row">
          <h2 class="grow">Decks · {title}</h2>
          <a class="button secondary" href="#/">Home</a>
        </div>
        {failed ? <p class="form-error" role="alert">{failed}</p> : null}
        <DeckShelf list={list} current={draft.id} open={open} />
      </section>
      <section class="card-box deck-bench" data-deck={draft.id || "new"} data-dirty={dirty ? "1" : "0"}>
        <div class="row deck-name-row">
          <label class="grow">Deck name
            <input name="deck-name" value={draft.name} maxLength={80} autocomplete="off" readOnly={starter}
              onInput={(ev) => setDraft({ ...draft, name: (ev.target as HTMLInputElement).value })} />
          </label>
          <span class="deck-state muted" data-state={starter ? "starter" : dirty ? "unsaved" : draft.saved ? "saved" : "new"}>
            {starter ? "Starter deck: copy it to change it" : dirty ? "Unsaved changes" : draft.saved ? "Saved" : "Not saved yet"}
          </span>
        </div>
        {draft.saved?.summary ? <p class="muted">{draft.saved.summary}</p> : null}
        <div class="row deck-commands">
          {starter ? null : (
            <button class="primary" name="save-deck" disabled={busy !== "" || (!dirty && !!draft.saved)} onClick={save}>
              {busy === "save" ? "Saving…" : "Save"}
            </button>
          )}
          {draft.saved ? <button class={starter ? "primary" : ""} name="copy-deck" disabled={busy !== ""} onClick={copy}>{busy === "copy" ? "Copying…" : starter ? "Copy to my decks" : "Save as a copy"}</button> : null}
          {draft.saved && !starter ? <DeleteButton name={draft.saved.name} busy={busy !== ""} onDelete={() => void remove()} /> : null}
          <button class="secondary" name="new-deck" disabled={busy !== ""} onClick={() => open(null)}>New deck</button>
        </div>
        <PileCounts deck={draft.cards} pool={cards} rules={rules} extra={deckGame?.summaryLine?.(draft.cards, cards) ?? ""} />
        <Problems problems={problems} from={problemsFrom} empty={draft.cards.length === 0} />
        <DeckContents deck={draft.cards} pool={cards} rules={rules} glossary={deckGame?.glossary ?? []} readOnly={starter}
          change={(c) => setDraft({ ...draft, cards: c })} />
        <ExportBox deck={draft.saved} dirty={dirty} app={app} />
        <ImportBox app={app} busy={busy !== ""} importList={async (name, text) => {
          if (dirty && !confirm("Drop the changes to this deck?")) return false;
          const d = await saveDeck("import", { id: "", name, cards: [] }, text);
          if (d) app.toast(`Imported “${d.name}”.`, "info", 2500);
          return !!d;
        }} />
      </section>
      <section class="card-box deck-pool">
        <h2>Card pool {pool ? <span class="muted">· {cards.length} cards</span> : null}</h2>
        {pool ? (
          <PoolView pool={cards} rules={rules} glossary={deckGame?.glossary ?? []} filter={filter} setFilter={setFilter}
            deck={draft.cards} readOnly={starter} change={(c) => setDraft({ ...draft, cards: c })} />
        ) : <p class="muted">{failed ? "—" : "Loading the card pool…"}</p>}
      </section>
    </div>
  );
}

export function DeckShelf(p: { list: DeckList | null; current: string; open: (d: Deck | null) => void }) {
  if (!p.list) return <p class="muted">Loading your decks…</p>;
  const line = (d: Deck) => (
    <li key={d.id} class={`deck-line${d.id === p.current ? " current" : ""}`} data-deck-line={d.id}>
      <button class="link" aria-current={d.id === p.current ? "true" : undefined} onClick={() => p.open(d)}>{d.name}</button>
      <span class="muted"> · {d.cards.length} cards</span>
      {d.starter ? null : d.problems.length ? <span class="badge warn" title={d.problems.join(" ")}>not playable</span> : <span class="badge ok">playable</span>}
      {d.summary ? <span class="muted deck-summary"> — {d.summary}</span> : null}
    </li>
  );
  return (
    <div class="deck-shelf">
      <div>
        <h3>Your decks</h3>
        {p.list.decks.length ? <ul class="plain" data-testid="your-decks">{p.list.decks.map(line)}</ul> : <p class="muted">None yet: start a new deck, copy a starter or import a list.</p>}
      </div>
      <div>
        <h3>Starter decks</h3>
        <ul class="plain" data-testid="starter-decks">{p.list.starters.map(line)}</ul>
      </div>
    </div>
  );
}

function DeleteButton(p: { name: string; busy: boolean; onDelete: () => void }) {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked) return;
    const t = setTimeout(() => setAsked(false), 4000);
    return () => clearTimeout(t);
  }, [asked]);
  return (
    <button class="danger" name="delete-deck" disabled={p.busy} aria-label={asked ? `Really delete ${p.name}? Press again` : `Delete ${p.name}`}
      onClick={() => (asked ? (setAsked(false), p.onDelete()) : setAsked(true))}
      onKeyDown={(e) => e.key === "Escape" && setAsked(false)}>
      {asked ? "Really delete? Press again" : "Delete"}
    </button>
  );
}

export function PileCounts(p: { deck: readonly number[]; pool: readonly PoolCard[]; rules: DeckRules; extra: string }) {
  const counts = pileCounts(p.deck, p.pool, p.rules.piles);
  const total = p.rules.piles.reduce((s, x) => s + x.count, 0);
  return (
    <div class="pile-counts" data-testid="pile-counts">
      <ul class="plain">
        {counts.map((c) => (
          <li key={c.kind} data-pile={c.kind} data-have={c.have} class={c.count ? (c.have === c.count ? "full" : c.have > c.count ? "over" : "short") : ""}>
            <span>{c.label}</span> <strong>{c.have}{c.count ? `/${c.count}` : ""}</strong>
          </li>
        ))}
      </ul>
      <p class="muted">{p.deck.length}{total ? ` of ${total}` : ""} cards{p.extra ? ` · ${p.extra}` : ""}</p>
    </div>
  );
}

export function Problems(p: { problems: readonly string[]; from: "server" | "local"; empty: boolean }) {
  if (p.empty) return <p class="muted deck-problems" data-problems="0">Add cards from the pool below.</p>;
  if (!p.problems.length)
    return <p class="ok deck-problems" data-problems="0" role="status">{p.from === "server" ? "Playable: the server checked this deck." : "Playable as far as this page can tell; saving asks the server."}</p>;
  return (
    <div class="deck-problems" data-problems={p.problems.length} data-from={p.from} role="status">
      <p><strong>{p.from === "server" ? "The server says this deck cannot be played yet:" : "This deck cannot be played yet:"}</strong></p>
      <ul>{p.problems.map((x, i) => <li key={i}>{x}</li>)}</ul>
    </div>
  );
}

// The card's line: its kind, its stats, its tags with their explanations.
export function PoolCardFace(p: { card: PoolCard; glossary: { term: string; text: string }[]; small?: boolean; note?: string }) {
  const c = p.card;
  const power = stat(c, "Power");
  const explain = (t: string) => p.glossary.find((g) => g.term.toLowerCase() === t.toLowerCase() || g.term.toLowerCase().startsWith(`${t.toLowerCase()} `))?.text ?? "";
  return (
    <Card name={c.name} kind={`tm-${c.kind.toLowerCase().replace(/\s+/g, "-")}`} kindLabel={c.kind} value={power !== undefined ? String(power) : undefined}
      text={c.text} small={p.small} wide note={p.note} class="tm-card">
      {c.tags.length ? <span class="tm-tags">{c.tags.map((t) => <Tip key={t} text={explain(t)} class="tm-tag">{t}</Tip>)}</span> : null}
      {c.stats.filter((s) => s.name !== "Power").map((s) => <span key={s.name} class="tm-stat">{s.name} {s.value}</span>)}
    </Card>
  );
}

function CountButtons(p: { card: PoolCard; deck: readonly number[]; pool: readonly PoolCard[]; rules: DeckRules; readOnly: boolean; change: (d: number[]) => void }) {
  const have = copies(p.deck).get(p.card.index) ?? 0;
  const why = addProblem(p.deck, p.card, p.pool, p.rules);
  return (
    <span class="count-buttons" data-copies={have}>
      <button name="remove-card" aria-label={`Remove one ${p.card.name}`} disabled={p.readOnly || have === 0} onClick={() => p.change(removeCard(p.deck, p.card.index))}>−</button>
      <span class="copies" aria-label={`${have} in the deck`}>{have}</span>
      <button name="add-card" aria-label={why || `Add one ${p.card.name}`} title={why || undefined}
        aria-disabled={p.readOnly || why ? "true" : undefined} class={p.readOnly || why ? "blocked" : ""}
        onClick={() => (p.readOnly || why ? undefined : p.change(addCard(p.deck, p.card.index)))}>+</button>
    </span>
  );
}

function DeckContents(p: { deck: readonly number[]; pool: readonly PoolCard[]; rules: DeckRules; glossary: { term: string; text: string }[]; readOnly: boolean; change: (d: number[]) => void }) {
  const groups = deckGroups(p.deck, p.pool, p.rules.piles);
  if (!groups.length) return null;
  return (
    // Open on a desktop; folded on a phone, where 60 lines would stand between the counts and the pool.
    <details class="deck-contents" open={typeof matchMedia === "undefined" || !matchMedia("(max-width: 600px)").matches}>
      <summary>The deck's cards</summary>
      {groups.map((g) => (
        <div key={g.kind} class="deck-group" data-pile={g.kind}>
          <h3>{g.label} <span class="muted">({g.cards.reduce((s, x) => s + x.copies, 0)})</span></h3>
          <ul class="plain">
            {g.cards.map(({ card }) => (
              <li key={card.index} class="deck-card-line" data-card={card.name}>
                <Tip text={card.text} class="grow deck-card-name">{card.name}</Tip>
                <CountButtons card={card} deck={p.deck} pool={p.pool} rules={p.rules} readOnly={p.readOnly} change={p.change} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}

export function PoolView(p: { pool: readonly PoolCard[]; rules: DeckRules; glossary: { term: string; text: string }[]; filter: PoolFilter; setFilter: (f: PoolFilter) => void; deck: readonly number[]; readOnly: boolean; change: (d: number[]) => void }) {
  const choices = useMemo(() => filterChoices(p.pool, p.rules.piles), [p.pool, p.rules]);
  const shown = filterPool(p.pool, p.filter);
  const set = (k: keyof PoolFilter) => (ev: Event) => p.setFilter({ ...p.filter, [k]: (ev.target as HTMLInputElement | HTMLSelectElement).value });
  const label = (kind: string) => p.rules.piles.find((x) => x.kind === kind)?.label ?? kind;
  const filtered = !!(p.filter.kind || p.filter.tag || p.filter.requirement || p.filter.text);
  return (
    <>
      <div class="pool-filters">
        <label>Type
          <select name="filter-kind" value={p.filter.kind} onChange={set("kind")}>
            <option value="">All types</option>
            {choices.kinds.map((k) => <option key={k} value={k}>{label(k)}</option>)}
          </select>
        </label>
        <label>Keyword
          <select name="filter-tag" value={p.filter.tag} onChange={set("tag")}>
            <option value="">Any keyword</option>
            {choices.tags.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <label>Requirement
          <select name="filter-requirement" value={p.filter.requirement} onChange={set("requirement")}>
            <option value="">Any</option>
            <option value="none">No requirement</option>
            {choices.requirements.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </label>
        <label class="grow">Search
          <input name="filter-text" type="search" placeholder="Name or text" value={p.filter.text} onInput={set("text")} />
        </label>
      </div>
      {/* Clear stands beside the count, always: coming and going as a fifth filter it took a
          row of its own and moved the cards 52 px at every first filter and every Clear (and
          the focus fell to the page when the pressed button went). With nothing to clear it
          is aria-disabled, so a keyboard player's focus stays on it. */}
      <div class="pool-count">
        <p class="muted" aria-live="polite" data-shown={shown.length}>{shown.length === p.pool.length ? `All ${shown.length} cards` : `${shown.length} of ${p.pool.length} cards`}</p>
        <button class="secondary" name="clear-filters" aria-disabled={filtered ? undefined : "true"} onClick={() => filtered && p.setFilter(noFilter)}>Clear filters</button>
      </div>
      {/* The kit's hint on cut cards, as above a table: seen while a card of the pool is cut. */}
      <CutHintBox class="pool-box">
        <ul class="plain pool-list">
          {shown.map((c) => (
            <li key={c.index} class="pool-item" data-card={c.name} data-kind={c.kind}>
              <PoolCardFace card={c} glossary={p.glossary} />
              <CountButtons card={c} deck={p.deck} pool={p.pool} rules={p.rules} readOnly={p.readOnly} change={p.change} />
            </li>
          ))}
        </ul>
      </CutHintBox>
    </>
  );
}

function ExportBox(p: { deck: Deck | null; dirty: boolean; app: App }) {
  const area = useRef<HTMLTextAreaElement>(null);
  if (!p.deck?.text) return null;
  const text = p.deck.text;
  return (
    <details class="export-box">
      <summary>Export the list</summary>
      {p.dirty ? <p class="muted">This is the list as last saved; save to export your changes.</p> : null}
      <textarea ref={area} name="export-text" readOnly rows={8} value={text} aria-label="The deck as text" />
      <div class="row">
        <button name="copy-export" onClick={async () => {
          const ok = await copyText(text, area.current as unknown as HTMLInputElement);
          p.app.toast(ok ? "The list is on the clipboard." : "Select the list and copy it.", "info");
        }}>Copy to clipboard</button>
        <button name="download-export" onClick={() => {
          const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
          const a = document.createElement("a");
          a.href = url;
          a.download = exportFileName(p.deck?.name ?? "deck");
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        }}>Download</button>
      </div>
    </details>
  );
}

export function ImportBox(p: { app: App; busy: boolean; importList: (name: string, text: string) => Promise<boolean> }) {
  const [name, setName] = useState("Imported deck");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <details class="import-box">
      <summary>Import a list</summary>
      <p class="muted">Paste a list, one card a line: “2 Warp Coil” or “Warp Coil”. Lines starting with # are ignored.</p>
      <form class="import-form" onSubmit={async (ev) => {
        ev.preventDefault();
        const problem = nameProblem(name);
        if (problem) return setErrors([problem]);
        if (!text.trim()) return setErrors(["Paste a list first."]);
        try {
          if (await p.importList(name, text)) {
            setErrors([]);
            setText("");
          }
        } catch (e) {
          if (e instanceof ServerError) setErrors(e.problems.length ? [...e.problems] : [errorSentence(e.code, e.detail)]);
        }
      }}>
        <label>Name <input name="import-name" value={name} autocomplete="off" onInput={(ev) => setName((ev.target as HTMLInputElement).value)} /></label>
        <label>List <textarea name="import-text" rows={8} value={text} onInput={(ev) => setText((ev.target as HTMLTextAreaElement).value)} /></label>
        {errors.length ? (
          <div class="form-error import-errors" role="alert" data-errors={errors.length}>
            <p>Nothing was saved:</p>
            <ul>{errors.map((x, i) => <li key={i}>{x}</li>)}</ul>
          </div>
        ) : null}
        <button type="submit" class="primary" name="import-deck" disabled={p.busy}>Import</button>
      </form>
    </details>
  );
}
