// TEMPORARY: see legacy_adapter.tsx.
import { spaceRace } from "./space_race.js";
import { legacy } from "./legacy_adapter.js";
export default legacy(spaceRace, "Build your agency's space programme, card by card (1 to 4 players).");
