import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startTestPlatform, type TestPlatform } from '../e2e/harness.js';
import { seedLarge } from './large.js';

let p: TestPlatform;
before(async () => {
  p = await startTestPlatform({ fromScratch: true, seedDemo: false, services: ['identity', 'asset'] });
});
after(async () => {
  await p?.stop();
});

test('the large seeder fills asset with parks, turbines and 3 blades each, readable through the API', async () => {
  const r = await seedLarge(p.databaseUrl, { customers: 3, parks: 12, turbinesPerPark: 5 });
  assert.equal(r.turbines, 60);
  const c = new pg.Client({ connectionString: p.databaseUrl });
  await c.connect();
  const [{ parks, blades }] = (
    await c.query(`SELECT (SELECT count(*)::int FROM asset.wind_park) AS parks, (SELECT count(*)::int FROM asset.blade) AS blades`)
  ).rows;
  await c.end();
  assert.equal(parks, 12);
  assert.equal(blades, 180);
  const admin = await p.login('admin', 'Wind@2026');
  const list = (await (await p.api('/context/api/v1/plants?pageSize=5&fieldToSort=windFarmName', { token: admin })).json()) as {
    totalCount: number;
    results: { windFarmId: string; turbineCount: number }[];
  };
  assert.equal(list.totalCount, 12);
  assert.equal(list.results[0]!.turbineCount, 5);
});
