import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes, errorStatus, type ErrorCode } from '@windward/contracts';
import { API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

describe('inspection campaigns over HTTP', () => {
  let h: DeliveryHarness;
  let customer: string;
  let park: string;
  let external: Body;
  let internal: Body;

  const project = async (name: string, over: Record<string, unknown> = {}) => {
    const r = await h.api(`${API}/projects`, { method: 'POST', json: { projectName: name, subType: 1, customerId: customer, windFarmIds: [park], ...over } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  };
  const campaign = async (projectId: string, name: string, campaignType = 1) => {
    const r = await h.api(`${API}/campaigns`, { method: 'POST', json: { projectId, name, campaignType } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  };
  const campaignRow = async (id: string) => (await h.sql('SELECT name, campaign_type, status, active FROM delivery.inspection_campaign WHERE id = $1', [id]))[0];
  const refused = async (req: Promise<{ status: number; body: Body }>, code: ErrorCode, campaignId?: string) => {
    const count = await h.count('inspection_campaign');
    const row = campaignId ? await campaignRow(campaignId) : undefined;
    const r = await req;
    assert.equal(r.status, errorStatus(code), JSON.stringify(r.body));
    assert.equal(r.body.code, code);
    assert.equal(await h.count('inspection_campaign'), count);
    if (campaignId) assert.deepEqual(await campaignRow(campaignId), row);
  };

  before(async () => {
    h = await DeliveryHarness.start();
    customer = await h.customer('North Sea Wind');
    park = await h.park('Dogger A', customer);
    external = await project('External');
    internal = await project('Internal', { subType: 12 });
  });
  after(async () => h?.stop());

  test('a campaign is created and delivery.campaign.created carries what task-flow keeps; the project announces its campaign types', async () => {
    const c = await campaign(external.projectId, 'Spring blades', 1);
    assert.equal(c.status, 1);
    assert.equal(c.active, true);
    const ev = (await h.published(EventTypes.DeliveryCampaignCreated)).find((e) => e.key === c.campaignId);
    assert.deepEqual(ev.payload, { campaignId: c.campaignId, name: 'Spring blades', projectId: external.projectId, projectType: 1, status: 1, active: true });
    const updated = (await h.published(EventTypes.DeliveryProjectUpdated)).filter((e) => e.key === external.projectId).at(-1);
    assert.deepEqual(updated.payload.campaignTypes, [1]);
  });

  test('-6007: repair and investigation types, and types that do not fit the project sub-type, are refused; nothing is created', async () => {
    await refused(h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: external.projectId, name: 'Repair?', campaignType: 6 } }), -6007);
    await refused(h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: external.projectId, name: 'Investigate?', campaignType: 7 } }), -6007);
    await refused(h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: external.projectId, name: 'Inside?', campaignType: 2 } }), -6007);
    await refused(h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: internal.projectId, name: 'Outside?', campaignType: 1 } }), -6007);
    await campaign(internal.projectId, 'Inside blades', 2);
  });

  test('campaign names are unique, case-insensitively', async () => {
    await refused(h.api(`${API}/campaigns`, { method: 'POST', json: { projectId: external.projectId, name: ' SPRING blades ', campaignType: 3 } }), 'SAME_CAMPAIGN_NAME_EXISTS');
  });

  test('inactive is final: it is announced to task-flow, and setting it active again is refused', async () => {
    const c = await campaign(external.projectId, 'Stopped', 4);
    const off = await h.api(`${API}/campaigns/${c.campaignId}/active`, { method: 'PUT', json: { active: false } });
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    const ev = (await h.published(EventTypes.DeliveryCampaignUpdated)).filter((e) => e.key === c.campaignId).at(-1);
    assert.equal(ev.payload.active, false);
    await refused(h.api(`${API}/campaigns/${c.campaignId}/active`, { method: 'PUT', json: { active: true } }), 'INSPECTION_CAMPAIGN_INACTIVE_FINAL', c.campaignId);
  });

  test('campaign status goes forward only', async () => {
    const c = await campaign(external.projectId, 'Forward', 5);
    assert.equal((await h.api(`${API}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 3 } })).body.status, 3);
    await refused(h.api(`${API}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 2 } }), 'CAMPAIGN_STATUS_CANNOT_GO_BACK', c.campaignId);
  });

  test('-6006: an O&M project closes only after its campaigns, unless forced; an ongoing O&M project freezes its campaigns', async () => {
    const held = await project('Held');
    const c = await campaign(held.projectId, 'Held blades', 1);
    const om = await project('O&M Dogger', { operation: true, subType: null, projectType: 2, affiliatedProjectIds: [held.projectId] });
    const status = (s: number, force?: boolean) => h.api(`${API}/projects/${om.projectId}/status`, { method: 'PUT', json: { projectStatusType: s, ...(force ? { force } : {}) } });
    assert.equal((await status(2)).status, 200);
    await refused(h.api(`${API}/campaigns/${c.campaignId}`, { method: 'PUT', json: { projectId: held.projectId, name: 'Renamed', campaignType: 1 } }), 'INSPECTION_CAMPAIGN_LINKED_TO_OM', c.campaignId);
    const before = await h.projectRow(om.projectId);
    const r = await status(3);
    assert.equal(r.status, errorStatus(-6006));
    assert.equal(r.body.code, -6006);
    assert.deepEqual(await h.projectRow(om.projectId), before);
    const forced = await status(3, true);
    assert.equal(forced.status, 200);
    assert.equal(forced.body.projectStatusType, 3);
  });

  test('an O&M project whose campaigns are finished closes without forcing', async () => {
    const held = await project('Held 2');
    const c = await campaign(held.projectId, 'Held 2 blades', 1);
    const om = await project('O&M Dogger 2', { operation: true, subType: null, projectType: 2, affiliatedProjectIds: [held.projectId] });
    await h.api(`${API}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 3 } });
    await h.api(`${API}/projects/${om.projectId}/status`, { method: 'PUT', json: { projectStatusType: 2 } });
    assert.equal((await h.api(`${API}/projects/${om.projectId}/status`, { method: 'PUT', json: { projectStatusType: 3 } })).status, 200);
  });

  test('the list is filtered and paged on the server', async () => {
    const r = await h.api(`${API}/campaigns?projectId=${external.projectId}&active=true&pageSize=2&fieldToSort=name&descending=false`);
    assert.equal(r.status, 200);
    assert.ok(r.body.results.every((c: Body) => c.active && c.projectId === external.projectId));
    assert.equal(r.body.results.length, 2);
  });
});
