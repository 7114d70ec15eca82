import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@windward/contracts';
import { listParam, parsePage } from './paging.js';
import { scopeIds, canSeeCustomer } from '../auth/data-scope.js';

test('parsePage reads 1-based pages, clamps sizes and defaults the sort', () => {
  assert.deepEqual(parsePage({ pageIndex: '3', pageSize: '10' }, ['name'], { sortField: 'name' }), {
    skip: 20,
    take: 10,
    pageIndex: 3,
    pageSize: 10,
    sortField: 'name',
    descending: false,
  });
  const p = parsePage({ pageIndex: '-4', pageSize: '99999', descending: 'true' }, ['name'], { sortField: 'name' });
  assert.equal(p.pageIndex, 1);
  assert.equal(p.pageSize, 500);
  assert.equal(p.descending, true);
});

test('parsePage refuses sorting by a field that is not listed', () => {
  assert.throws(
    () => parsePage({ fieldToSort: 'password_hash; drop table' }, ['name'], { sortField: 'name' }),
    (e: unknown) => e instanceof AppError && e.code === 'VALIDATION_FAILED',
  );
});

test('listParam accepts comma-separated and repeated values', () => {
  assert.deepEqual(listParam('a, b,,c'), ['a', 'b', 'c']);
  assert.deepEqual(listParam(['a', 'b,c']), ['a', 'b', 'c']);
  assert.deepEqual(listParam(undefined), []);
});

test('data scope: unrestricted callers see all, others only their ids', () => {
  assert.equal(scopeIds(null), undefined);
  assert.deepEqual(scopeIds(null, ['x']), ['x']);
  assert.deepEqual(scopeIds(['a', 'b']), ['a', 'b']);
  assert.deepEqual(scopeIds(['a', 'b'], ['b', 'z']), ['b']);
  const u = { userId: 'u', username: 'u', displayName: 'u', roles: [90], rights: [], customerIds: ['c1'], parkIds: null, organizationId: null, sessionId: null };
  assert.equal(canSeeCustomer(u, 'c1'), true);
  assert.equal(canSeeCustomer(u, 'c2'), false);
  assert.equal(canSeeCustomer({ ...u, customerIds: null }, 'c2'), true);
});
