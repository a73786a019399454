// A table's cards as a player reads them on a small screen: every face-up card keeps the
// kit's width (a card beside text once squeezed to a third and broke "disabled" into
// "disabl ed"), and no word of a card's name or type line is wider than the card (it would
// break in the middle, "Communicati on", or be cut off, "BREAKTHROUG"). The game tests call
// it where they take their phone screenshots.
// And every card's text can be read whole: on the card, cut ("…") only where the card has
// no room for another line; then focusing the card (as a tap or Tab does) opens its zoom in
// the top layer, inside the screen, with the whole text (Terminus's text was cut after 4
// lines beside empty room, and its zoom opened off the screen's edge under a disabled
// Module's filter). The zoom, hidden from screen readers, holds no tab stop; Tab on to one of
// the card's own keywords shows it in sight, not under the zoom. The card's note and badge
// line are never cut (only its text is). The kit's hint above a table or the deck builder's
// pool ("tap or click the card to read all of it") shows exactly while a card of it is cut,
// and every cut card has one above it.
import assert from "node:assert/strict";

export async function assertCardsReadable(page, label) {
  const faults = await page.evaluate(() => {
    const out = [];
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    for (const card of document.querySelectorAll(".card--face:not(.card--zoom)")) {
      const name = card.querySelector(".card__name")?.textContent ?? "?";
      const wanted = getComputedStyle(card).getPropertyValue("--card-w").trim();
      const width = card.getBoundingClientRect().width;
      if (wanted.endsWith("rem") && width + 1 < parseFloat(wanted) * rem)
        out.push(`${name}: ${Math.round(width)} px wide, the kit's card is ${wanted}`);
      for (const line of card.querySelectorAll(":scope > .card__head > .card__name, :scope > .card__kind")) {
        // Whole words only, on one measure: a word that does not fit shows as overflow.
        const saved = line.getAttribute("style");
        Object.assign(line.style, { overflowWrap: "normal", wordBreak: "normal", hyphens: "manual", display: "block", overflow: "hidden" });
        if (line.scrollWidth > line.clientWidth + 1) out.push(`${name}: "${line.textContent}" (${line.scrollWidth} px) in ${line.clientWidth} px`);
        if (saved === null) line.removeAttribute("style");
        else line.setAttribute("style", saved);
      }
    }
    return out;
  });
  assert.deepEqual(faults, [], `${label}: cards a player cannot read whole: ${faults.join("; ")}`);
  await assertCardTextReachable(page, label);
}

