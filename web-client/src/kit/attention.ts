// Telling a player it is their turn: the tab title, an optional beep (WebAudio; off by
// default, kit/settings.ts), and a line for screen readers (the match page's aria-live).
export const baseTitle = "Starport";
export const turnTitle = "● Your turn — Starport";

export function titleFor(yourTurn: boolean): string {
  return yourTurn ? turnTitle : baseTitle;
}

let audio: AudioContext | null = null;

// A short soft beep; silent where WebAudio is missing or not yet allowed.
export function beep(): void {
  try {
    const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.3);
  } catch {
    // no sound is fine
  }
}
