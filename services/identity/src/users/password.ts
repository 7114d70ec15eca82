import { randomBytes } from 'node:crypto';
import { Algorithm, Version, hash, parseOptions, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/**
 * The one place that hashes and checks passwords (docs/security.md, "Password storage").
 *
 * argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet: m = 19 MiB,
 * t = 2, p = 1): memory-hard, so a GPU guesser pays 19 MiB per guess in flight, and about
 * 20–40 ms of one core here — a sign-in costs less CPU than bcrypt cost 10 in pure JS did,
 * which is what lets a shift sign in at once. p = 1 keeps one request on one thread-pool thread,
 * so concurrent sign-ins spread over the pool instead of contending inside one hash.
 * `hash` and `verify` of @node-rs/argon2 run on the libuv thread pool, never the event loop.
 */
export const ARGON2_PARAMS = {
  algorithm: Algorithm.Argon2id,
  version: Version.V0x13,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** bcrypt hashes written before argon2id ($2a$, $2b$, $2y$): verified only, then replaced. */
const BCRYPT = /^\$2[aby]\$\d{2}\$/;

export const isLegacyHash = (stored: string) => BCRYPT.test(stored);

export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_PARAMS);

export interface PasswordCheck {
  ok: boolean;
  /** The password was right but its hash is bcrypt or argon2 with other parameters: store `hashPassword(plain)`. */
  needsRehash: boolean;
}

/** A hash of nothing anyone knows, made once with the current parameters, for unknown users. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('base64url')));

function outdated(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      o.algorithm !== ARGON2_PARAMS.algorithm ||
      o.version !== ARGON2_PARAMS.version ||
      o.memoryCost !== ARGON2_PARAMS.memoryCost ||
      o.timeCost !== ARGON2_PARAMS.timeCost ||
      o.parallelism !== ARGON2_PARAMS.parallelism ||
      o.outputLen !== ARGON2_PARAMS.outputLen
    );
  } catch {
    return true;
  }
}

/**
 * Checks `plain` against a stored argon2 or legacy bcrypt hash. Without a stored hash (unknown
 * user) it still verifies against a dummy argon2id hash, so the answer takes as long as for a
 * real account and timing does not reveal which usernames exist. A malformed hash is a mismatch.
 */
export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<PasswordCheck> {
  if (!stored) {
    await verify(await dummyHash(), plain).catch(() => false);
    return { ok: false, needsRehash: false };
  }
  if (isLegacyHash(stored)) {
    const ok = await bcrypt.compare(plain, stored);
    return { ok, needsRehash: ok };
  }
  const ok = await verify(stored, plain).catch(() => false);
  return { ok, needsRehash: ok && outdated(stored) };
}
