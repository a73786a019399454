// The display-name form, one for the home page and the name gate: a name is 1 to 24
// printable characters (token_store's validName, the server's rule too).
import { validName } from "../token_store.js";
import { h } from "./dom.js";

// The form and its error line; `onName` gets the trimmed name once it is valid.
export function nameForm(current: string, submitLabel: string, onName: (name: string) => void): HTMLElement[] {
  const input = h("input", {
    name: "display-name",
    maxlength: 24,
    placeholder: "Your display name",
    value: current,
    autocomplete: "nickname",
    required: true,
  });
  const error = h("p", { class: "form-error", hidden: true });
  const form = h(
    "form",
    {
      class: "row",
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const value = input.value.trim();
        if (!validName(value)) {
          error.textContent = "1 to 24 printable characters, please.";
          error.hidden = false;
          return;
        }
        onName(value);
      },
    },
    h("label", { class: "grow" }, "Display name ", input),
    h("button", { type: "submit", class: "primary" }, submitLabel),
  );
  return [form, error];
}
