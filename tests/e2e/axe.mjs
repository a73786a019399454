// axe-core in the page as it is now (web-client's dev dependency): no serious or critical
// violation, on the whole page or, with `options.context` (a CSS selector) and
// `options.rules` (rule ids), on one part for some rules.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { root } from "./harness.mjs";

const axeSource = readFileSync(join(root, "web-client/node_modules/axe-core/axe.min.js"), "utf8");

export async function assertAxeClean(page, label, options = {}) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async ({ context, rules }) => {
    const runOptions = { resultTypes: ["violations"], ...(rules ? { runOnly: { type: "rule", values: rules } } : {}) };
    const r = await window.axe.run(context ?? document, runOptions);
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, options);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad, [], `${label}: axe-core found ${bad.map((v) => `${v.id} (${v.impact}: ${v.help}) at ${v.nodes.join(", ")}`).join("; ")}`);
}