export async function assertCardTextReachable(page, label) {
  // The mouse out of the way, on the page's left edge where no Tip lies: left where the test's
  // last click was, it came to rest on a keyword as focusing a card scrolled the page under
  // it, and that keyword's explanation, opened by the hover, covered the card's zoom (Space
  // Race at 390 px: the Eastern bloc's "Laboratory").
  await page.mouse.move(0, 0);
  const faults = await page.evaluate(async () => {
    const out = [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await frame();
    // Cards on screen: not in a closed <details> (its content is kept out of rendering and
    // cannot take the focus until it is opened) or otherwise hidden.
    const cards = [...document.querySelectorAll(".card--face:not(.card--zoom)")].filter((c) => c.checkVisibility({ visibilityProperty: true }));
    for (const card of cards) {
      if (!card.isConnected) continue;
      const name = card.querySelector(".card__name")?.textContent ?? "?";
      const text = card.querySelector(":scope > .card__text");
      if (text && text.scrollHeight > text.clientHeight + 1) {
        const lh = parseFloat(getComputedStyle(text).lineHeight);
        let bottom = 0;
        for (const el of card.children) if (!el.classList.contains("card--zoom")) bottom = Math.max(bottom, el.offsetTop + el.offsetHeight);
        const free = card.clientHeight - parseFloat(getComputedStyle(card).paddingBottom) - bottom;
        if (free >= lh) out.push(`${name}: text cut with room for ${Math.floor(free / lh)} more line(s) on the card`);
        if (!card.hasAttribute("data-cut")) out.push(`${name}: text cut but the card is not marked data-cut`);
      }
      // Only the kit cuts a card's words (the fitted text, a name past 3 lines), so what is cut
      // is marked and the zoom has it whole: Space Race once clamped each ability at 3 lines
      // with CSS of its own, beside room on the card, and nothing said so.
      for (const el of card.querySelectorAll("*")) {
        if (el.closest(".card--zoom") || el.matches(".card__text, .card__name")) continue;
        const overflow = getComputedStyle(el).overflowY;
        if ((overflow === "hidden" || overflow === "clip") && el.scrollHeight > el.clientHeight + 1)
          out.push(`${name}: "${el.innerText.slice(0, 40)}…" (${el.className}) is cut by a clamp of its own, not the kit's`);
      }
      // The kit cuts only the text: the lines above it — the note and the badge line, where a
      // game puts what must be seen at a glance (Space Race's levels and "① covered") — are
      // whole on the card, inside its frame (the covered mark once ended the text, and went
      // with its cut on a phone).
      const frameBottom = card.getBoundingClientRect().bottom - parseFloat(getComputedStyle(card).borderBottomWidth);
      for (const mark of card.querySelectorAll(":scope > .card__note, :scope > .card__badges")) {
        const r = mark.getBoundingClientRect();
        if (mark.scrollHeight > mark.clientHeight + 1 || mark.scrollWidth > mark.clientWidth + 1 || r.bottom > frameBottom + 0.5)
          out.push(`${name}: its ${mark.className} line "${mark.innerText.slice(0, 40)}" is cut`);
      }
      card.focus();
      await frame();
      const zoom = card.querySelector(":scope > .card--zoom");
      if (!zoom) {
        if (card.isConnected) out.push(`${name}: focus opened no zoom`);
        continue;
      }
      const b = zoom.getBoundingClientRect();
      const vw = document.documentElement.clientWidth;
      if (!zoom.matches(":popover-open")) out.push(`${name}: the zoom is not in the top layer`);
      if (b.left < -0.5 || b.top < -0.5 || b.right > vw + 0.5 || b.bottom > innerHeight + 0.5)
        out.push(`${name}: the zoom at ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)} leaves the ${vw}×${innerHeight} screen`);
      const whole = zoom.querySelector(".card__text");
      if (whole && whole.scrollHeight > whole.clientHeight + 1) out.push(`${name}: the zoom cuts the text`);
      // The zoom is hidden from screen readers (the card itself is read): nothing in it may
      // be a tab stop (axe: aria-hidden-focus; its keyword Tips were), taps still open them.
      const tabStops = [...zoom.querySelectorAll("*")].filter((e) => e.tabIndex >= 0 && (e.hasAttribute("tabindex") || e.matches("a[href], button, input, select, textarea")));
      if (zoom.getAttribute("aria-hidden") === "true" && tabStops.length)
        out.push(`${name}: the zoom is aria-hidden but Tab reaches ${tabStops.map((e) => `"${e.firstChild?.textContent ?? e.tagName}"`).join(", ")} in it`);
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + Math.min(b.height / 2, 20));
      if (!zoom.contains(hit)) out.push(`${name}: the zoom is covered by ${hit?.className ?? "nothing"}`);
      // Tab on from the card to one of its own keywords: the keyword, and so its focus ring,
      // is in sight (the zoom, drawn over the card, hid it: Space Race's "T1" at 1280 px), and
      // the focus leaving the card from there leaves no zoom open (one stayed open for every
      // card Tabbed through).
      const tip = [...card.querySelectorAll('.tip[tabindex="0"]')].find((t) => !t.closest(".card--zoom"));
      if (tip) {
        tip.focus();
        await frame();
        const t = tip.getBoundingClientRect();
        const on = document.elementFromPoint(t.left + t.width / 2, t.top + t.height / 2);
        if (!tip.contains(on)) out.push(`${name}: its keyword "${tip.firstChild?.textContent}" has the focus under ${on?.closest(".card--zoom") ? "the card's zoom" : on?.className ?? "nothing"}`);
        tip.blur();
        await frame();
        if (card.querySelector(":scope > .card--zoom")) out.push(`${name}: its zoom stays open after the focus left the card from its keyword`);
        continue;
      }
      card.blur();
      await frame();
    }
    // The kit's hint on cut cards (kit/table_box.tsx), above each table and the deck builder's
    // pool: seen while a card of its box is cut, hidden (its room kept once seen) while none
    // is; nowhere but first in such a box. And no cut card outside one: the deck builder's
    // cut cards once said nothing of how to read them whole.
    for (const hint of document.querySelectorAll(".cut-hint")) {
      const box = hint.parentElement;
      if (!box?.matches(".cut-hint-box") || box.firstElementChild !== hint) { out.push(`the cut-card hint outside a box of cards (${box?.className})`); continue; }
      const cut = !!box.querySelector(".card[data-cut]");
      const shown = hint.checkVisibility({ visibilityProperty: true });
      if (cut !== shown) out.push(cut ? "a card of the box is cut (…) but the hint saying how to read it is hidden" : "the cut-card hint shows though no card of its box is cut");
    }
    for (const card of document.querySelectorAll(".card[data-cut]:not(.card--zoom)"))
      if (!card.closest(".cut-hint-box")) out.push(`${card.querySelector(".card__name")?.textContent ?? "?"}: cut (…) on a page that does not say how to read it whole`);
    return out;
  });
  assert.deepEqual(faults, [], `${label}: card text a player cannot reach: ${faults.join("; ")}`);
}
