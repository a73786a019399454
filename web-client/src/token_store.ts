// The guest identity kept by this browser: the secret token (never in a URL or a log)
// and the display name last chosen.
const tokenKey = "starport.token";
const nameKey = "starport.name";

export interface Identity {
  token: string;
  name: string;
}

export function loadIdentity(storage: Storage = localStorage): Identity {
  return { token: storage.getItem(tokenKey) ?? "", name: storage.getItem(nameKey) ?? "" };
}

export function saveToken(token: string, storage: Storage = localStorage): void {
  if (token) storage.setItem(tokenKey, token);
  else storage.removeItem(tokenKey);
}

export function saveName(name: string, storage: Storage = localStorage): void {
  storage.setItem(nameKey, name);
}

// Hello's rule for names: 1–24 printable characters, counted as code points (as the
// server counts them: an emoji is one character, not two UTF-16 units).
export const maxNameLength = 24;
export function validName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= 1 && [...trimmed].length <= maxNameLength && !/[\u0000-\u001f\u007f]/.test(trimmed);
}
