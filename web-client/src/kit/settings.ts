// The player's settings kept in this browser (localStorage): reveal speed, the turn sound,
// and the last preferences chosen per game (sent when a new match of that game starts).
export type RevealSpeed = "normal" | "fast" | "off";

export const revealFactors: Record<RevealSpeed, number> = { normal: 1, fast: 0.35, off: 0 };
export const revealLabels: Record<RevealSpeed, string> = { normal: "Normal", fast: "Fast", off: "Off" };

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const memory = new Map<string, string>();
const fallback: KeyValueStore = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
};
function store(): KeyValueStore {
  try {
    return typeof localStorage === "undefined" ? fallback : localStorage;
  } catch {
    return fallback;
  }
}

const revealKey = "starport.reveal";
const soundKey = "starport.sound";
const prefsKey = (game: string) => `starport.prefs.${game}`;

export function revealSpeed(s: KeyValueStore = store()): RevealSpeed {
  const v = s.getItem(revealKey);
  return v === "fast" || v === "off" ? v : "normal";
}
export function setRevealSpeed(speed: RevealSpeed, s: KeyValueStore = store()): void {
  s.setItem(revealKey, speed);
}

// The turn sound: off unless the player turned it on.
export function soundOn(s: KeyValueStore = store()): boolean {
  return s.getItem(soundKey) === "1";
}
export function setSoundOn(on: boolean, s: KeyValueStore = store()): void {
  s.setItem(soundKey, on ? "1" : "0");
}

// The last SetPreferences choices for a game, or null when none were saved.
export function savedPreferences(game: string, s: KeyValueStore = store()): number[] | null {
  const raw = s.getItem(prefsKey(game));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n) && n >= 0)) return parsed as number[];
  } catch {
    // a damaged entry counts as none
  }
  return null;
}
export function savePreferences(game: string, choices: readonly number[], s: KeyValueStore = store()): void {
  s.setItem(prefsKey(game), JSON.stringify(choices));
}
