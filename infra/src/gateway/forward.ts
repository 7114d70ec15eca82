import {
  request,
  type Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): the gateway's
 * connections to the client and to the service are its own, so neither side's reach the other.
 * `expect` too: Node has already answered a client's `100-continue` itself.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'expect',
]);

/** How long the gateway waits for a service that has gone quiet (answer or body) before giving up. */
export const UPSTREAM_TIMEOUT_MS = 120_000;

export interface Upstream {
  host: string;
  port: number;
}

export function upstreamOf(url: string): Upstream {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 80) };
}

/** The request's headers for the service: hop-by-hop ones dropped, the X-Forwarded-* chain extended. */
export function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const src: IncomingHttpHeaders = req.headers;
  // Headers the client names in Connection are hop-by-hop as well.
  const named =
    typeof src.connection === 'string'
      ? src.connection
          .toLowerCase()
          .split(',')
          .map((s) => s.trim())
      : [];
  const out: OutgoingHttpHeaders = {};
  for (const key in src) if (!HOP_BY_HOP.has(key) && !named.includes(key)) out[key] = src[key];
  const encrypted = (req.socket as TLSSocket).encrypted === true;
  const port = /:(\d+)$/.exec(src.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  const append = (name: string, value: string) => {
    const prior = src[name];
    out[name] = prior ? `${prior},${value}` : value;
  };
  append('x-forwarded-for', req.socket.remoteAddress ?? '');
  append('x-forwarded-port', port);
  append('x-forwarded-proto', encrypted ? 'https' : 'http');
  out['x-forwarded-host'] = src['x-forwarded-host'] ?? src.host ?? '';
  return out;
}

/**
 * Hands one request to a service and streams its answer back: the request line, headers (see
 * `forwardedHeaders`) and body as they come; the answer's status, headers (hop-by-hop ones
 * dropped, repeated ones such as Set-Cookie kept) and body. A service that cannot be reached or
 * goes quiet for UPSTREAM_TIMEOUT_MS calls `onError` before anything was answered (the caller
 * answers 502), or cuts the client's connection after; a client that goes away cuts the service's.
 * In place of http-proxy, whose per-request passes (the target parsed again, every answer header
 * rewritten one by one) cost ~40 % more of the gateway's CPU per request (docs/performance.md).
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  to: Upstream,
  agent: Agent,
  onError: (err: NodeJS.ErrnoException) => void,
): void {
  const upstream = request({ host: to.host, port: to.port, method: req.method, path: req.url, headers: forwardedHeaders(req), agent });
  let failed = false;
  const fail = (err: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    upstream.destroy();
    if (res.headersSent) res.destroy();
    else onError(err);
  };
  upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () =>
    fail(Object.assign(new Error('the service did not answer in time'), { code: 'ETIMEDOUT' })),
  );
  upstream.on('error', fail);
  upstream.on('response', (answer) => {
    const raw = answer.rawHeaders;
    const headers: string[] = [];
    for (let i = 0; i < raw.length; i += 2) {
      // The answer's framing too: Node frames what it sends the client itself.
      const name = raw[i]!.toLowerCase();
      if (!HOP_BY_HOP.has(name) && name !== 'transfer-encoding') headers.push(raw[i]!, raw[i + 1]!);
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    answer.on('error', () => res.destroy());
    // A service that dies mid-answer: the client must see a cut answer, not a short one that looks whole.
    answer.on('close', () => {
      if (!answer.complete) res.destroy();
    });
    answer.pipe(res);
  });
  // The client went away before its answer was complete: stop the service's work on it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
