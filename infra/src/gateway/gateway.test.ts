import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { chmodSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server as IoServer } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import { SERVICE_NAMES, socketPath, type ServiceName } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { createGateway, trustedProxy } from './gateway.js';
import { nginxBinary, startNginx, type RunningNginx } from './nginx-run.js';

const listen = (s: Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as { port: number }).port)));

/** One raw HTTP/1.1 exchange on its own connection: what came back until the gateway closed it. */
function rawExchange(base: string, text: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const s = connect(Number(new URL(base).port), '127.0.0.1', () => s.write(text));
    let got = '';
    s.on('data', (d) => (got += d.toString('latin1')));
    s.on('end', () => resolve(got));
    s.on('close', () => resolve(got));
    s.on('error', reject);
  });
}

/** A port nobody listens on yet (nginx needs a number up front). */
async function freePort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  return port;
}

// The same behaviour from both gateways: the Node one of `npm start` and the nginx generated for
// production from the same route table (nginx.ts), run for real (nginx-run.ts; CI installs it).
for (const kind of ['node', 'nginx'] as const) {
  describe(
    `${kind} gateway`,
    { skip: kind === 'nginx' && !nginxBinary() ? 'nginx is not installed (apt-get install nginx)' : false },
    () => {
      let upstream: Server;
      let io: IoServer;
      let importIo: IoServer;
      let gateway: Server | null = null;
      let nginx: RunningNginx | null = null;
      let base: string;
      let web: string;
      const seen: string[] = [];
      const connections = new Set<unknown>();
      let connectionsOpened = 0;

      before(async () => {
        // One fake upstream that echoes which path reached it, plus a real socket.io server for task-flow.
        upstream = createServer((req, res) => {
          seen.push(req.url ?? '');
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              path: req.url,
              forwardedFor: req.headers['x-forwarded-for'] ?? null,
              host: req.headers.host,
              forwarded: req.headers.forwarded ?? null,
            }),
          );
        });
        upstream.keepAliveTimeout = 65_000;
        upstream.on('connection', (s) => {
          connectionsOpened++;
          connections.add(s);
          s.on('close', () => connections.delete(s));
        });
        io = new IoServer(upstream, { path: socketPath('task-flow') });
        io.on('connection', (socket) => socket.emit('hello', 'from task-flow'));
        importIo = new IoServer(upstream, { path: socketPath('import') });
        importIo.on('connection', (socket) => socket.emit('hello', 'from import'));
        const port = await listen(upstream);
        const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, `http://127.0.0.1:${port}`])) as Record<ServiceName, string>;
        upstreams.report = 'http://127.0.0.1:9'; // nothing listens there
        web = mkdtempSync(path.join(os.tmpdir(), 'ww-web-'));
        chmodSync(web, 0o755); // nginx's workers read it as `nobody`
        mkdirSync(path.join(web, 'assets'));
        writeFileSync(path.join(web, 'index.html'), '<div id="root"></div>');
        writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
        writeFileSync(path.join(path.dirname(web), 'secret.txt'), 'do not serve');
        if (kind === 'node') {
          gateway = createGateway({ port: 0, webDir: web, upstreams });
          base = `http://127.0.0.1:${await listen(gateway)}`;
        } else {
          nginx = await startNginx({ port: await freePort(), upstreams, webRoot: web, workers: 1 });
          base = nginx.url;
        }
      });
      after(async () => {
        io.close();
        importIo.close();
        if (gateway) await new Promise((r) => gateway!.close(r));
        await nginx?.stop();
        upstream.closeAllConnections();
        upstream.close();
      });

      test('API paths are proxied with path and query intact and X-Forwarded-For set', async () => {
        const r = await fetch(`${base}/context/api/v1/plants?pageIndex=2`);
        const body = (await r.json()) as { path: string; forwardedFor: string };
        assert.deepEqual(
          { path: body.path, forwardedFor: body.forwardedFor },
          { path: '/context/api/v1/plants?pageIndex=2', forwardedFor: '127.0.0.1' },
        );
      });

      // The Node gateway believes a forwarded chain from a trusted proxy only.
      if (kind === 'node')
        test('X-Forwarded-For from a client that is not a trusted proxy is dropped (no posing as another IP)', async () => {
          // Loopback is trusted by default (a local reverse proxy): its chain is kept and extended.
          const kept = await fetch(`${base}/context/api/v1/plants`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
          assert.equal(((await kept.json()) as { forwardedFor: string }).forwardedFor, '203.0.113.7,127.0.0.1');
          const strict = createGateway({
            port: 0,
            webDir: os.tmpdir(),
            upstreams: Object.fromEntries(SERVICE_NAMES.map((n) => [n, base])) as Record<ServiceName, string>,
            trustedProxies: 'none',
          });
          const strictBase = `http://127.0.0.1:${await listen(strict)}`;
          try {
            const r = await fetch(`${strictBase}/context/api/v1/plants`, {
              headers: { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7' },
            });
            // The strict gateway drops the client's header; the default gateway behind it then adds loopback twice.
            assert.equal(((await r.json()) as { forwardedFor: string }).forwardedFor, '127.0.0.1,127.0.0.1');
          } finally {
            await new Promise((r) => strict.close(r));
          }
          const t = trustedProxy('10.0.0.5, loopback');
          assert.equal(t('10.0.0.5'), true);
          assert.equal(t('::ffff:127.0.0.1'), true);
          assert.equal(t('::1'), true);
          assert.equal(t('10.0.0.6'), false);
          assert.equal(trustedProxy('none')('127.0.0.1'), false);
        });

      // nginx always sends the peer's own address.
      if (kind === 'nginx')
        test("nginx sends the client's own address on every route, socket.io areas included, and keeps the Host", async () => {
          // /gw/repair/ is a socket.io area: its location sets Upgrade, which once dropped the
          // server's forwarding headers and let the client's own chain through.
          for (const p of ['/context/api/v1/plants', '/gw/repair/api/v2/x', '/oauth/token']) {
            const r = await fetch(base + p, { headers: { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7' } });
            const body = (await r.json()) as { forwardedFor: string; host: string; forwarded: string | null };
            assert.equal(body.forwardedFor, '127.0.0.1', p);
            assert.equal(body.forwarded, null, p);
            assert.equal(body.host, new URL(base).host, p);
          }
        });

      test('other paths serve the web console; unknown ones fall back to index.html, never outside the web root', async () => {
        const js = await fetch(`${base}/assets/app.js`);
        assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
        assert.match(js.headers.get('cache-control') ?? '', /immutable/);
        assert.equal(await (await fetch(`${base}/some/route`)).text(), '<div id="root"></div>');
        for (const evil of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
          const body = await (await fetch(base + evil)).text();
          assert.doesNotMatch(body, /do not serve/, evil);
        }
        assert.ok(!seen.some((p) => p.includes('secret')));
      });

      // nginx reads the disk itself (sendfile); the Node gateway keeps the hashed bundles in memory.
      if (kind === 'node')
        test('a bundle under assets/ is answered from memory once read; index.html and missing bundles are not kept', async () => {
          writeFileSync(path.join(web, 'assets', 'kept-1a2b3c4d.js'), 'first');
          const first = await fetch(`${base}/assets/kept-1a2b3c4d.js`);
          assert.equal(await first.text(), 'first');
          assert.equal(first.headers.get('content-length'), '5');
          // Changed on disk (never happens to a hashed name): the kept bytes are still what is answered.
          writeFileSync(path.join(web, 'assets', 'kept-1a2b3c4d.js'), 'second');
          const again = await fetch(`${base}/assets/kept-1a2b3c4d.js`);
          assert.equal(await again.text(), 'first');
          assert.match(again.headers.get('cache-control') ?? '', /immutable/);
          // The page itself is read each time (a new build changes it), and is never marked immutable.
          writeFileSync(path.join(web, 'index.html'), '<div id="root">v2</div>');
          assert.equal(await (await fetch(`${base}/`)).text(), '<div id="root">v2</div>');
          const missing = await fetch(`${base}/assets/gone-00000000.js`);
          assert.equal(await missing.text(), '<div id="root">v2</div>');
          assert.equal(missing.headers.get('cache-control'), 'no-cache');
          writeFileSync(path.join(web, 'assets', 'gone-00000000.js'), 'now here');
          assert.equal(await (await fetch(`${base}/assets/gone-00000000.js`)).text(), 'now here');
          writeFileSync(path.join(web, 'index.html'), '<div id="root"></div>');
        });

      test('malformed requests get a 400 and the gateway stays up: bad escapes, a garbage request line, oversized headers', async () => {
        const bad = await fetch(`${base}/%E0%A4%A`);
        assert.equal(bad.status, 400);
        assert.equal(((await bad.json()) as { code: string }).code, 'BAD_REQUEST');
        assert.equal((await fetch(`${base}/assets/%ZZ.js`)).status, 400);
        // Below fetch: a raw socket with a request line HTTP cannot parse, then one with 64 KB of headers.
        const raw = (text: string) => rawExchange(base, text);
        assert.match(await raw('GARBAGE \u0000 nonsense\r\n\r\n'), /^HTTP\/1\.1 400/);
        assert.match(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`), /^HTTP\/1\.1 4(00|31)/);
        const health = await fetch(`${base}/health`);
        assert.equal(health.status, 200, 'still up');
      });

      test('the console is served with a content security policy, never framed, no MIME sniffing', async () => {
        for (const p of ['/', '/assets/app.js', '/%E0%A4%A']) {
          const r = await fetch(base + p);
          const csp = r.headers.get('content-security-policy') ?? '';
          assert.match(csp, /default-src 'self'/, p);
          assert.match(csp, /script-src 'self'(;|$)/, p);
          assert.match(csp, /frame-ancestors 'none'/, p);
          assert.equal(r.headers.get('x-content-type-options'), 'nosniff', p);
          assert.equal(r.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', p);
          assert.equal(r.headers.get('x-powered-by'), null, p);
        }
      });

      test('a service that is down answers 502 with a JSON error body', async () => {
        const r = await fetch(`${base}/report/api/v1/projects/1/report-tasks`);
        assert.equal(r.status, 502);
        assert.equal(((await r.json()) as { code: string }).code, 'SERVICE_UNAVAILABLE');
      });

      test('socket.io (WebSocket upgrade) reaches the live services through the gateway', async () => {
        for (const service of ['task-flow', 'import'] as const) {
          const socket = ioClient(base, { path: socketPath(service), transports: ['websocket'], reconnection: false });
          const hello = await new Promise<string>((resolve, reject) => {
            socket.on('hello', resolve);
            socket.on('connect_error', reject);
          });
          socket.close();
          assert.equal(hello, `from ${service}`);
        }
      });

      test('connections to the services are kept alive, not opened per request', async () => {
        const before = connectionsOpened;
        for (let i = 0; i < 20; i++) await (await fetch(`${base}/context/api/v1/plants?i=${i}`)).text();
        // One or two: a connection opened by an earlier test may still be the one reused.
        assert.ok(connectionsOpened - before <= 1, `${connectionsOpened - before} new connections for 20 requests`);
      });

      test('the gateway answers its own /health', async () => {
        const r = await fetch(`${base}/health`);
        assert.equal(r.status, 200);
        assert.deepEqual(await r.json(), { status: 'ok', services: [...SERVICE_NAMES] });
      });

      // The Node gateway streams bodies; each service enforces its own limit.
      if (kind === 'nginx')
        test('nginx refuses a body over its limit with the coded JSON error; archives have their own limit', async () => {
          const big = new Uint8Array(26 * 1024 * 1024);
          const r = await fetch(`${base}/gw/inspection/api/v2/images`, {
            method: 'POST',
            body: big,
            headers: { 'content-type': 'application/octet-stream' },
          });
          assert.equal(r.status, 413);
          const body = (await r.json()) as { code: string; params: { maxMb: number } };
          assert.equal(body.code, 'BODY_TOO_LARGE');
          assert.equal(body.params.maxMb, 25);
          assert.ok(!seen.includes('/gw/inspection/api/v2/images'), 'nothing reached the service');
          const archive = await fetch(`${base}/gw/import/api/v2/upload-tasks/1/archive`, {
            method: 'POST',
            body: big,
            headers: { 'content-type': 'application/octet-stream' },
          });
          assert.equal(archive.status, 200);
          assert.ok(seen.includes('/gw/import/api/v2/upload-tasks/1/archive'));
        });
    },
  );
}

describe('gateway keep-alive to the services', () => {
  test("drops an idle connection before the service would (the service's Keep-Alive hint), so no request races the service's close", async () => {
    // The service announces `Keep-Alive: timeout=2` but would itself close only after 30 s, so a
    // close within the wait below can only be the gateway's (no race of two timers on a busy machine).
    const service = createServer((_req, res) => {
      res.setHeader('Keep-Alive', 'timeout=2');
      res.end('{}');
    });
    service.keepAliveTimeout = 30_000;
    const open = new Set<unknown>();
    let closedByGateway = false;
    service.on('connection', (s) => {
      open.add(s);
      s.on('end', () => (closedByGateway = true));
      s.on('close', () => open.delete(s));
    });
    const port = await listen(service);
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, `http://127.0.0.1:${port}`])) as Record<ServiceName, string>;
    const gateway = createGateway({ port: 0, webDir: mkdtempSync(path.join(os.tmpdir(), 'ww-web-')), upstreams });
    const base = `http://127.0.0.1:${await listen(gateway)}`;
    try {
      const r = await fetch(`${base}/context/api/v1/plants`);
      assert.equal(r.status, 200);
      await r.text();
      assert.equal(open.size, 1, 'the gateway keeps its connection to the service alive');
      // The gateway expires it at hint − 1 s = 1 s; wait up to 10 s, well before the service's own 30 s.
      for (let waited = 0; open.size > 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      assert.equal(open.size, 0, 'the idle connection was closed before the service would have');
      assert.ok(closedByGateway, 'the gateway, not the service, closed it');
    } finally {
      gateway.closeAllConnections();
      await new Promise((r) => gateway.close(r));
      service.closeAllConnections();
      await new Promise((r) => service.close(r));
    }
  });
});

describe('the Node gateway hands requests and answers through whole', () => {
  let service: Server;
  let gateway: Server;
  let base: string;
  const closedEarly: string[] = [];

  before(async () => {
    service = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = req.url ?? '';
        if (url.endsWith('/cookies')) {
          res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
          res.end('{}');
        } else if (url.endsWith('/dies')) {
          // Announces 1,000 bytes, sends 10, then the process "dies".
          res.writeHead(200, { 'content-length': '1000', 'content-type': 'application/octet-stream' });
          res.write('0123456789');
          setTimeout(() => res.socket?.destroy(), 50);
        } else if (url.endsWith('/slow')) {
          res.on('close', () => {
            if (!res.writableFinished) closedEarly.push(url);
          });
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('started');
        } else {
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              headers: req.headers,
              length: Buffer.concat(chunks).length,
              sum: Buffer.concat(chunks).reduce((a, b) => (a + b) % 65521, 0),
            }),
          );
        }
      });
    });
    service.keepAliveTimeout = 65_000;
    const port = await listen(service);
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, `http://127.0.0.1:${port}`])) as Record<ServiceName, string>;
    gateway = createGateway({ port: 0, webDir: mkdtempSync(path.join(os.tmpdir(), 'ww-web-')), upstreams });
    base = `http://127.0.0.1:${await listen(gateway)}`;
  });
  after(async () => {
    gateway.closeAllConnections();
    await new Promise((r) => gateway.close(r));
    service.closeAllConnections();
    await new Promise((r) => service.close(r));
  });

  test("hop-by-hop headers (and those the client's Connection names) stay with their connection; X-Forwarded-* are set", async () => {
    // Raw: fetch will not send hop-by-hop headers of our choosing.
    const answer = await rawExchange(
      base,
      'GET /context/api/v1/plants HTTP/1.1\r\nHost: windward.example:8080\r\nConnection: close, x-hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nX-Kept: yes\r\n\r\n',
    );
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { headers: Record<string, string> };
    const h = body.headers;
    assert.equal(h['x-kept'], 'yes');
    assert.equal(h['x-hop'], undefined);
    assert.equal(h.te, undefined);
    // The gateway's own connection to the service stays alive whatever the client's does.
    assert.equal(h.connection, 'keep-alive');
    assert.deepEqual(
      [h.host, h['x-forwarded-for'], h['x-forwarded-host'], h['x-forwarded-port'], h['x-forwarded-proto']],
      ['windward.example:8080', '127.0.0.1', 'windward.example:8080', '8080', 'http'],
    );
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(answer, /\r\nconnection: close\r\n/i);
  });

  test('repeated answer headers (Set-Cookie) all reach the client', async () => {
    const r = await fetch(`${base}/oauth/cookies`);
    assert.deepEqual(r.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
  });

  test('a streamed request body of 5 MB arrives whole', async () => {
    const data = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const chunks = Array.from({ length: 20 }, (_, i) => data.subarray(i * 262_144, (i + 1) * 262_144));
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    const r = await fetch(`${base}/gw/import/api/v2/upload-tasks/1/archive`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const body = (await r.json()) as { length: number; sum: number; headers: Record<string, string> };
    assert.equal(body.length, data.length);
    assert.equal(
      body.sum,
      data.reduce((a, b) => (a + b) % 65521, 0),
    );
    assert.equal(body.headers['transfer-encoding'], 'chunked');
  });

  test('a service that dies mid-answer leaves the client a cut answer, not a short one that looks whole', async () => {
    const r = await fetch(`${base}/gw/inspection/api/v2/dies`);
    assert.equal(r.status, 200);
    await assert.rejects(r.arrayBuffer());
  });

  test("a client that goes away mid-answer ends the service's work on it", async () => {
    const controller = new AbortController();
    const r = await fetch(`${base}/gw/inspection/api/v2/slow`, { signal: controller.signal });
    const reader = r.body!.getReader();
    await reader.read();
    controller.abort();
    await eventually(async () => closedEarly.includes('/gw/inspection/api/v2/slow'), 5_000);
  });
});
