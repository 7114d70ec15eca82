import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { requestLogging } from './request-log.js';

/** A plain HTTP server behind the kit's request logging; returns the log lines it wrote. */
async function logged(headers: Record<string, string>, path = '/gw/asset/context/api/v1/plants?pageSize=20', status = 200, level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const log = requestLogging(pino({ base: null, level }, sink));
  const server = http.createServer((req, res) => {
    log(req, res);
    res.setHeader('set-cookie', 'sid=server-secret');
    res.statusCode = status;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
    await r.text();
    return { lines, requestId: r.headers.get('x-request-id') };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

test('a request log line keeps id, method, path and status, and no header: no token, cookie or set-cookie', async () => {
  const { lines, requestId } = await logged({ authorization: 'Bearer eyJ.secret-token', cookie: 'session=client-secret', 'x-request-id': 'corr-9' });
  assert.equal(lines.length, 1);
  const text = JSON.stringify(lines[0]);
  for (const secret of ['secret-token', 'client-secret', 'server-secret', 'authorization', 'cookie']) assert.ok(!text.includes(secret), `${secret} in ${text}`);
  assert.deepEqual(lines[0]!.req, {
    id: 'corr-9',
    method: 'GET',
    url: '/gw/asset/context/api/v1/plants?pageSize=20',
    remoteAddress: '127.0.0.1',
  });
  assert.deepEqual(lines[0]!.res, { statusCode: 200 });
  assert.equal(requestId, 'corr-9');
});

test('a request without an id gets one, answered in x-request-id; /health is not logged', async () => {
  const { lines, requestId } = await logged({});
  assert.match(requestId ?? '', /^[0-9a-f-]{36}$/);
  assert.equal((lines[0]!.req as { id: string }).id, requestId);
  assert.equal((await logged({}, '/health')).lines.length, 0);
});

test('a 5xx answer is logged as an error; below the info level only the id is kept, nothing logged', async () => {
  const failed = await logged({}, '/gw/asset/context/api/v1/plants', 503);
  assert.equal(failed.lines.length, 1);
  assert.equal(failed.lines[0]!.level, 50);
  assert.deepEqual(failed.lines[0]!.res, { statusCode: 503 });
  assert.equal(typeof failed.lines[0]!.responseTime, 'number');
  const quiet = await logged({ 'x-request-id': 'corr-10' }, '/gw/asset/context/api/v1/plants', 200, 'warn');
  assert.deepEqual([quiet.lines.length, quiet.requestId], [0, 'corr-10']);
});
