// A link opened in a browser that has no name yet (a shared replay, a match to watch, a
// lobby): nothing connects before Hello, which needs a name, so the page would wait
// forever. The app shows this box above such a page; home and invite ask by themselves.
import type { Route } from "./router.js";
import { validName } from "./token_store.js";
import { h } from "./ui/dom.js";

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
  const input = h("input", { name: "display-name", maxlength: 24, placeholder: "Your display name", autocomplete: "nickname", required: true });
  const error = h("p", { class: "form-error", hidden: true });
  const form = h(
    "form",
    {
      class: "row",
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        if (!validName(input.value)) {
          error.textContent = "1 to 24 printable characters, please.";
          error.hidden = false;
          return;
        }
        onName(input.value.trim());
      },
    },
    h("label", { class: "grow" }, "Display name ", input),
    h("button", { type: "submit", class: "primary" }, "Continue"),
  );
  return h("section", { class: "card-box name-gate", "data-name-gate": "" }, h("p", {}, text, " Others see it next to what you do here."), form, error);
}
