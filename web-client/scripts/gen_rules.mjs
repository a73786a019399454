// Extracts each game's rules for players from docs/rules/<id>.md into
// src/gen/rules/<id>.ts: the "## Summary" section (Markdown, rendered by the rules panel)
// and the "## Glossary" section (lines "- **Term**: text"). Runs after gen.mjs (which
// clears src/gen). Only the games this client draws (the ids in src/games/index.ts) need
// these sections, so companion pages (docs/rules/terminus_cards.md, the card list) need
// none; a drawn game without its rules file, or one without both sections, fails the build.
// A Summary may link a companion page ("[scoundrels_cards.md](scoundrels_cards.md)"): the
// Rules dialog is a page of the app, where that address is a 404, so every page of
// docs/rules is also written as HTML into public/rules/ (Vite copies it into dist/, which
// the server serves) and the links between them point there, the dialog's in a new tab so
// the match page stays open.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { marked } from "marked";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rulesDir = resolve(root, "../docs/rules");
const outDir = join(root, "src/gen/rules");
const pagesDir = join(root, "public/rules");

// The body of "## <title>" up to the next level-2 heading.
export function section(md, title) {
  const lines = md.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (start < 0) return null;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join("\n").trim();
}

// "- **Term**: text" lines, or the rows of a two-column Markdown table ("| term | text |";
// its header row and the |---| line are skipped).
export function glossary(body) {
  const entries = [];
  let header = true;
  for (const line of body.split("\n")) {
    const m = line.match(/^- \*\*(.+?)\*\*:\s*(.+)$/);
    const row = line.match(/^\|([^|]+)\|(.+)\|\s*$/);
    if (row) {
      const [term, text] = [row[1].trim(), row[2].trim()];
      if (/^:?-{3,}:?$/.test(term)) header = false;
      else if (!header && term && text) entries.push({ term: term.replace(/^\*\*(.+)\*\*$/, "$1"), text });
      continue;
    }
    if (m) entries.push({ term: m[1].trim(), text: m[2].trim() });
    else if (line.trim() && entries.length && /^\s+\S/.test(line)) entries[entries.length - 1].text += ` ${line.trim()}`;
  }
  return entries;
}

// Links to another page of docs/rules ("name.md", "name.md#part"), as `to` makes them:
// Markdown links for the HTML pages, a new tab's anchor for the dialog.
export function linkRulesPages(md, pages, to) {
  return md.replace(/\[([^\]]+)\]\(([a-z0-9_]+)\.md(#[^)\s]*)?\)/g, (whole, text, name, hash = "") => (pages.has(name) ? to(text, `${name}.html${hash}`) : whole));
}
const inPages = (text, href) => `[${text}](${href})`;
const fromDialog = (text, href) => `<a href="rules/${href}" target="_blank" rel="noopener">${text}</a>`;

// One docs/rules page as a standalone HTML page: its first heading as the title.
function htmlPage(md) {
  const title = md.match(/^# (.+)$/m)?.[1] ?? "Rules";
  const esc = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — Starport</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;background:#0b1020;color:#e7ebf5}a{color:#8fb8ff}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #33406a;padding:.2rem .4rem;vertical-align:top;text-align:left}code{background:#1b2340;padding:0 .2rem}</style>
</head><body>
${marked.parse(md, { async: false, gfm: true })}</body></html>
`;
}

mkdirSync(outDir, { recursive: true });
const entries = readFileSync(join(root, "src/games/index.ts"), "utf8");
const ids = [...entries.matchAll(/\{\s*id:\s*"([a-z0-9_]+)"/g)].map((m) => m[1]);
if (!ids.length) throw new Error("src/games/index.ts lists no game (gameEntries)");
const present = new Set(readdirSync(rulesDir).filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3)));
for (const id of ids) if (!present.has(id)) throw new Error(`docs/rules/${id}.md is missing: the client draws ${id}`);
rmSync(pagesDir, { recursive: true, force: true });
mkdirSync(pagesDir, { recursive: true });
for (const name of present) {
  const md = readFileSync(join(rulesDir, `${name}.md`), "utf8");
  writeFileSync(join(pagesDir, `${name}.html`), htmlPage(linkRulesPages(md, present, inPages)));
}
for (const id of ids) {
  const md = linkRulesPages(readFileSync(join(rulesDir, `${id}.md`), "utf8"), present, fromDialog);
  const summary = section(md, "Summary");
  const gloss = section(md, "Glossary");
  if (!summary || !gloss) throw new Error(`docs/rules/${id}.md needs a "## Summary" and a "## Glossary" section`);
  const entries = glossary(gloss);
  if (!entries.length) throw new Error(`docs/rules/${id}.md: the Glossary has no "- **Term**: text" lines`);
  const ts =
    `// Generated by scripts/gen_rules.mjs from docs/rules/${id}.md; do not edit.\n` +
    `import type { GameRules } from "../../games/types.js";\n\n` +
    `export const rules: GameRules = ${JSON.stringify({ summary, glossary: entries }, null, 2)};\n`;
  writeFileSync(join(outDir, `${id}.ts`), ts);
}
console.log(`gen_rules: ${ids.length} rules files -> src/gen/rules, ${present.size} pages -> public/rules`);
