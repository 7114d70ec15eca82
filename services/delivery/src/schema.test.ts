import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@windward/service-kit/testing';
import { DeliveryHarness } from './testing/delivery-harness.js';

describe('delivery schema', () => {
  let h: DeliveryHarness;
  before(async () => {
    h = await DeliveryHarness.start();
  });
  after(async () => h?.stop());

  test('the migrations create exactly what the entities describe (nothing left for TypeORM to change)', async () => {
    const pending = await pendingSchemaChanges(h.svc.app.get(DataSource));
    assert.deepEqual(pending, []);
  });
});
