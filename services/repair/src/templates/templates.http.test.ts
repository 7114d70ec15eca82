import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Rights, isSeedText } from '@windward/contracts';
import { API, RepairHarness } from '../testing/repair-harness.js';
import { DEMO_TEMPLATES, DemoTemplates } from './demo-templates.js';

let h: RepairHarness;
before(async () => {
  h = await RepairHarness.start();
});
after(async () => {
  await h?.stop();
});

const step = (name: string, description = 'do it') => ({ name, description });

describe('repair-step templates', () => {
  test('create, read, list (paged, sorted), update and delete a template', async () => {
    const c = await h.api(`${API}/templates`, { method: 'POST', json: { name: 'Leading edge', steps: [step('Clean'), step('Fill')] } });
    assert.equal(c.status, 201);
    assert.deepEqual(c.body.steps, [step('Clean'), step('Fill')]);
    assert.equal(c.body.inUse, false);
    await h.api(`${API}/templates`, { method: 'POST', json: { name: 'Another', steps: [step('One')] } });
    const list = await h.api(`${API}/templates?pageIndex=1&pageSize=1&fieldToSort=name&descending=false`);
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 2);
    assert.equal(list.body.results[0].name, 'Another');
    const u = await h.api(`${API}/templates/${c.body.id}`, { method: 'PUT', json: { name: 'Leading edge v2', steps: [step('Clean')] } });
    assert.equal(u.status, 200);
    assert.equal(u.body.name, 'Leading edge v2');
    const d = await h.api(`${API}/templates/${c.body.id}`, { method: 'DELETE' });
    assert.equal(d.status, 204);
    assert.equal((await h.api(`${API}/templates/${c.body.id}`)).body.code, -13003);
  });

  test('every refusing rule answers its SPEC code and changes nothing (-13001…-13008)', async () => {
    const existing = await h.api(`${API}/templates`, { method: 'POST', json: { name: 'Taken', steps: [step('A')] } });
    const post = (json: unknown) => ({ method: 'POST', json });
    await h.refused(`${API}/templates`, post({ name: 'taken', steps: [step('A')] }), -13001);
    await h.refused(`${API}/templates`, post({ name: 'No steps', steps: [] }), -13002);
    await h.refused(`${API}/templates`, post({ name: 'No steps' }), -13002);
    await h.refused(`${API}/templates`, post({ name: 'Dup', steps: [step('Sand'), step(' sand ')] }), -13004);
    await h.refused(`${API}/templates`, post({ name: 'Blank step', steps: [step('  ')] }), -13005);
    await h.refused(`${API}/templates`, post({ name: 'No description', steps: [{ name: 'X', description: '' }] }), -13006);
    await h.refused(`${API}/templates`, post({ name: '  ', steps: [step('A')] }), -13008);
    await h.refused(`${API}/templates`, post({ steps: [step('A')] }), -13008);
    const other = await h.api(`${API}/templates`, post({ name: 'Other', steps: [step('A')] }));
    await h.refused(`${API}/templates/${other.body.id}`, { method: 'PUT', json: { name: 'TAKEN', steps: [step('A')] } }, -13001);
    await h.refused(`${API}/templates/${other.body.id}`, { method: 'PUT', json: { name: 'Other', steps: [] } }, -13002);
    await h.refused(`${API}/templates/00000000-0000-4000-8000-000000000000`, { method: 'PUT', json: { name: 'Z', steps: [step('A')] } }, -13003);
    await h.refused(`${API}/templates/00000000-0000-4000-8000-000000000000`, { method: 'DELETE' }, -13003);
    await h.refused(`${API}/templates/not-a-uuid`, { method: 'DELETE' }, -13003);
    assert.equal(existing.status, 201);
  });

  test('a template used by a plan cannot be deleted (-13007)', async () => {
    const p = await h.park('Tpl park');
    const defects = await h.defects(p, 1);
    const plan = await h.plan(defects);
    const templateId = (await h.api(`${API}/plans/${plan.id}/defects`)).body.results[0].templateId;
    assert.ok(templateId);
    assert.equal((await h.api(`${API}/templates/${templateId}`)).body.inUse, true);
    await h.refused(`${API}/templates/${templateId}`, { method: 'DELETE' }, -13007);
  });

  test('with SEED_DEMO=true the demo templates exist once, also after a restart', async () => {
    const demo = await RepairHarness.start({ SEED_DEMO: 'true' });
    try {
      const names = (await demo.api(`${API}/templates`)).body.results.map((t: { name: string }) => t.name);
      assert.deepEqual(names.sort(), DEMO_TEMPLATES.map((t) => t.name).sort());
      // Shown in the reader's language by the console (contracts SEED_TEXTS).
      for (const t of DEMO_TEMPLATES) for (const x of [t.name, ...t.steps.flatMap((st) => [st.name, st.description])]) assert.ok(isSeedText(x), x);
      await demo.svc.app.get(DemoTemplates).onApplicationBootstrap();
      assert.equal((await demo.api(`${API}/templates`)).body.totalCount, DEMO_TEMPLATES.length);
    } finally {
      await demo.stop();
      process.env.SEED_DEMO = 'false';
    }
  });

  test('writing templates needs the repair template edit right; reading needs a repair right', async () => {
    const reader = await h.token({ rights: [Rights.MENU_REPAIR_CONFIGURATION] });
    assert.equal((await h.api(`${API}/templates`, { token: reader })).status, 200);
    await h.refused(`${API}/templates`, { method: 'POST', token: reader, json: { name: 'Nope', steps: [step('A')] } }, 'NO_ACCESS_RIGHTS');
    const nobody = await h.token({ rights: [Rights.MENU_MY_ASSET] });
    assert.equal((await h.api(`${API}/templates`, { token: nobody })).body.code, 'NO_ACCESS_RIGHTS');
  });
});
