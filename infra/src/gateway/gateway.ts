import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import httpProxy from 'http-proxy';
import { matchRoute, SERVICE_NAMES, type ServiceName } from '@windward/contracts';
import { forward, upstreamOf, type Upstream } from './forward.js';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Folder of the built web console (web/dist); its index.html answers every other path. */
  webDir: string;
  upstreams: Record<ServiceName, string>;
  /** Told of every request the gateway could not hand to its service (answered 502). */
  onProxyError?: (line: string) => void;
  /**
   * Peers whose X-Forwarded-* headers are believed (a reverse proxy in front): comma-separated
   * addresses, `loopback`, or `none`. Default: env TRUSTED_PROXIES, else `loopback`. From anyone
   * else the headers are dropped, so a client cannot pose as another IP (sign-in throttling).
   */
  trustedProxies?: string;
}

/** Whether a peer address is one of the trusted proxies (`loopback`, exact addresses, `none`). */
export function trustedProxy(spec: string): (address: string) => boolean {
  const items = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'none');
  return (address) => {
    const plain = address.replace(/^::ffff:/, '');
    return items.some((i) => (i === 'loopback' ? plain === '::1' || plain.startsWith('127.') : i === plain || i === address));
  };
}

/** Drops forwarding headers a client set itself unless it is a trusted proxy; the proxy then adds the real peer. */
function distrustForwarding(req: IncomingMessage, trusted: (address: string) => boolean) {
  if (trusted(req.socket.remoteAddress ?? '')) return;
  for (const h of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'])
    delete req.headers[h];
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Headers on everything the gateway answers itself (the console and its own errors). The console
 * runs only its own scripts; antd writes its styles at run time (inline style elements); images
 * come from the API as blobs and from the configured map tile server (any https origin); it is
 * never framed. The services set the API's headers themselves (kit `securityHeaders`).
 */
export const CONSOLE_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * What the gateway answers itself, as JSON error bodies the console reads like a service's (its
 * code first). The generated nginx answers the same (nginx.ts), so the two gateways agree.
 */
export const GATEWAY_ANSWERS = {
  unavailable: { status: 502, body: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not reachable, please try again later.' } },
  badAddress: { status: 400, body: { code: 'BAD_REQUEST', message: 'The address is not valid.' } },
  internal: { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong, please try again later.' } },
  notFound: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
} as const;

/** Caching of the console: content-hashed bundles under /assets/ for good, everything else revalidated (both gateways). */
export const CONSOLE_CACHE_CONTROL = { assets: 'public, max-age=31536000, immutable', other: 'no-cache' } as const;

/** The gateway's own /health answer (both gateways). */
export const GATEWAY_HEALTH = { status: 'ok', services: SERVICE_NAMES };

function answer(res: ServerResponse, status: number, body: { code: string; message: string }) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...CONSOLE_HEADERS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The one origin of `npm start`: proxies every API path (and socket.io upgrades) to the service
 * that owns it according to the contracts route table, and serves the built web console.
 * Production uses nginx generated from the same table (see nginx.ts).
 */
export function createGateway(o: GatewayOptions): Server {
  // Keep-alive to the services: without it every proxied request opens (and the service closes)
  // a new connection, which the client then sees as `Connection: close`. Idle sockets are dropped
  // after 60 s (`timeout`; Node also honours a shorter `Keep-Alive: timeout=` hint from the
  // service), before the services' own 65 s: the side that reuses a connection closes it first.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  const targets = Object.fromEntries(SERVICE_NAMES.map((n) => [n, upstreamOf(o.upstreams[n])])) as Record<ServiceName, Upstream>;
  const unreachable = (req: IncomingMessage, err: NodeJS.ErrnoException) =>
    o.onProxyError?.(`[gateway] ${req.method ?? ''} ${req.url ?? ''}: ${err.code ?? err.message}`);
  // WebSocket upgrades (socket.io) only: plain requests go through `forward`. (http-proxy's
  // timeouts apply to plain requests; an upgraded socket lives as long as the live connection.)
  const proxy = httpProxy.createProxyServer({ xfwd: true, agent });
  proxy.on('error', (err, req) => {
    unreachable(req, err as NodeJS.ErrnoException);
    req.socket.destroy();
  });
  const webRoot = path.resolve(o.webDir);
  // The console's bundles (web/dist/assets, ~6 MB) are named by their content's hash: kept in
  // memory once read, a page's ~100 of them are answered without the disk (issue #22 item 3).
  const assetCache = new Map<string, Buffer>();
  const trusted = trustedProxy(o.trustedProxies ?? process.env.TRUSTED_PROXIES ?? 'loopback');

  const server = createServer((req, res) => {
    // Whatever a request carries, it is answered: a malformed one gets a 400, a fault here a 500,
    // and the gateway (the one origin of every service) keeps running.
    try {
      const url = req.url ?? '/';
      const route = matchRoute(url);
      if (route) {
        distrustForwarding(req, trusted);
        forward(req, res, targets[route.service], agent, (err) => {
          unreachable(req, err);
          answer(res, GATEWAY_ANSWERS.unavailable.status, GATEWAY_ANSWERS.unavailable.body);
        });
        return;
      }
      if (url === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(GATEWAY_HEALTH));
        return;
      }
      serveStatic(webRoot, req, res, assetCache);
    } catch (err) {
      if (err instanceof URIError) return answer(res, GATEWAY_ANSWERS.badAddress.status, GATEWAY_ANSWERS.badAddress.body);
      o.onProxyError?.(`[gateway] ${req.method ?? ''} ${req.url ?? ''}: ${(err as Error).stack ?? err}`);
      answer(res, GATEWAY_ANSWERS.internal.status, GATEWAY_ANSWERS.internal.body);
    }
  });
  // A client that sends garbage (bad request line, oversized headers) gets a 400 and is closed.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.on('upgrade', (req, socket, head) => {
    try {
      const route = matchRoute(req.url ?? '/');
      distrustForwarding(req, trusted);
      if (route?.websocket) proxy.ws(req, socket, head, { target: o.upstreams[route.service] });
      else socket.destroy();
    } catch {
      socket.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, assetCache: Map<string, Buffer>) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    answer(res, GATEWAY_ANSWERS.notFound.status, GATEWAY_ANSWERS.notFound.body);
    return;
  }
  // Throws URIError on a malformed escape (`/%E0%A4%A`): the caller answers 400.
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
  // Resolve inside the web root only: "/../" can never escape it.
  let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  // A bundle under assets/ is named by its content's hash: once read, its bytes are answered from memory.
  const assets = path.join(root, 'assets') + path.sep;
  let body = file.startsWith(assets) ? assetCache.get(file) : undefined;
  if (!body) {
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { ...CONSOLE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web console is not built yet: run `npm run build`.');
      return;
    }
    if (file.startsWith(assets)) assetCache.set(file, (body = readFileSync(file)));
  }
  res.writeHead(200, {
    ...CONSOLE_HEADERS,
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': body ? CONSOLE_CACHE_CONTROL.assets : CONSOLE_CACHE_CONTROL.other,
    ...(body ? { 'content-length': body.length } : {}),
  });
  if (req.method === 'HEAD') res.end();
  else if (body) res.end(body);
  else createReadStream(file).pipe(res);
}
