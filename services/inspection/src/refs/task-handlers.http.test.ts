import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

/** docs/roles.md: the handler of a task always sees its inspection data, whatever their scope. */
describe('task handlers see the inspection of their task', () => {
  let h: InspectionHarness;
  let inspectionId: string;
  let customerId: string;

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Dogger Handler');
    customerId = park.customerId;
    const turbineId = await h.turbine(park.parkId, 'DH-01', 80);
    inspectionId = (await h.inspection(turbineId, '2026-05-01')).inspectionId;
  });
  after(async () => h?.stop());

  const handler = async (taskId: string, handlerId: string | null) => {
    await h.publish(EventTypes.TaskflowHandlerChanged, taskId, { taskId, inspectionId, handlerId });
    await eventually(async () => {
      const rows = await h.sql('SELECT handler_id FROM inspection.task_handler_ref WHERE task_id = $1', [taskId]);
      return handlerId ? rows[0]?.handler_id === handlerId : rows.length === 0;
    });
  };
  const reads = async (token: string) =>
    Promise.all(
      [
        `${BASE}/inspections/${inspectionId}`,
        `${BASE}/inspections/${inspectionId}/images`,
        `${BASE}/defects?inspectionId=${inspectionId}&includeSuggested=true`,
        `${BASE}/inspections/${inspectionId}/labeling-status`,
        `${BASE}/inspections/${inspectionId}/sort-and-remove`,
        `${BASE}/customers/${customerId}/defect-templates`,
      ].map(async (url) => (await h.api(url, { token })).status),
    );

  test('out of scope: 404 until the user handles the task, and again once they no longer do', async () => {
    const taskId = randomUUID();
    const liu = randomUUID();
    const rights = [Rights.QA_SHOW, Rights.QA_EDIT, Rights.BLADE_SHOW];
    // A labeler assigned to another customer (or to none at all).
    const token = await h.token({ sub: liu, rights, cid: [randomUUID()] });
    const none = await h.token({ sub: liu, rights, cid: [] });
    assert.deepEqual(await reads(token), [404, 404, 404, 404, 404, 404]);

    await handler(taskId, liu);
    assert.deepEqual(await reads(token), [200, 200, 200, 200, 200, 200]);
    assert.deepEqual(await reads(none), [200, 200, 200, 200, 200, 200]);
    // Someone else with the same scope still sees nothing: the exception is the handler's only.
    const other = await h.token({ sub: randomUUID(), rights, cid: [randomUUID()] });
    assert.deepEqual(await reads(other), [404, 404, 404, 404, 404, 404]);

    await handler(taskId, null);
    assert.deepEqual(await reads(token), [404, 404, 404, 404, 404, 404]);
  });
});
