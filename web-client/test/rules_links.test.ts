// The Rules dialog is a page of the app (#/match/…): a link in a game's Summary resolves
// against the site's root, where docs/rules/*.md are not served. gen_rules.mjs writes every
// docs/rules page as HTML into public/rules/ (copied into dist/) and points the links there.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { renderRulesMarkdown } from "../src/kit/rules_panel.js";
import { rules as quasarSearch } from "../src/gen/rules/quasar_search.js";
import { rules as scoundrels } from "../src/gen/rules/scoundrels.js";
import { rules as spaceRace } from "../src/gen/rules/space_race.js";
import { rules as spaceWar } from "../src/gen/rules/space_war.js";
import { rules as terminus } from "../src/gen/rules/terminus.js";

const summaries = { quasar_search: quasarSearch, scoundrels, space_race: spaceRace, space_war: spaceWar, terminus };
const hrefs = (html: string) => [...html.matchAll(/<a ([^>]*)>/g)].map((m) => ({ href: m[1].match(/href="([^"]*)"/)?.[1] ?? "", attrs: m[1] }));

test("every link in a game's Rules dialog opens a page the build ships, in a new tab (the companion card pages included)", () => {
  let pages = 0;
  for (const [id, r] of Object.entries(summaries)) {
    for (const { href, attrs } of hrefs(renderRulesMarkdown(r.summary))) {
      if (/^https?:/.test(href)) continue;
      assert.doesNotMatch(href, /\.md(#|$)/, `${id}: ${href} is a Markdown file the server does not have`);
      assert.ok(existsSync(join("public", href.split("#")[0])), `${id}: ${href} is written into public/`);
      assert.match(attrs, /target="_blank"/, `${id}: ${href} keeps the match page open`);
      pages++;
    }
  }
  // S.P.A.C.E., Quasar Search and Terminus each link their cards page.
  assert.equal(pages, 3);
  // Links between the pages themselves point at their HTML too.
  for (const f of readdirSync("public/rules")) {
    for (const { href } of hrefs(readFileSync(join("public/rules", f), "utf8"))) {
      if (/^(https?:|#)/.test(href)) continue;
      assert.doesNotMatch(href, /\.md(#|$)/, `${f}: ${href}`);
      assert.ok(existsSync(join("public/rules", href.split("#")[0])), `${f}: ${href}`);
    }
  }
});
