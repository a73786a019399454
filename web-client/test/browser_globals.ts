// What an App touches of the browser, for tests without one: an in-memory localStorage and
// a location on a port nothing listens on.
export function stubBrowserGlobals(): void {
  const stored = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  (globalThis as { location?: unknown }).location = { origin: "http://127.0.0.1:1", pathname: "/", hash: "", protocol: "http:", host: "127.0.0.1:1" };
}
