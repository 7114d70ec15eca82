import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Rights, errorStatus, type ErrorCode } from '@windward/contracts';
import { API, DPR_API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

describe('DPR activities, templates and daily progress reports over HTTP', () => {
  let h: DeliveryHarness;
  let flown: Body;
  let processed: Body;
  let template: Body;
  let project: Body;
  let manager: string;
  let approver: string;

  const refused = async (req: Promise<{ status: number; body: Body }>, code: ErrorCode, table: string, id?: string) => {
    const count = await h.count(table);
    const row = id ? (await h.sql(`SELECT * FROM delivery.${table} WHERE id = $1`, [id]))[0] : undefined;
    const r = await req;
    assert.equal(r.status, errorStatus(code), JSON.stringify(r.body));
    assert.equal(r.body.code, code);
    assert.equal(await h.count(table), count);
    if (id) assert.deepEqual((await h.sql(`SELECT * FROM delivery.${table} WHERE id = $1`, [id]))[0], row);
  };
  const dprBody = (over: Record<string, unknown> = {}) => ({
    projectId: project.projectId,
    reportDate: '2026-06-01',
    items: [{ activityId: flown.activityId, planned: 10, done: 8 }],
    weather: 'Wind 14 m/s',
    downtimeHours: 2.5,
    comments: 'Gusts in the afternoon',
    ...over,
  });

  before(async () => {
    h = await DeliveryHarness.start();
    const customer = await h.customer('North Sea Wind');
    const park = await h.park('Dogger A', customer);
    flown = (await h.api(`${DPR_API}/dpr-activities`, { method: 'POST', json: { name: 'Turbines flown', unit: 'turbines' } })).body;
    processed = (await h.api(`${DPR_API}/dpr-activities`, { method: 'POST', json: { name: 'Images processed' } })).body;
    template = (await h.api(`${DPR_API}/dpr-templates`, { method: 'POST', json: { name: 'Offshore', activityIds: [flown.activityId] } })).body;
    project = (await h.api(`${API}/projects`, { method: 'POST', json: { projectName: 'With DPR', subType: 1, customerId: customer, windFarmIds: [park], dprTemplateId: template.templateId } })).body;
    manager = await h.token({ username: 'cm', rights: [Rights.CAMPAIGN_MANAGER_SHOW, Rights.DPR_SHOW] });
    approver = await h.token({ username: 'pm', rights: [Rights.DPR_SHOW, Rights.DPR_APPROVE] });
  });
  after(async () => h?.stop());

  test('activity and template names are unique; a template lists known activities once', async () => {
    await refused(h.api(`${DPR_API}/dpr-activities`, { method: 'POST', json: { name: 'turbines FLOWN' } }), 'NAME_DUPLICATED', 'dpr_activity');
    await refused(h.api(`${DPR_API}/dpr-templates`, { method: 'POST', json: { name: 'offshore', activityIds: [] } }), 'NAME_DUPLICATED', 'dpr_template');
    await refused(h.api(`${DPR_API}/dpr-templates`, { method: 'POST', json: { name: 'Twice', activityIds: [flown.activityId, flown.activityId] } }), 'VALIDATION_FAILED', 'dpr_template');
    assert.equal(template.activities[0].name, 'Turbines flown');
  });

  test('-8001: an activity a template lists cannot be deleted; an unused one can', async () => {
    await refused(h.api(`${DPR_API}/dpr-activities/${flown.activityId}`, { method: 'DELETE' }), -8001, 'dpr_activity', flown.activityId);
    const spare = (await h.api(`${DPR_API}/dpr-activities`, { method: 'POST', json: { name: 'Spare' } })).body;
    assert.equal((await h.api(`${DPR_API}/dpr-activities/${spare.activityId}`, { method: 'DELETE' })).status, 204);
  });

  test('-8002: a template a project uses cannot be deleted; an unused one can', async () => {
    await refused(h.api(`${DPR_API}/dpr-templates/${template.templateId}`, { method: 'DELETE' }), -8002, 'dpr_template', template.templateId);
    const spare = (await h.api(`${DPR_API}/dpr-templates`, { method: 'POST', json: { name: 'Spare', activityIds: [processed.activityId] } })).body;
    assert.equal((await h.api(`${DPR_API}/dpr-templates/${spare.templateId}`, { method: 'DELETE' })).status, 204);
    const list = await h.api(`${DPR_API}/dpr-templates`);
    assert.equal(list.body.results.find((t: Body) => t.templateId === template.templateId).projectCount, 1);
  });

  test('a DPR is submitted, approved, and then refused on edit and delete', async () => {
    const submitted = await h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody() });
    assert.equal(submitted.status, 201, JSON.stringify(submitted.body));
    assert.equal(submitted.body.status, 'SUBMITTED');
    assert.equal(submitted.body.submittedByName, 'cm');
    assert.deepEqual(submitted.body.items, [{ activityId: flown.activityId, activityName: 'Turbines flown', unit: 'turbines', planned: 10, done: 8 }]);
    const id = submitted.body.dprId;
    // Campaign managers do not approve their own reports.
    assert.equal((await h.api(`${DPR_API}/dprs/${id}/approve`, { method: 'PUT', token: manager, json: {} })).status, 403);
    const approved = await h.api(`${DPR_API}/dprs/${id}/approve`, { method: 'PUT', token: approver, json: { comment: 'Fine' } });
    assert.equal(approved.status, 200);
    assert.equal(approved.body.status, 'APPROVED');
    assert.equal(approved.body.reviewedByName, 'pm');
    await refused(h.api(`${DPR_API}/dprs/${id}`, { method: 'PUT', token: manager, json: dprBody({ comments: 'changed' }) }), 'DPR_APPROVED_CANNOT_CHANGE', 'dpr', id);
    await refused(h.api(`${DPR_API}/dprs/${id}`, { method: 'DELETE', token: manager }), 'DPR_APPROVED_CANNOT_CHANGE', 'dpr', id);
    await refused(h.api(`${DPR_API}/dprs/${id}/reject`, { method: 'PUT', token: approver, json: { comment: 'late' } }), 'DPR_NOT_PENDING_APPROVAL', 'dpr', id);
  });

  test('a rejected DPR needs a comment, can be edited and goes back to waiting for approval', async () => {
    const id = (await h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-02' }) })).body.dprId;
    await refused(h.api(`${DPR_API}/dprs/${id}/reject`, { method: 'PUT', token: approver, json: {} }), 'REQUIRED', 'dpr', id);
    const rejected = await h.api(`${DPR_API}/dprs/${id}/reject`, { method: 'PUT', token: approver, json: { comment: 'Numbers do not add up' } });
    assert.equal(rejected.body.status, 'REJECTED');
    const edited = await h.api(`${DPR_API}/dprs/${id}`, { method: 'PUT', token: manager, json: dprBody({ reportDate: '2026-06-02', items: [{ activityId: flown.activityId, planned: 10, done: 10 }] }) });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.status, 'SUBMITTED');
    assert.equal(edited.body.reviewComment, null);
    assert.equal((await h.api(`${DPR_API}/dprs/${id}`, { method: 'DELETE', token: manager })).status, 204);
  });

  test('photos: uploaded and checked like inspection photos, attached by id, read by who may see the report; bad ones refused with nothing kept', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 120, b: 150 } } }).jpeg().toBuffer();
    const up = await h.photo(jpeg, 'site.jpg', manager);
    assert.equal(up.status, 201, JSON.stringify(up.body));
    assert.deepEqual([up.body.width, up.body.height], [40, 30]);
    const photos = await h.count('dpr_photo');
    // Not an image, a renamed PNG that is not one, a broken JPEG: refused, nothing stored.
    for (const [bytes, name, code] of [
      [Buffer.from('MZ'), 'site.exe', -11003],
      [Buffer.from('not a png'), 'site.png', -11003],
      [jpeg.subarray(0, 200), 'cut.jpg', -11002],
    ] as const) {
      const r = await h.photo(bytes, name, manager);
      assert.equal(r.body.code, code, `${name}: ${JSON.stringify(r.body)}`);
    }
    assert.equal(await h.count('dpr_photo'), photos);
    // Only a campaign manager uploads.
    assert.equal((await h.photo(jpeg, 'x.jpg', approver)).status, 403);
    // Before it is on a report only its uploader reads it.
    assert.equal((await h.api(`${DPR_API}/dpr-photos/${up.body.photoId}`, { token: manager })).status, 200);
    assert.equal((await h.api(`${DPR_API}/dpr-photos/${up.body.photoId}`, { token: approver })).status, 404);
    // Attached on submit; then whoever sees the report reads the bytes.
    const sent = await h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-05', photos: [up.body.photoId] }) });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    assert.deepEqual(sent.body.photos, [up.body.photoId]);
    const bytes = await h.api(`${DPR_API}/dpr-photos/${up.body.photoId}`, { token: approver });
    assert.equal(bytes.status, 200);
    assert.equal(bytes.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(bytes.bytes, jpeg);
    const outsider = await h.token({ rights: [Rights.DPR_SHOW], cid: [randomUUID()] });
    assert.equal((await h.api(`${DPR_API}/dpr-photos/${up.body.photoId}`, { token: outsider })).status, 404);
    // Unknown ids, another user's photo, a photo already on another report: refused, nothing saved.
    const other = await h.token({ username: 'cm2', rights: [Rights.CAMPAIGN_MANAGER_SHOW, Rights.DPR_SHOW] });
    const theirs = (await h.photo(jpeg, 'theirs.jpg', other)).body.photoId;
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-06', photos: [randomUUID()] }) }), 'VALIDATION_FAILED', 'dpr');
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-06', photos: [theirs] }) }), 'VALIDATION_FAILED', 'dpr');
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-06', photos: [up.body.photoId] }) }), 'VALIDATION_FAILED', 'dpr');
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate: '2026-06-06', photos: ['https://evil.example/x.jpg'] }) }), 'VALIDATION_FAILED', 'dpr');
    // Editing keeps the report's own photo and may add a new one.
    const second = (await h.photo(jpeg, 'second.jpg', manager)).body.photoId;
    const edited = await h.api(`${DPR_API}/dprs/${sent.body.dprId}`, { method: 'PUT', token: manager, json: dprBody({ reportDate: '2026-06-05', photos: [up.body.photoId, second] }) });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual(edited.body.photos, [up.body.photoId, second]);
  });

  test("items must be activities of the project's template, each once", async () => {
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ items: [{ activityId: processed.activityId, planned: 1, done: 1 }] }) }), 'VALIDATION_FAILED', 'dpr');
    await refused(
      h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ items: [{ activityId: flown.activityId, planned: 1, done: 1 }, { activityId: flown.activityId, planned: 1, done: 1 }] }) }),
      'VALIDATION_FAILED',
      'dpr',
    );
    await refused(h.api(`${DPR_API}/dprs`, { method: 'POST', token: approver, json: dprBody() }), 'NO_ACCESS_RIGHTS', 'dpr');
  });

  test('the list filters by project and status and pages on the server', async () => {
    const r = await h.api(`${DPR_API}/dprs?projectId=${project.projectId}&status=APPROVED`, { token: approver });
    assert.equal(r.status, 200);
    assert.equal(r.body.totalCount, 1);
    assert.equal(r.body.results[0].projectName, 'With DPR');
  });
  test('a list row equals its single read; sorts, date range, paging and scope on the server', async () => {
    for (const [reportDate, downtimeHours] of [['2026-07-03', 1.25], ['2026-07-01', null], ['2026-07-02', 0]] as const) {
      const r = await h.api(`${DPR_API}/dprs`, { method: 'POST', token: manager, json: dprBody({ reportDate, downtimeHours }) });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    const list = async (query: string, token = approver) => {
      const r = await h.api(`${DPR_API}/dprs?projectId=${project.projectId}${query}`, { token });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body as Body;
    };
    const all = await list('&pageSize=100');
    assert.ok(all.totalCount >= 5);
    // Newest report first by default; every row as GET /dprs/:id answers it (dates, numbers, photos, items).
    const dates = all.results.map((d: Body) => d.reportDate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    for (const row of all.results) assert.deepEqual(row, (await h.api(`${DPR_API}/dprs/${row.dprId}`, { token: approver })).body);
    const july = await list('&from=2026-07-01&to=2026-07-02&fieldToSort=reportDate&descending=false');
    assert.deepEqual([july.totalCount, july.results.map((d: Body) => [d.reportDate, d.downtimeHours])], [2, [['2026-07-01', null], ['2026-07-02', 0]]]);
    const second = await list('&from=2026-07-01&fieldToSort=reportDate&descending=false&pageSize=2&pageIndex=2');
    assert.deepEqual([second.totalCount, second.results.map((d: Body) => d.reportDate)], [3, ['2026-07-03']]);
    const past = await list('&from=2026-07-01&pageSize=2&pageIndex=5');
    assert.deepEqual([past.totalCount, past.results], [3, []]);
    const byStatus = (await list('&fieldToSort=status&descending=false&pageSize=100')).results.map((d: Body) => d.status);
    assert.deepEqual(byStatus, [...byStatus].sort());
    assert.equal((await h.api(`${DPR_API}/dprs?fieldToSort=comments`, { token: approver })).body.code, 'VALIDATION_FAILED');
    // Another customer's reader sees none of these reports.
    const other = await h.token({ username: 'other', rights: [Rights.DPR_SHOW], cid: [randomUUID()] });
    assert.equal((await list('', other)).totalCount, 0);
  });
});
