import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MENU_RIGHTS } from '@windward/contracts';
import { ALL_MENU_IDS, MENU_CATALOGUE, withParents } from './menu.catalogue.js';

test('every menu right of the contracts is in the catalogue exactly once, ids are unique', () => {
  assert.deepEqual([...MENU_CATALOGUE.map((m) => m.right)].sort(), [...MENU_RIGHTS].sort());
  assert.equal(new Set(ALL_MENU_IDS).size, ALL_MENU_IDS.length);
});

test('parents exist and come before their children (the seed inserts in catalogue order)', () => {
  MENU_CATALOGUE.forEach((m, i) => {
    if (m.parentId === null) return;
    const parentIndex = MENU_CATALOGUE.findIndex((p) => p.id === m.parentId);
    assert.ok(parentIndex >= 0 && parentIndex < i, `menu ${m.id}`);
  });
});

test('choosing a sub-menu brings its parent along', () => {
  assert.deepEqual(withParents([9]), [7, 9]);
  assert.deepEqual(withParents([1, 26, 22]), [1, 21, 22, 26]);
});
