// Provably fair shuffles, checked in the browser: at match start the server commits to
// hex SHA-256(salt + ":" + seed) (seed in decimal, salt as its hex text); once the match
// is over it reveals both, and anyone can recompute the hash (docs/protocol.md).
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function commitmentInput(salt: string, seed: bigint): string {
  return `${salt}:${seed.toString(10)}`;
}

export async function verifyCommitment(commitment: string, salt: string, seed: bigint): Promise<boolean> {
  if (commitment === "" || salt === "") return false;
  return (await sha256Hex(commitmentInput(salt, seed))) === commitment.toLowerCase();
}
