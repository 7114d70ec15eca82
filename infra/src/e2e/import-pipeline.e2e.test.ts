import { after, before, describe, test } from 'node:test';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { droneUploadToSortAndRemove } from './pipeline.js';

/** The drone-upload pipeline on the default (PostgreSQL) bus; kafka.e2e.test.ts runs it on Kafka. */
describe('import pipeline end to end', () => {
  let p: TestPlatform;
  let admin: string;

  before(async () => {
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
  });
  after(async () => {
    await p?.stop();
  });

  test('create an upload task, post a ZIP of photos, complete it: the task walks to sort and remove, the inspection has tiled images', async () => {
    await droneUploadToSortAndRemove(p, admin);
  });
});
