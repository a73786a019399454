// Small formatting helpers shared by the pages.

// Copies text to the clipboard; falls back to selecting it where the Clipboard API is
// unavailable (plain http on a LAN address).
export async function copyText(text: string, fallback: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    fallback?.select();
    return false;
  }
}

// "12s", "3:05"
export function formatSeconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// A turn timer is drawn urgent (red) when 10 s or less remain — measured on the time left,
// never on the turn's length, so a turn of 10 s or less is urgent from its start.
export const urgentMs = 10000;
export function timerUrgent(leftMs: number): boolean {
  return leftMs <= urgentMs;
}

// The first characters of a long random id, for headings (the full id is in the title).
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
