// The browser-side fairness check: hex SHA-256(salt + ":" + decimal seed), as
// server/match/fairness.cpp commits to.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { commitmentInput, sha256Hex, verifyCommitment } from "../src/fairness.js";

test("sha256Hex matches the FIPS 180-2 test vector for 'abc'", async () => {
  assert.equal(await sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

test("a revealed seed and salt verify against their commitment", async () => {
  const salt = "00112233445566778899aabbccddeeff";
  const seed = 18446744073709551557n;   // near 2^64: decimal, not a lossy float
  assert.equal(commitmentInput(salt, seed), `${salt}:18446744073709551557`);
  const commitment = createHash("sha256").update(`${salt}:${seed}`).digest("hex");
  assert.equal(await verifyCommitment(commitment, salt, seed), true);
  assert.equal(await verifyCommitment(commitment.toUpperCase(), salt, seed), true);
});

test("a different seed, salt or an empty reveal does not verify", async () => {
  const salt = "ab";
  const commitment = createHash("sha256").update("ab:7").digest("hex");
  assert.equal(await verifyCommitment(commitment, salt, 8n), false);
  assert.equal(await verifyCommitment(commitment, "ac", 7n), false);
  assert.equal(await verifyCommitment(commitment, "", 7n), false);
  assert.equal(await verifyCommitment("", salt, 7n), false);
});
