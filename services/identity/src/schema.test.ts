import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pendingSchemaChanges } from '@windward/service-kit/testing';
import { startIdentity, type IdentityApp } from './testing/identity-app.js';

/** The migrations build exactly the tables the entities describe: nothing left for TypeORM to change. */
describe('identity schema', () => {
  let id: IdentityApp;

  before(async () => {
    id = await startIdentity();
  });
  after(async () => {
    await id?.stop();
  });

  test('a freshly migrated database matches the entities', async () => {
    assert.deepEqual(await pendingSchemaChanges(id.sql), []);
  });
});
