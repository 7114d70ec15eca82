import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { EventTypes, Rights, TaskStage, socketPath } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, DeliveryHarness, DPR_API, type Body } from '../testing/delivery-harness.js';

describe('progress dashboard over HTTP and socket.io', () => {
  let h: DeliveryHarness;
  let project: Body;
  let park: string;
  let otherPark: string;
  let turbines: string[];
  const sockets: Socket[] = [];

  const connect = (token: string) =>
    new Promise<{ socket: Socket; events: Body[] }>((resolve, reject) => {
      const socket = io(h.svc.url, { path: socketPath('delivery'), transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(socket);
      const events: Body[] = [];
      socket.on('progress.changed', (e: Body) => events.push(e));
      socket.on('connect', () => resolve({ socket, events }));
      socket.on('connect_error', reject);
    });

  before(async () => {
    h = await DeliveryHarness.start();
    const customer = await h.customer('North Sea Wind');
    const other = await h.customer('Gobi Renewables');
    park = await h.park('Dogger A', customer);
    otherPark = await h.park('Bayan', other);
    turbines = await h.turbines(park, 'A01', 'A02');
    project = (
      await h.api(`${API}/projects`, {
        method: 'POST',
        json: {
          projectName: 'Live',
          subType: 1,
          customerId: customer,
          windFarmIds: [park],
          projectStartTime: '2026-01-01T00:00:00Z',
          projectCompleteTime: '2026-12-31T00:00:00Z',
        },
      })
    ).body;
    await h.api(`${API}/projects/${project.projectId}/status`, { method: 'PUT', json: { projectStatusType: 2 } });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  after(async () => h?.stop());

  test('a completed stage moves the project on the dashboard and nudges open dashboards in scope only', async () => {
    const pm = await h.token({ rights: [Rights.PROGRESS_DASHBOARD_SHOW], cid: null, pid: [park] });
    const outsider = await h.token({ rights: [Rights.PROGRESS_DASHBOARD_SHOW], pid: [otherPark] });
    const mine = await connect(pm);
    const theirs = await connect(outsider);
    const inspectionId = await h.inspection(turbines[0]!, park, '2026-03-01');
    const before = (await h.api(`/gw/delivery/api/v2/progress/projects?projectId=${project.projectId}`, { token: pm })).body.results[0];
    assert.equal(before.turbinesPlanned, 2);
    assert.equal(before.turbinesInspected, 1);
    assert.deepEqual(before.stages, []);
    await h.publish(EventTypes.TaskflowStageCompleted, randomUUID(), {
      taskId: randomUUID(),
      inspectionId,
      stage: TaskStage.UPLOAD,
      nextStage: TaskStage.AUTO_PROCESSING,
    });
    await eventually(async () => mine.events.some((e) => e.projectId === project.projectId), 10000);
    const after = (await h.api(`/gw/delivery/api/v2/progress/projects?projectId=${project.projectId}`, { token: pm })).body.results[0];
    assert.deepEqual(after.stages, [{ stage: TaskStage.UPLOAD, inspections: 1 }]);
    assert.equal(theirs.events.length, 0, 'a dashboard outside the project scope hears nothing');
  });

  test("a project's figures are kept until something they read is written: a turbine, the project (reports: next test)", async () => {
    const row = async () => (await h.api(`/gw/delivery/api/v2/progress/projects?projectId=${project.projectId}`)).body.results[0];
    const first = await row();
    // A write the change log does not see (triggers off for that session) shows the figures are kept...
    await h.sql(
      `SET session_replication_role = replica; INSERT INTO delivery.turbine_ref (turbine_id, wind_farm_id, name) VALUES (gen_random_uuid(), '${park}', 'Unseen'); RESET session_replication_role`,
    );
    assert.deepEqual(await row(), first, 'the kept figures, not a new computation');
    // ...and a turbine arriving from asset (logged) gives new ones: both turbines count now.
    await h.turbines(park, 'A09');
    assert.equal((await row()).turbinesPlanned, first.turbinesPlanned + 2);
    // The project itself changed (one turbine listed; a hand-run UPDATE, so not even its updated_at): its parks' versions move.
    await h.sql(`UPDATE delivery.project SET internal_turbine_ids = ARRAY[$1]::uuid[] WHERE id = $2`, [turbines[0], project.projectId]);
    assert.equal((await row()).turbinesPlanned, 1);
    await h.sql(`UPDATE delivery.project SET internal_turbine_ids = '{}' WHERE id = $1`, [project.projectId]);
  });

  test('approved DPRs add up per activity; the dashboard needs its rights', async () => {
    const act = (await h.api(`${DPR_API}/dpr-activities`, { method: 'POST', json: { name: 'Turbines flown' } })).body;
    // Asked before the reports: their writes must move the kept figures on.
    assert.deepEqual((await h.api(`/gw/delivery/api/v2/progress/projects?projectId=${project.projectId}`)).body.results[0].dpr, []);
    for (const day of ['2026-06-01', '2026-06-02']) {
      const d = (
        await h.api(`${DPR_API}/dprs`, {
          method: 'POST',
          json: { projectId: project.projectId, reportDate: day, items: [{ activityId: act.activityId, planned: 5, done: 4 }] },
        })
      ).body;
      await h.api(`${DPR_API}/dprs/${d.dprId}/approve`, { method: 'PUT', json: {} });
    }
    const row = (await h.api(`/gw/delivery/api/v2/progress/projects?projectId=${project.projectId}`)).body.results[0];
    assert.deepEqual(row.dpr, [{ activityName: 'Turbines flown', planned: 10, done: 8 }]);
    assert.equal(
      (await h.api('/gw/delivery/api/v2/progress/projects', { token: await h.token({ rights: [Rights.DPR_SHOW] }) })).status,
      403,
    );
    await assert.rejects(connect(await h.token({ rights: [Rights.DPR_SHOW] })));
  });
});
