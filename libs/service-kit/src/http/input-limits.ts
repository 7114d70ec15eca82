import type { IncomingMessage } from 'node:http';

/** Largest value of a PostgreSQL `int` column: DTOs cap integers with `@Max(INT32_MAX)`. */
export const INT32_MAX = 2_147_483_647;

/** Largest JSON or form body a service reads, in MB (the BODY_TOO_LARGE message says it). */
export const JSON_BODY_LIMIT_MB = 2;

/**
 * Deepest nesting of objects and arrays a JSON body may have. Real requests nest a few levels;
 * thousands of levels overflow the stack of class-transformer and the validator (a 500).
 */
export const JSON_MAX_DEPTH = 32;

/** Thrown from the body parser's `verify`; body-parser keeps the 400 status. */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`);
  }
}

/**
 * True when the raw JSON text nests objects/arrays deeper than `max`: one pass over the bytes
 * before parsing, skipping strings (so brackets inside text do not count).
 */
export function jsonDeeperThan(buf: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** body-parser `verify` hook of the JSON parser: refuses over-deep bodies before they are parsed. */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (jsonDeeperThan(buf, JSON_MAX_DEPTH)) throw new JsonTooDeepError();
}
