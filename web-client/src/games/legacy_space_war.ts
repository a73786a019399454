// TEMPORARY: see legacy_adapter.tsx.
import { spaceWar } from "./space_war.js";
import { legacy } from "./legacy_adapter.js";
export default legacy(spaceWar, "Flip cards, win contests, conquer the galaxy (2 to 6 players).");
