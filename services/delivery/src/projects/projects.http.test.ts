import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorStatus, type ErrorCode } from '@windward/contracts';
import { API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

describe('projects over HTTP', () => {
  let h: DeliveryHarness;
  let north: string;
  let small: string;
  let parkA: string;
  let parkB: string;
  let smallPark: string;
  let tA: string[];
  let tB: string[];
  let tSmall: string[];

  const body = (over: Record<string, unknown> = {}) => ({
    projectName: `P-${randomUUID().slice(0, 8)}`,
    subType: 1,
    customerId: north,
    windFarmIds: [parkA],
    externalTurbineIds: [tA[0]],
    projectStartTime: '2026-01-01T00:00:00Z',
    projectCompleteTime: '2026-12-31T00:00:00Z',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const r = await h.api(`${API}/projects`, { method: 'POST', json: body(over) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as Body;
  };
  /** A refusal changes nothing: same number of projects, and the project (when given) as it was. */
  const refusedWithoutChange = async (req: Promise<{ status: number; body: Body }>, code: ErrorCode, id?: string) => {
    const countBefore = await h.count('project');
    const rowBefore = id ? await h.projectRow(id) : undefined;
    const r = await req;
    assert.equal(r.status, errorStatus(code), JSON.stringify(r.body));
    assert.equal(r.body.code, code);
    assert.equal(await h.count('project'), countBefore);
    if (id) assert.deepEqual(await h.projectRow(id), rowBefore);
  };

  before(async () => {
    h = await DeliveryHarness.start();
    north = await h.customer('North Sea Wind');
    small = await h.customer('Small Wind', 2);
    parkA = await h.park('Dogger A', north);
    parkB = await h.park('Dogger B', north);
    smallPark = await h.park('Tiny', small);
    tA = await h.turbines(parkA, 'A01', 'A02', 'A03');
    tB = await h.turbines(parkB, 'B01');
    tSmall = await h.turbines(smallPark, 'S1', 'S2', 'S3');
  });
  after(async () => h?.stop());

  test('a list row shows its parks in order with names, customer and organization names, and its campaign counts, as its single read does', async () => {
    const org = randomUUID();
    await h.sql(`INSERT INTO delivery.organization_ref (organization_id, name) VALUES ($1, 'Blade Team')`, [org]);
    const p = await create({ projectName: 'Counted', windFarmIds: [parkB, parkA], externalTurbineIds: [tA[0], tB[0]] });
    await h.sql('UPDATE delivery.project SET organization_id = $1 WHERE id = $2', [org, p.projectId]);
    const campaigns: string[] = [];
    for (const name of ['done', 'running', 'stopped', 'waiting', 'done too']) {
      const r = await h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: p.projectId, name, campaignType: 1 } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      campaigns.push(r.body.campaignId);
    }
    await h.sql('UPDATE delivery.inspection_campaign SET status = 3 WHERE id = ANY($1::uuid[])', [[campaigns[0], campaigns[4]]]);
    await h.sql('UPDATE delivery.inspection_campaign SET status = 2 WHERE id = $1', [campaigns[1]]);
    await h.sql('UPDATE delivery.inspection_campaign SET status = 2, active = false WHERE id = $1', [campaigns[2]]);
    const row = (await h.api(`${API}/projects?projectName=Counted`)).body.results[0] as Body;
    assert.deepEqual(row.windFarms, [
      { id: parkB, name: 'Dogger B' },
      { id: parkA, name: 'Dogger A' },
    ]);
    assert.equal(row.windFarmName, 'Dogger B, Dogger A');
    assert.deepEqual(
      [row.customerName, row.organizationName, row.completedCount, row.processingCount],
      ['North Sea Wind', 'Blade Team', 2, 1],
    );
    assert.deepEqual(row, (await h.api(`${API}/projects/${p.projectId}`)).body);
  });

  test('create maps the sub-type to its project type (SPEC §3) and publishes delivery.project.created with what asset keeps', async () => {
    const p = await create({
      projectName: 'Manual external',
      subType: 3,
      internalTurbineIds: [tA[1]],
      externalTurbineIds: [tA[0], tA[2]],
      plannedVolume: 30,
      operators: [{ id: randomUUID(), name: 'Ann' }],
    });
    assert.equal(p.projectType, 5, 'sub-type 3 → manual');
    assert.equal(p.projectStatusType, 1);
    assert.equal(p.customerName, 'North Sea Wind');
    assert.equal(p.windFarmName, 'Dogger A');
    const lps = await create({ projectName: 'LPS', subType: 22 });
    assert.equal(lps.projectType, 4, 'sub-type 22 → import');
    const internal = await create({ projectName: 'Internal 11', subType: 11 });
    assert.equal(internal.projectType, 5);
    const ev = (await h.published(EventTypes.DeliveryProjectCreated)).find((e) => e.key === p.projectId);
    assert.deepEqual(ev.payload, {
      projectId: p.projectId,
      projectName: 'Manual external',
      status: 1,
      projectType: 5,
      customerId: north,
      windFarmIds: [parkA],
      turbineIds: [tA[0], tA[2], tA[1]],
      operation: false,
      campaignTypes: [],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      defectTemplateId: null,
    });
  });

  test('a sub-type that belongs to another project type is refused; nothing is created', async () => {
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ subType: 12, projectType: 5 }) }),
      'VALIDATION_FAILED',
    );
    await refusedWithoutChange(h.api(`${API}/projects`, { method: 'POST', json: body({ subType: 99 }) }), 'VALIDATION_FAILED');
  });

  test('-6000: a start after the end is refused; nothing is created', async () => {
    await refusedWithoutChange(
      h.api(`${API}/projects`, {
        method: 'POST',
        json: body({ projectStartTime: '2026-05-02T00:00:00Z', projectCompleteTime: '2026-05-01T00:00:00Z' }),
      }),
      -6000,
    );
  });

  test('-6001 / -6002: repeated internal or external inspection turbines are refused; nothing is created or changed', async () => {
    await refusedWithoutChange(h.api(`${API}/projects`, { method: 'POST', json: body({ internalTurbineIds: [tA[0], tA[0]] }) }), -6001);
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ externalTurbineIds: [tA[1], tA[2], tA[1]] }) }),
      -6002,
    );
    const p = await create();
    await refusedWithoutChange(
      h.api(`${API}/projects/${p.projectId}`, { method: 'PUT', json: body({ internalTurbineIds: [tA[2], tA[2]] }) }),
      -6001,
      p.projectId,
    );
  });

  test("turbines outside the project's parks, unknown parks and another customer's parks are refused", async () => {
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ externalTurbineIds: [tB[0]] }) }),
      'VALIDATION_FAILED',
    );
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ windFarmIds: [randomUUID()] }) }),
      'VALIDATION_FAILED',
    );
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ windFarmIds: [smallPark], externalTurbineIds: [] }) }),
      'VALIDATION_FAILED',
    );
  });

  test("manual projects respect the customer's turbine quota; other types do not", async () => {
    const over = { customerId: small, windFarmIds: [smallPark], subType: 3, externalTurbineIds: tSmall };
    await refusedWithoutChange(h.api(`${API}/projects`, { method: 'POST', json: body(over) }), 'TURBINE_LIMIT_EXCEEDED');
    // No turbines listed = every turbine of the parks (3 > 2).
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ ...over, externalTurbineIds: [] }) }),
      'TURBINE_LIMIT_EXCEEDED',
    );
    await create({ ...over, externalTurbineIds: tSmall.slice(0, 2) });
    await create({ ...over, subType: 4 });
  });

  test('status goes pending → processing → completed and never back; each change is published', async () => {
    const p = await create({ projectName: 'Lifecycle' });
    const to = (s: number) => h.api(`${API}/projects/${p.projectId}/status`, { method: 'PUT', json: { projectStatusType: s } });
    assert.equal((await to(2)).body.projectStatusType, 2);
    await refusedWithoutChange(to(1), 'PROJECT_STATUS_CANNOT_GO_BACK', p.projectId);
    assert.equal((await to(3)).body.projectStatusType, 3);
    await refusedWithoutChange(to(2), 'PROJECT_STATUS_CANNOT_GO_BACK', p.projectId);
    await refusedWithoutChange(to(1), 'PROJECT_STATUS_CANNOT_GO_BACK', p.projectId);
    const statuses = (await h.published(EventTypes.DeliveryProjectStatusChanged))
      .filter((e) => e.key === p.projectId)
      .map((e) => e.payload.status);
    assert.deepEqual(statuses, [2, 3]);
  });

  test('-6004: a started project cannot be deleted; a pending one can, and delivery.project.deleted is published', async () => {
    const started = await create();
    await h.api(`${API}/projects/${started.projectId}/status`, { method: 'PUT', json: { projectStatusType: 2 } });
    await refusedWithoutChange(h.api(`${API}/projects/${started.projectId}`, { method: 'DELETE' }), -6004, started.projectId);
    const pending = await create();
    assert.equal((await h.api(`${API}/projects/${pending.projectId}`, { method: 'DELETE' })).status, 204);
    assert.equal(await h.projectRow(pending.projectId), undefined);
    assert.ok((await h.published(EventTypes.DeliveryProjectDeleted)).some((e) => e.payload.id === pending.projectId));
  });

  test('O&M projects: -6008 duplicated name, -6003 affiliated parks, -6005 one O&M project per link; a held project is frozen', async () => {
    const inA = await create({ projectName: 'Inspection A' });
    const inB = await create({ projectName: 'Inspection B', windFarmIds: [parkB], externalTurbineIds: [] });
    const om = await create({
      projectName: 'O&M North',
      operation: true,
      windFarmIds: [parkA],
      externalTurbineIds: [],
      affiliatedProjectIds: [inA.projectId],
    });
    assert.deepEqual(om.affiliatedProjectIds, [inA.projectId]);
    assert.equal((await h.projectRow(inA.projectId)).operation_project_id, om.projectId);

    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', json: body({ projectName: ' o&m NORTH ', operation: true }) }),
      -6008,
    );
    // An inspection project may share an O&M project's name: the rule is about O&M names.
    await create({ projectName: 'O&M North' });
    await refusedWithoutChange(
      h.api(`${API}/projects`, {
        method: 'POST',
        json: body({
          projectName: 'O&M wide',
          operation: true,
          windFarmIds: [parkA],
          externalTurbineIds: [],
          affiliatedProjectIds: [inB.projectId],
        }),
      }),
      -6003,
    );
    await refusedWithoutChange(
      h.api(`${API}/projects`, {
        method: 'POST',
        json: body({
          projectName: 'O&M second',
          operation: true,
          windFarmIds: [parkA, parkB],
          externalTurbineIds: [],
          affiliatedProjectIds: [inA.projectId],
        }),
      }),
      -6005,
    );
    await refusedWithoutChange(
      h.api(`${API}/projects/${inA.projectId}`, { method: 'PUT', json: body({ projectName: 'Renamed' }) }),
      'ASSOCIATED_TO_OM_CANNOT_EDIT',
      inA.projectId,
    );
    await refusedWithoutChange(
      h.api(`${API}/projects/${inA.projectId}`, { method: 'PUT', json: body({ subType: 4 }) }),
      'PROJECT_TYPE_CANNOT_BE_MODIFIED',
      inA.projectId,
    );
    await refusedWithoutChange(
      h.api(`${API}/projects/${inA.projectId}`, { method: 'DELETE' }),
      'ASSOCIATED_TO_OM_CANNOT_DELETE',
      inA.projectId,
    );

    // Releasing it from the O&M project unfreezes it.
    const released = await h.api(`${API}/projects/${om.projectId}`, {
      method: 'PUT',
      json: body({ projectName: 'O&M North', operation: true, windFarmIds: [parkA], externalTurbineIds: [], affiliatedProjectIds: [] }),
    });
    assert.equal(released.status, 200, JSON.stringify(released.body));
    assert.equal((await h.api(`${API}/projects/${inA.projectId}`, { method: 'PUT', json: body({ projectName: 'Renamed' }) })).status, 200);
  });

  test('O&M projects need the operation project rights; plain project rights do not create or close them', async () => {
    const pm = await h.token({ rights: [Rights.PROJECT_CENTER_SHOW, Rights.PROJECT_CENTER_EDIT] });
    await refusedWithoutChange(
      h.api(`${API}/projects`, { method: 'POST', token: pm, json: body({ projectName: 'O&M nope', operation: true }) }),
      'NO_ACCESS_RIGHTS',
    );
    const viewer = await h.token({ rights: [Rights.PROJECT_CENTER_SHOW] });
    await refusedWithoutChange(h.api(`${API}/projects`, { method: 'POST', token: viewer, json: body() }), 'NO_ACCESS_RIGHTS');
    assert.equal((await h.api(`${API}/projects`, { token: await h.token({ rights: [] }) })).status, 403);
  });

  test('a project with inspection data keeps its defect template', async () => {
    const p = await create({ defectTemplateId: randomUUID() });
    const other = await create({ defectTemplateId: randomUUID() });
    await h.inspection(tA[0]!, parkA, '2026-03-01');
    await refusedWithoutChange(
      h.api(`${API}/projects/${p.projectId}`, { method: 'PUT', json: body({ defectTemplateId: randomUUID() }) }),
      'PROJECT_HAS_INSPECTION_DATA',
      p.projectId,
    );
    // Outside its time range the inspection is not the project's data.
    const later = await create({
      projectStartTime: '2027-01-01T00:00:00Z',
      projectCompleteTime: '2027-02-01T00:00:00Z',
      defectTemplateId: randomUUID(),
    });
    assert.equal(
      (
        await h.api(`${API}/projects/${later.projectId}`, {
          method: 'PUT',
          json: body({
            projectStartTime: '2027-01-01T00:00:00Z',
            projectCompleteTime: '2027-02-01T00:00:00Z',
            defectTemplateId: randomUUID(),
          }),
        })
      ).status,
      200,
    );
    assert.ok(other.projectId);
  });

  test('the summary counts turbines and inspections per park for the requested sub-type', async () => {
    const p = await create({ projectName: 'Summary', internalTurbineIds: [tA[1]], externalTurbineIds: [tA[0], tA[2]] });
    await h.inspection(tA[2]!, parkA, '2026-04-01', 1);
    const all = await h.api(`/context/api/v1/projects/${p.projectId}/summary`);
    assert.equal(all.status, 200);
    assert.equal(all.body.inspectionSubtype, 0);
    assert.equal(all.body.turbineCount, 3);
    assert.equal(all.body.inspectedTurbineCount, 2, 'A01 (earlier test) and A03');
    assert.deepEqual(all.body.windFarms, [{ windFarmId: parkA, windFarmName: 'Dogger A', turbineCount: 3, inspectedTurbineCount: 2 }]);
    const internal = await h.api(`/context/api/v1/projects/${p.projectId}/summary?inspectionSubtype=2`);
    assert.equal(internal.body.turbineCount, 1);
    assert.equal(internal.body.inspectedTurbineCount, 0);
    const tower = await h.api(`/context/api/v1/projects/${p.projectId}/summary?inspectionType=2`);
    assert.equal(tower.body.inspectedTurbineCount, 0);
    assert.equal((await h.api(`/context/api/v1/projects/${randomUUID()}/summary`)).status, 404);
    assert.equal((await h.api(`/context/api/v1/projects/${p.projectId}/summary?inspectionSubtype=7`)).status, 400);
  });

  test('the list pages, filters and sorts on the server within the caller’s data scope', async () => {
    const page = await h.api(`${API}/projects?pageIndex=1&pageSize=2&fieldToSort=projectName&customerId=${north}`);
    assert.equal(page.status, 200);
    assert.equal(page.body.results.length, 2);
    const names = (
      await h.api(`${API}/projects?pageSize=500&fieldToSort=projectName&descending=false&customerId=${north}`)
    ).body.results.map((p: Body) => p.projectName);
    const desc = (await h.api(`${API}/projects?pageSize=500&fieldToSort=projectName&descending=true&customerId=${north}`)).body.results.map(
      (p: Body) => p.projectName,
    );
    assert.deepEqual(desc, [...names].reverse());
    assert.ok(names.indexOf('Inspection B') < names.indexOf('Summary'));
    assert.equal(page.body.totalCount, names.length);
    const om = await h.api(`${API}/projects?operation=true`);
    assert.ok(om.body.results.every((p: Body) => p.operation));
    assert.equal((await h.api(`${API}/projects?fieldToSort=nope`)).status, 400);

    const scoped = await h.token({ rights: [Rights.PROJECT_CENTER_SHOW], cid: [small], pid: [smallPark] });
    const mine = await h.api(`${API}/projects?pageSize=500`, { token: scoped });
    assert.ok(mine.body.results.length > 0);
    assert.ok(mine.body.results.every((p: Body) => p.customerId === small));
    const northProject = names.length ? (await h.api(`${API}/projects?pageSize=1&customerId=${north}`)).body.results[0].projectId : '';
    assert.equal((await h.api(`${API}/projects/${northProject}`, { token: scoped })).status, 404);
    assert.equal((await h.api(`/context/api/v1/projects/${northProject}/summary`, { token: scoped })).status, 404);
  });
});
