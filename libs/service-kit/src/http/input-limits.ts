import { parse as parseQueryString } from 'node:querystring';

/** Largest value of a PostgreSQL `int` column: DTOs cap integers with `@Max(INT32_MAX)`. */
export const INT32_MAX = 2_147_483_647;

/** Largest JSON or form body a service reads, in MB (the BODY_TOO_LARGE message says it). */
export const JSON_BODY_LIMIT_MB = 2;

/**
 * Deepest nesting of objects and arrays a JSON body may have. Real requests nest a few levels;
 * thousands of levels overflow the stack of class-transformer and the validator (a 500).
 */
export const JSON_MAX_DEPTH = 32;

/** A JSON body refused before it reached a handler (`type` is the reason the 400 names). */
export class JsonBodyError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  constructor(readonly type: 'entity.too.deep' | 'entity.parse.failed') {
    super(type === 'entity.too.deep' ? `JSON nested deeper than ${JSON_MAX_DEPTH} levels` : 'malformed JSON body');
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

/** A JSON or form body over JSON_BODY_LIMIT_MB (the kit's filter answers BODY_TOO_LARGE). */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly statusCode = 413;
  readonly type = 'entity.too.large';
  constructor() {
    super(`body over ${JSON_BODY_LIMIT_MB} MB`);
  }
}

/**
 * Reads a request body of up to `limit` bytes. Over it, the rest is still read (and dropped)
 * before the refusal, as body-parser did: a service that answered at once and closed the
 * connection left a proxy still sending the body with a failed write, and its caller with the
 * gateway's 502 instead of the 413.
 */
export function readBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
      else chunks = [];
    });
    payload.on('end', () => (size > limit ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks, size))));
    payload.on('error', reject);
  });
}

/** The services' form body parser (`application/x-www-form-urlencoded`: OAuth's token calls); a `__proto__` field is refused. */
export function parseFormBody(_req: unknown, body: Buffer): Record<string, unknown> {
  const fields = parseQueryString(body.toString('utf8'));
  if (Object.hasOwn(fields, '__proto__')) throw new JsonBodyError('entity.parse.failed');
  return Object.assign({}, fields);
}

/**
 * The services' JSON body parser: over-deep bodies are refused before parsing; an empty body is
 * `{}` and only an object or array is a body (as body-parser's strict mode had it).
 */
export function parseJsonBody(_req: unknown, body: Buffer): unknown {
  if (jsonDeeperThan(body, JSON_MAX_DEPTH)) throw new JsonBodyError('entity.too.deep');
  const text = body.toString('utf8').trim();
  if (!text) return {};
  if (text[0] !== '{' && text[0] !== '[') throw new JsonBodyError('entity.parse.failed');
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonBodyError('entity.parse.failed');
  }
}
