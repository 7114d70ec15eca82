import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { io, type Socket } from 'socket.io-client';
import { Rights, socketPath } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, RepairHarness, type Body } from '../testing/repair-harness.js';

let h: RepairHarness;
const sockets: Socket[] = [];
before(async () => {
  h = await RepairHarness.start();
});
after(async () => {
  sockets.forEach((s) => s.close());
  await h?.stop();
});

function connect(token: string): Promise<{ socket: Socket; events: Body[] } | { error: Body }> {
  const socket = io(h.svc.url, { path: socketPath('repair'), transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  const events: Body[] = [];
  socket.on('campaign.changed', (e) => events.push(e));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', (err: Error & { data?: unknown }) => resolve({ error: err.data ?? err.message }));
  });
}

test('watchers of a park hear that its campaign changed when repair work is recorded; other parks and callers without repair rights do not', async () => {
  const a = await h.park('Live A');
  const b = await h.park('Live B');
  const ids = await h.defects(a, 1);
  const plan = await h.plan(ids);
  const c = await h.campaign(plan, ids);
  const watcherA = await connect(await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], pid: [a.parkId] }));
  const watcherB = await connect(await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], pid: [b.parkId] }));
  const stranger = await connect(await h.token({ rights: [Rights.MENU_MY_ASSET] }));
  assert.ok('socket' in watcherA && 'socket' in watcherB);
  assert.deepEqual(stranger, { error: { code: 'NO_ACCESS_RIGHTS', message: 'No access rights' } });
  const r = await h.api(`${API}/campaigns/${c.id}/defects/${ids[0]}/records`, {
    method: 'POST',
    json: { repairDate: '2026-04-02', distanceToRoot: 3, outcome: 6 },
  });
  assert.equal(r.status, 201);
  await eventually(async () => watcherA.events.some((e) => e.campaignId === c.id));
  await new Promise((res) => setTimeout(res, 200));
  assert.deepEqual(watcherB.events, []);
});
