import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_RIGHTS,
  ALL_TRUE_RIGHT_ENTRIES,
  DEFAULT_ROLE_RIGHTS,
  MENU_RIGHTS,
  RIGHT_LABELS,
  SHOW_EDIT_AREAS,
  Rights,
  hasRight,
  isRight,
  rightsForRoles,
  toRightEntries,
} from './rights.js';
import { ROLE_IDS } from './enums/roles.js';

describe('rights catalogue', () => {
  test('26 menu rights, all prefixed', () => {
    assert.equal(MENU_RIGHTS.length, 26);
    assert.ok(MENU_RIGHTS.includes('menu.myAsset'));
    assert.ok(MENU_RIGHTS.includes('menu.dprActivityConfiguration'));
  });
  test('the 18 show/edit pairs of SPEC §6 plus organization edit', () => {
    const areas = [
      'blade',
      'nacelle',
      'tower',
      'foundation',
      'lps',
      'projectCenter',
      'userList',
      'customerList',
      'organizationList',
      'assetConfig',
      'defectConfig',
      'progressDashboard',
      'approvalTasks',
      'dataManagement',
      'dataIntegration',
      'repairPlan',
      'performanceStatistics',
      'dprActivityConfig',
    ];
    assert.equal(areas.length, 18);
    assert.deepEqual([...SHOW_EDIT_AREAS], areas);
    for (const a of areas) {
      assert.ok(isRight(`${a}.show`), `${a}.show`);
      assert.ok(isRight(`${a}.edit`), `${a}.edit`);
    }
    assert.ok(isRight('performanceStatistics.organizationEdit'));
  });
  test('keys are unique and labelled in both languages', () => {
    assert.equal(new Set(ALL_RIGHTS).size, ALL_RIGHTS.length);
    for (const r of ALL_RIGHTS) {
      assert.ok(RIGHT_LABELS.en_us[r], `en ${r}`);
      assert.ok(RIGHT_LABELS.zh_cn[r], `zh ${r}`);
    }
  });
  test('isRight', () => {
    assert.equal(isRight('blade.edit'), true);
    assert.equal(isRight('blade.delete'), false);
  });
});

describe('hasRight', () => {
  const list = [
    { key: Rights.BLADE_SHOW, value: true },
    { key: Rights.BLADE_EDIT, value: false },
  ];
  test('granted only when present and true', () => {
    assert.equal(hasRight(list, 'blade.show'), true);
    assert.equal(hasRight(list, 'blade.edit'), false);
  });
  test('unknown labels and missing lists are denied', () => {
    assert.equal(hasRight(list, 'tower.show'), false);
    assert.equal(hasRight(list, 'not.a.right'), false);
    assert.equal(hasRight(null, 'blade.show'), false);
    assert.equal(hasRight([], 'blade.show'), false);
  });
  test('truthy non-boolean values do not grant', () => {
    assert.equal(hasRight([{ key: 'blade.show', value: 'true' as unknown as boolean }], 'blade.show'), false);
  });
  test('entries from granted rights', () => {
    const entries = toRightEntries(['qa.show']);
    assert.equal(entries.length, ALL_RIGHTS.length);
    assert.equal(hasRight(entries, 'qa.show'), true);
    assert.equal(hasRight(entries, 'qa.edit'), false);
    assert.ok(ALL_TRUE_RIGHT_ENTRIES.every((e) => e.value));
  });
});

describe('default role matrix', () => {
  test('every role id has an entry with known rights', () => {
    for (const id of ROLE_IDS) {
      assert.ok(Array.isArray(DEFAULT_ROLE_RIGHTS[id]), `role ${id}`);
      for (const r of DEFAULT_ROLE_RIGHTS[id]) assert.ok(isRight(r), `${id}: ${r}`);
    }
  });
  test('administrators get everything, legacy ids too', () => {
    for (const id of [100, 0, 92, 1] as const) assert.equal(DEFAULT_ROLE_RIGHTS[id].length, ALL_RIGHTS.length);
  });
  test('customer roles are read-only except CA user list', () => {
    for (const id of [89, 88] as const) {
      const rights = DEFAULT_ROLE_RIGHTS[id];
      assert.ok(rights.includes('blade.show'));
      assert.ok(!rights.some((r) => r.endsWith('.edit')), `role ${id}`);
    }
    assert.ok(DEFAULT_ROLE_RIGHTS[90].includes('userList.edit'));
    assert.deepEqual(DEFAULT_ROLE_RIGHTS[3], DEFAULT_ROLE_RIGHTS[90]);
    assert.ok(!DEFAULT_ROLE_RIGHTS[90].includes('customerList.edit'));
  });
  test('data reviewer reads and does QA only', () => {
    const dr = DEFAULT_ROLE_RIGHTS[91];
    assert.ok(dr.includes('qa.edit'));
    assert.ok(dr.includes('userList.show'));
    assert.ok(!dr.includes('userList.edit'));
    assert.ok(!dr.includes('blade.edit'));
  });
  test('labeler, pilot, technician, engineer, report reviewer', () => {
    assert.deepEqual([...DEFAULT_ROLE_RIGHTS[4]].sort(), ['qa.edit', 'qa.show', 'tab.inspectionTask']);
    assert.ok(DEFAULT_ROLE_RIGHTS[2].includes('menu.dataImport'));
    assert.ok(!DEFAULT_ROLE_RIGHTS[2].includes('blade.show'));
    assert.ok(DEFAULT_ROLE_RIGHTS[87].includes('repair.edit'));
    assert.ok(DEFAULT_ROLE_RIGHTS[5].includes('bladeLink.manage'));
    assert.ok(DEFAULT_ROLE_RIGHTS[5].includes('blade.edit'));
    assert.ok(DEFAULT_ROLE_RIGHTS[6].includes('menu.searchExport'));
    assert.ok(!DEFAULT_ROLE_RIGHTS[6].includes('repair.edit'));
  });
  test('rightsForRoles is the union, unknown roles add nothing', () => {
    const u = rightsForRoles([4, 2]);
    assert.ok(u.includes('qa.edit') && u.includes('menu.dataImport'));
    assert.equal(u.length, new Set([...DEFAULT_ROLE_RIGHTS[4], ...DEFAULT_ROLE_RIGHTS[2]]).size);
    assert.deepEqual(rightsForRoles([12345]), []);
    assert.deepEqual(rightsForRoles([]), []);
    assert.equal(rightsForRoles([100, 4]).length, ALL_RIGHTS.length);
  });
});
