import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@windward/contracts';
import type { SelectQueryBuilder } from 'typeorm';
import { listParam, pageRows, parsePage, type PageRowsOptions } from './paging.js';
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

test('pageRows sorts by the mapped column, NULLS LAST unless told where nulls go, then by the tie-break', async () => {
  const orderOf = async (descending: boolean, options?: PageRowsOptions) => {
    const calls: unknown[][] = [];
    const qb = {
      orderBy: (...a: unknown[]) => (calls.push(['orderBy', ...a]), qb),
      addOrderBy: (...a: unknown[]) => (calls.push(['addOrderBy', ...a]), qb),
      skip: (n: number) => (calls.push(['skip', n]), qb),
      take: (n: number) => (calls.push(['take', n]), qb),
      getManyAndCount: async () => [[], 0],
    };
    const page = parsePage({ pageIndex: '2', pageSize: '5', descending: String(descending) }, ['name'], { sortField: 'name' });
    assert.deepEqual(await pageRows(qb as unknown as SelectQueryBuilder<object>, page, { name: 'x.name' }, 'x.id', options), [[], 0]);
    assert.deepEqual(calls.slice(1), [['addOrderBy', 'x.id'], ['skip', 5], ['take', 5]]);
    return calls[0];
  };
  assert.deepEqual(await orderOf(false), ['orderBy', 'x.name', 'ASC', 'NULLS LAST']);
  assert.deepEqual(await orderOf(true), ['orderBy', 'x.name', 'DESC', 'NULLS LAST']);
  assert.deepEqual(await orderOf(false, { nulls: 'smallest' }), ['orderBy', 'x.name', 'ASC', 'NULLS FIRST']);
  assert.deepEqual(await orderOf(true, { nulls: 'smallest' }), ['orderBy', 'x.name', 'DESC', 'NULLS LAST']);
  assert.deepEqual(await orderOf(false, { nulls: 'largest' }), ['orderBy', 'x.name', 'ASC', undefined]);
  assert.deepEqual(await orderOf(true, { nulls: 'largest' }), ['orderBy', 'x.name', 'DESC', undefined]);
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
