import type { onRequestHookHandler } from 'fastify';
import { AppError } from '@windward/contracts';

/**
 * Headers on every API answer (issue #16): JSON never runs as a page nor is framed, is never
 * sniffed as something else, sends no referrer, and is not stored by caches (tokens, personal
 * data); a handler that serves cacheable files (tiles, photos) sets its own Cache-Control.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** Swagger UI needs its own scripts and styles; the rest of the headers stay. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

export function securityHeaders(docsPrefix: string): onRequestHookHandler {
  return (req, reply, done) => {
    // On the Node response: they stay on answers written past Fastify too (tus uploads, streams),
    // and a handler's own `reply.header()` (a file's Cache-Control) still wins.
    for (const k in API_HEADERS) reply.raw.setHeader(k, API_HEADERS[k]!);
    if (req.url.startsWith(docsPrefix)) reply.raw.setHeader('content-security-policy', DOCS_CSP);
    done();
  };
}

/**
 * Fixed one-minute windows per key (a client IP, a signed-in user), in this process. Generous
 * defaults keep tests, the demo and busy screens far below them; `0` turns a limit off.
 */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; returns the seconds to wait when over the limit, else 0. */
  take(key: string): number {
    if (this.perMinute <= 0) return 0;
    const t = this.now();
    if (t - this.windowStart >= 60_000) {
      this.windowStart = t;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n > this.perMinute ? Math.max(1, Math.ceil((this.windowStart + 60_000 - t) / 1000)) : 0;
  }
}

/** A 429 with Retry-After (the header is set here; the kit's filter writes the coded body). */
export function tooManyRequests(res: { setHeader(name: string, value: string): unknown }, seconds: number): AppError {
  res.setHeader('retry-after', String(seconds));
  return new AppError('TOO_MANY_REQUESTS', { params: { seconds } });
}

/** A request URL without its query string. */
export function urlPathname(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** Per-IP limit of every request but health checks (runs before authentication). */
export function ipRateLimit(limiter: RateLimiter): onRequestHookHandler {
  return (req, reply, done) => {
    if (limiter.perMinute <= 0 || urlPathname(req.url).endsWith('/health')) return done();
    const wait = limiter.take(`ip:${req.ip}`);
    if (!wait) return done();
    done(tooManyRequests(reply.raw, wait));
  };
}
