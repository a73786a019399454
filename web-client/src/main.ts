// Entry point: the page table and the app shell.
import "./styles.css";

import { App } from "./app.js";
import { homePage } from "./pages/home.js";
import { invitePage } from "./pages/invite.js";
import { lobbyPage } from "./pages/lobby.js";
import { matchPage } from "./pages/match.js";
import { replayPage } from "./pages/replay.js";

const root = document.getElementById("app");
if (!root) throw new Error("index.html lacks #app");
const app = new App(root, {
  home: homePage,
  invite: invitePage,
  lobby: lobbyPage,
  match: matchPage,
  replay: replayPage,
});
app.start();
