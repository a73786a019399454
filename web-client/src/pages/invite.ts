// #/invite/<code>: ask for a name if this browser has none, then join the private lobby.
import type { App, Page } from "../app.js";
import { errorName, ServerError } from "../connection.js";
import type { Route } from "../router.js";
import { h } from "../ui/dom.js";
import { nameForm } from "../ui/name_form.js";
import { limitAdvice } from "../your_tables.js";

export function invitePage(app: App, route: Route): Page {
  const code = route.page === "invite" ? route.code : "";
  const body = h("div", {});
  const element = h("div", { class: "page invite" }, h("section", { class: "card-box" }, h("h2", {}, "Invitation"), body));
  let joining = false;

  const askName = () => {
    body.replaceChildren(
      h("p", {}, "You were invited to a private lobby. Pick a display name to join."),
      ...nameForm("", "Join", (name) => {
        body.replaceChildren(h("p", {}, "Connecting…"));
        app.setName(name);
      }),
    );
  };

  const join = async () => {
    if (joining) return;
    joining = true;
    body.replaceChildren(h("p", {}, "Joining…"));
    try {
      const reply = await app.conn.request({ case: "joinLobby", value: { lobbyId: "", inviteCode: code } });
      if (reply.body.case === "lobby") app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
    } catch (e) {
      joining = false;
      if (!(e instanceof ServerError)) throw e;
      const advice = limitAdvice(e.code, app.memberOf.size);
      body.replaceChildren(
        h("p", { class: "form-error" }, `Could not join: ${errorName(e.code)} — ${e.detail}`),
        ...(advice ? [h("p", {}, advice)] : []),
        h("p", {}, h("a", { href: "#/" }, "Back to the start page")),
      );
    }
  };

  if (!app.identity.name && !app.identity.token) askName();
  else body.replaceChildren(h("p", {}, "Connecting…"));
  return {
    element,
    onWelcome() {
      void join();
    },
  };
}
