// #/invite/<code>: ask for a name if this browser has none, then join the private lobby.
import { useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { ServerError } from "../connection.js";
import { errorSentence } from "../kit/words.js";
import type { Route } from "../router.js";
import { NameForm } from "../ui/name_form.js";
import { limitAdvice } from "../your_tables.js";

export function InvitePage({ app, route }: { app: App; route: Route }) {
  const code = route.page === "invite" ? route.code : "";
  const [state, setState] = useState<{ kind: "idle" | "joining" } | { kind: "failed"; message: string; advice: string }>({ kind: "idle" });
  const joining = useRef(false);
  const join = async () => {
    if (joining.current) return;
    joining.current = true;
    setState({ kind: "joining" });
    try {
      const reply = await app.conn.request({ case: "joinLobby", value: { lobbyId: "", inviteCode: code } });
      if (reply.body.case === "lobby") app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
    } catch (e) {
      joining.current = false;
      if (!(e instanceof ServerError)) throw e;
      setState({ kind: "failed", message: `Could not join. ${errorSentence(e.code, e.detail)}`, advice: limitAdvice(e.code, app.memberOf.size) });
    }
  };
  useAppEvents(app, (e) => {
    if (e.kind === "welcome") void join();
  });
  const nameless = !app.identity.name && !app.identity.token;
  return (
    <div class="page invite">
      <section class="card-box">
        <h2>Invitation</h2>
        {nameless ? (
          <>
            <p>You were invited to a private lobby. Pick a display name to join.</p>
            <NameForm current="" submitLabel="Join" autoFocus onName={(n) => app.setName(n)} />
          </>
        ) : state.kind === "failed" ? (
          <>
            <p class="form-error">{state.message}</p>
            {state.advice ? <p>{state.advice}</p> : null}
            <p><a href="#/">Back to the start page</a></p>
          </>
        ) : <p>{state.kind === "joining" ? "Joining…" : "Connecting…"}</p>}
      </section>
    </div>
  );
}
