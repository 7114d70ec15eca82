import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { Rights, socketPath } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, ReportHarness, type Body } from '../testing/report-harness.js';
import { REPORT_TASK_CHANGED } from './report-live.js';

/** Live progress over socket.io (docs/reports.md "Live progress"), with a real socket.io client. */
let h: ReportHarness;
const sockets: Socket[] = [];
let turbineId: string;

before(async () => {
  h = await ReportHarness.start();
  const { parkId } = await h.park('Live Park');
  turbineId = await h.turbine(parkId, 'WTG-L1');
  await h.defects(await h.inspection(parkId, turbineId), [{ severity: 4 }, { severity: 2 }]);
});
after(async () => {
  sockets.forEach((s) => s.close());
  await h?.stop();
});

function connect(token: string): Promise<{ socket: Socket; events: Body[] } | { error: Body }> {
  const socket = io(h.svc.url, { path: socketPath('report'), transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  const events: Body[] = [];
  socket.on(REPORT_TASK_CHANGED, (e: Body) => events.push(e));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', (err: Error & { data?: unknown }) => resolve({ error: (err.data ?? err.message) as Body }));
  });
}

test("the owner's socket hears its task's progress (percent and step) up to 100; another user's socket hears nothing", async () => {
  const owner = randomUUID();
  const ownerToken = await h.token({ sub: owner, rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
  const otherToken = await h.token({ rights: [Rights.MENU_SEARCH_EXPORT], cid: null, pid: null });
  const mine = await connect(ownerToken);
  const theirs = await connect(otherToken);
  assert.ok('socket' in mine && 'socket' in theirs);
  const r = await h.create('turbines', turbineId, { format: 'xlsx' }, { token: ownerToken });
  assert.equal(r.status, 201);
  const id = r.body.id as string;
  await eventually(async () => mine.events.some((e) => e.reportTaskId === id && e.status === 2 && e.progress === 100));
  const own = mine.events.filter((e) => e.reportTaskId === id);
  // Queued, then rendering with steps, then done: the percentages never go back.
  assert.equal(own[0]!.status, 0);
  assert.ok(
    own.some((e) => e.status === 1 && e.step === 'rendering' && e.progress === 20),
    JSON.stringify(own),
  );
  const percents = own.map((e) => e.progress as number);
  assert.deepEqual(
    [...percents].sort((a, b) => a - b),
    percents,
  );
  assert.equal(own.at(-1)!.step, 'done');
  // What the socket said matches the task over HTTP.
  const task = await h.api(`${API}/report-tasks/${id}`, { token: ownerToken });
  assert.equal(task.body.progress, 100);
  // Taken off the list: the owner hears that too.
  assert.equal((await h.api(`${API}/report-tasks/${id}`, { method: 'DELETE', token: ownerToken })).status, 200);
  await eventually(async () => mine.events.some((e) => e.reportTaskId === id && e.removed === true));
  await new Promise((res) => setTimeout(res, 200));
  assert.deepEqual(theirs.events, [], "another user's socket hears nothing of it");
});

test('a socket without a report right or without a token is refused', async () => {
  const stranger = await connect(await h.token({ rights: [Rights.MENU_MY_ASSET] }));
  assert.deepEqual(stranger, { error: { code: 'NO_ACCESS_RIGHTS', message: 'No access rights' } });
  const anonymous = await connect('');
  assert.ok('error' in anonymous);
  assert.equal(anonymous.error.code, 'UNAUTHORIZED');
});
