// The display-name form, one for the home page, the invite page and the name gate: a name
// is 1 to 24 characters counted as the server counts them (code points, so an emoji is
// one) — token_store's validName.
import { useState } from "preact/hooks";

import { nameLength } from "../kit/words.js";
import { maxNameLength, validName } from "../token_store.js";

export function NameForm(p: { current: string; submitLabel: string; onName: (name: string) => void; autoFocus?: boolean }) {
  const [value, setValue] = useState(p.current);
  const [error, setError] = useState("");
  const length = nameLength(value.trim());
  return (
    <>
      <form
        class="row"
        onSubmit={(ev) => {
          ev.preventDefault();
          const name = value.trim();
          if (!validName(name)) {
            setError(`1 to ${maxNameLength} printable characters, please (this one has ${nameLength(name)}).`);
            return;
          }
          setError("");
          p.onName(name);
        }}
      >
        <label class="grow">
          Display name
          <input
            name="display-name"
            placeholder="Your display name"
            value={value}
            autocomplete="nickname"
            required
            autoFocus={p.autoFocus}
            aria-describedby="name-count"
            onInput={(ev) => setValue((ev.target as HTMLInputElement).value)}
          />
        </label>
        <span id="name-count" class={`muted counter${length > maxNameLength ? " over" : ""}`}>{length}/{maxNameLength}</span>
        <button type="submit" class="primary">{p.submitLabel}</button>
      </form>
      {error ? <p class="form-error" role="alert">{error}</p> : null}
    </>
  );
}
