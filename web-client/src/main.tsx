// Entry point: the page table and the app shell.
import "./styles.css";

import { App, mount } from "./app.js";
import { HomePage } from "./pages/home.js";
import { InvitePage } from "./pages/invite.js";
import { LazyDecksPage } from "./pages/lazy_decks.js";
import { LobbyPage } from "./pages/lobby.js";
import { MatchPage } from "./pages/match.js";
import { ReplayPage } from "./pages/replay.js";

const root = document.getElementById("app");
if (!root) throw new Error("index.html lacks #app");
const app = new App();
app.start();
mount(root, app, { home: HomePage, invite: InvitePage, lobby: LobbyPage, match: MatchPage, replay: ReplayPage, decks: LazyDecksPage });
