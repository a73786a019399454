// A table's cards as a player reads them on a small screen: every face-up card keeps the
// kit's width (a card beside text once squeezed to a third and broke "disabled" into
// "disabl ed"), and no word of a card's name or type line is wider than the card (it would
// break in the middle, "Communicati on", or be cut off, "BREAKTHROUG"). The game tests call
// it where they take their phone screenshots.
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
}
