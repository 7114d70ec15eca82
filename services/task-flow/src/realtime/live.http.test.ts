import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { io, type Socket } from 'socket.io-client';
import { Rights, socketPath } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, TaskFlowHarness, type Body } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
const sockets: Socket[] = [];
before(async () => {
  h = await TaskFlowHarness.start();
});
after(async () => {
  sockets.forEach((s) => s.close());
  await h.stop();
});

function connect(token: string | undefined): Promise<{ socket: Socket; events: Body[] } | { error: Body }> {
  const socket = io(h.svc.url, { path: socketPath('task-flow'), transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  sockets.push(socket);
  const events: Body[] = [];
  socket.on('task.changed', (t) => events.push({ type: 'task', ...t }));
  socket.on('dashboard.changed', (d) => events.push({ type: 'dashboard', ...d }));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', (err: Error & { data?: unknown }) => resolve({ error: err.data ?? err.message }));
  });
}

describe('live updates over socket.io', () => {
  test('each customer hears only its own tasks; handshakes without a token or rights are refused; sync answers changes since a version', async () => {
    const a = await h.world('Romeo');
    const b = await h.world('Sierra');
    const userA = await h.user('romeo-user', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [a.customerId] });
    const userB = await h.user('sierra-user', [Rights.QA_SHOW], { cid: [b.customerId] });
    const parkA = await h.user('romeo-park', [Rights.QA_SHOW], { pid: [a.parkId] });
    const ca = await connect(userA.token);
    const cb = await connect(userB.token);
    const cp = await connect(parkA.token);
    assert.ok('socket' in ca && 'socket' in cb && 'socket' in cp);
    const noToken = await connect(undefined);
    assert.deepEqual('error' in noToken && noToken.error.code, 'UNAUTHORIZED');
    const noRights = await connect(await h.token({ rights: [Rights.BLADE_SHOW] }));
    assert.deepEqual('error' in noRights && noRights.error.code, 'NO_ACCESS_RIGHTS');
    const forged = await connect(userA.token.slice(0, -4) + 'AAAA');
    assert.deepEqual('error' in forged && forged.error.code, 'UNAUTHORIZED');

    const { taskId } = await h.readyTask(a, '2026-10-01');
    const ready = await eventually(async () => ca.events.find((e) => e.type === 'task' && e.taskId === taskId && e.taskStageTypes[0] === 3 && e.taskStageStatus === 3));
    assert.equal(ready.customerName, 'Romeo Customer');
    await eventually(async () => cp.events.find((e) => e.type === 'task' && e.taskId === taskId && e.taskStageTypes[0] === 3));
    await eventually(async () => ca.events.find((e) => e.type === 'dashboard'));
    // A pick by A's user is pushed with its handler, and its version grows.
    await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: userA.token });
    const picked = await eventually(async () => ca.events.find((e) => e.type === 'task' && e.taskId === taskId && e.handlebyIds[0] === userA.userId));
    assert.ok(picked.version > ready.version);
    // B's connection works (it hears its own task) yet never heard anything of A's.
    const other = await h.readyTask(b, '2026-10-02');
    await eventually(async () => cb.events.find((e) => e.type === 'task' && e.taskId === other.taskId));
    assert.equal(cb.events.some((e) => e.type === 'task' && e.customerId !== b.customerId), false);
    assert.equal(ca.events.some((e) => e.type === 'task' && e.customerId !== a.customerId), false);
    assert.equal(cp.events.some((e) => e.type === 'task' && e.windFarmId !== a.parkId), false);

    // Reconnect: `sync` answers what changed after the last version the client saw, in scope only.
    const sync = await (ca as { socket: Socket }).socket.emitWithAck('sync', { since: ready.version });
    assert.ok(sync.complete);
    assert.ok(sync.latestVersion >= picked.version);
    assert.deepEqual([...new Set(sync.tasks.map((t: Body) => t.taskId))], [taskId]);
    const syncB = await (cb as { socket: Socket }).socket.emitWithAck('sync', { since: 0 });
    assert.ok(syncB.tasks.every((t: Body) => t.customerId === b.customerId));
    const http = await h.api(`${API}/tasks/changes?since=${ready.version}`, { token: userB.token });
    assert.deepEqual([...new Set(http.body.tasks.map((t: Body) => t.taskId))], [other.taskId]);
  });
});
