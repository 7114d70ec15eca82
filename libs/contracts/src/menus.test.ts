import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MENU_CATALOGUE, MENU_TREE } from './menus.js';
import { MENU_RIGHTS, Rights } from './rights.js';

test('the catalogue derived from the tree is the stored one (ids are in customers’ menu lists)', () => {
  const R = Rights;
  // The asset service's catalogue before the tree became its source; it must never change.
  assert.deepEqual(MENU_CATALOGUE, [
    { id: 1, right: R.MENU_MY_ASSET, parentId: null },
    { id: 2, right: R.MENU_INSPECTION_CENTER, parentId: null },
    { id: 3, right: R.MENU_WIND_FARM_OVERVIEW, parentId: 2 },
    { id: 4, right: R.MENU_TURBINE_COMPONENT, parentId: 2 },
    { id: 5, right: R.MENU_INSPECTION_CAMPAIGN, parentId: 2 },
    { id: 6, right: R.MENU_INVESTIGATION, parentId: 2 },
    { id: 7, right: R.MENU_REPAIR_CENTER, parentId: null },
    { id: 8, right: R.MENU_REPAIR_OVERVIEW, parentId: 7 },
    { id: 9, right: R.MENU_REPAIR_CAMPAIGN, parentId: 7 },
    { id: 10, right: R.MENU_REPAIR_PLAN, parentId: 7 },
    { id: 11, right: R.MENU_DATA_CENTER, parentId: null },
    { id: 12, right: R.MENU_SEARCH_EXPORT, parentId: 11 },
    { id: 13, right: R.MENU_DATA_IMPORT, parentId: 11 },
    { id: 14, right: R.MENU_DATA_INSIGHT, parentId: 11 },
    { id: 15, right: R.MENU_DELIVERY_CENTER, parentId: null },
    { id: 16, right: R.MENU_PROGRESS_DASHBOARD, parentId: 15 },
    { id: 17, right: R.MENU_PERFORMANCE_STATISTICS, parentId: 15 },
    { id: 18, right: R.MENU_PENDING_APPROVALS, parentId: 15 },
    { id: 19, right: R.MENU_DAILY_PROGRESS_REPORT, parentId: 15 },
    { id: 20, right: R.MENU_CAMPAIGN_MANAGEMENT, parentId: 15 },
    { id: 21, right: R.MENU_CONFIGURATION_CENTER, parentId: null },
    { id: 22, right: R.MENU_USER_CENTER, parentId: 21 },
    { id: 23, right: R.MENU_ASSET_CONFIGURATION, parentId: 21 },
    { id: 24, right: R.MENU_DEFECT_CONFIGURATION, parentId: 21 },
    { id: 25, right: R.MENU_REPAIR_CONFIGURATION, parentId: 21 },
    { id: 26, right: R.MENU_DPR_ACTIVITY_CONFIGURATION, parentId: 21 },
  ]);
  assert.deepEqual([...MENU_CATALOGUE.map((m) => m.right)].sort(), [...MENU_RIGHTS].sort());
});

test('a tree entry has an id exactly when it has a menu right', () => {
  for (const node of MENU_TREE.flatMap((n) => [n, ...(n.children ?? [])])) {
    assert.equal(node.id !== undefined, node.menuRight !== undefined, node.key);
  }
});
