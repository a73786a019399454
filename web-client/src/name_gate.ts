// A link opened in a browser that has no name yet (a shared replay, a match to watch, a
// lobby): nothing connects before Hello, which needs a name, so the page would wait
// forever. The app shows this box above such a page; home and invite ask by themselves.
import type { Route } from "./router.js";
import { h } from "./ui/dom.js";
import { nameForm } from "./ui/name_form.js";

// What the box says for a page, or null where that page asks for a name itself.
export function nameGateText(route: Route): string | null {
  switch (route.page) {
    case "home":
    case "invite":
      return null;
    case "replay":
      return "Pick a display name to watch this replay.";
    case "match":
      return "Pick a display name to open this match.";
    case "lobby":
      return "Pick a display name to open this lobby.";
  }
}

export function nameGate(text: string, onName: (name: string) => void): HTMLElement {
  return h(
    "section",
    { class: "card-box name-gate", "data-name-gate": "" },
    h("p", {}, text, " Others see it next to what you do here."),
    ...nameForm("", "Continue", onName),
  );
}
