import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { HealthLevel, SEVERITY_PALETTE_5, SEVERITY_PALETTE_9, bladeColorLevel, healthScore, severityColor } from './severity.js';
import { ADMIN_ROLE_IDS, RoleId, ROLE_LABELS, canonicalRoleId, isAdminRole, isLabelerRole, isRoleId } from './roles.js';
import { MAX_PAGE_SIZE, normalizePageQuery, pageOffset } from './paging.js';
import { PackageType, TurbinePipelineState } from './package.js';
import { UploadFileStatus, UploadProgress } from './upload.js';

describe('blade colour scheme', () => {
  test('0 empty, 1 TBD, 2 severity 0, 3..8 severity 1..5+', () => {
    assert.equal(bladeColorLevel(null), 0);
    assert.equal(bladeColorLevel(undefined), 0);
    assert.equal(bladeColorLevel(''), 0);
    assert.equal(bladeColorLevel('TBD'), 1);
    assert.equal(bladeColorLevel('tbd'), 1);
    assert.equal(bladeColorLevel(0), 2);
    assert.equal(bladeColorLevel(1), 3);
    assert.equal(bladeColorLevel(5), 7);
    assert.equal(bladeColorLevel(6), 8);
    assert.equal(bladeColorLevel(42), 8);
    assert.equal(bladeColorLevel('3'), 5);
  });
  test('invalid severities count as empty', () => {
    assert.equal(bladeColorLevel(-1), 0);
    assert.equal(bladeColorLevel(Number.NaN), 0);
    assert.equal(bladeColorLevel('abc'), 0);
  });
  test('palettes are 9 and 5 hex colours', () => {
    assert.equal(SEVERITY_PALETTE_9.length, 9);
    assert.equal(SEVERITY_PALETTE_5.length, 5);
    for (const c of [...SEVERITY_PALETTE_9, ...SEVERITY_PALETTE_5]) assert.match(c, /^#[0-9A-F]{6}$/);
    assert.equal(new Set(SEVERITY_PALETTE_9).size, 9);
    assert.equal(severityColor(null), SEVERITY_PALETTE_9[0]);
    assert.equal(severityColor(5), SEVERITY_PALETTE_9[7]);
  });
});

describe('health score', () => {
  test('unknown without O&M in the past year or without turbines', () => {
    assert.equal(healthScore({ turbineMaxSeverities: [5, 5], hasOmInPastYear: false }), HealthLevel.UNKNOWN);
    assert.equal(healthScore({ turbineMaxSeverities: [] }), HealthLevel.UNKNOWN);
  });
  test('excellent: nothing above level 2', () => {
    assert.equal(healthScore({ turbineMaxSeverities: [2, 1, null, 0] }), HealthLevel.EXCELLENT);
    assert.equal(healthScore({ turbineMaxSeverities: [null, null] }), HealthLevel.EXCELLENT);
  });
  test('adequate: defects above 2 but < 30% of turbines at ≥ 4', () => {
    assert.equal(healthScore({ turbineMaxSeverities: [3, 3, 3, 3] }), HealthLevel.ADEQUATE);
    // 2 of 7 = 28.6 % at level ≥ 4
    assert.equal(healthScore({ turbineMaxSeverities: [4, 5, 0, 0, 0, 0, 0] }), HealthLevel.ADEQUATE);
  });
  test('poor: 30% or more of turbines at ≥ 4 (boundary included)', () => {
    assert.equal(healthScore({ turbineMaxSeverities: [4, 5, 4, 0, 0, 0, 0, 0, 0, 0] }), HealthLevel.POOR);
    assert.equal(healthScore({ turbineMaxSeverities: [4, 0, 0] }), HealthLevel.POOR);
    assert.equal(healthScore({ turbineMaxSeverities: [4, 5, 0, 0, 0, 0, 0, 0, 0, 0] }), HealthLevel.ADEQUATE);
  });
});

describe('roles', () => {
  test('ids of SPEC §6', () => {
    assert.equal(RoleId.SA, 100);
    assert.equal(RoleId.REPAIR_TECHNICIAN, 87);
    assert.equal(RoleId.REPORT_REVIEWER, 6);
    assert.deepEqual(
      [...ADMIN_ROLE_IDS].sort((a, b) => a - b),
      [0, 1, 92, 100],
    );
  });
  test('admin roles: 100, 0, 92, 1 only', () => {
    for (const id of [100, 0, 92, 1]) assert.equal(isAdminRole(id), true, String(id));
    for (const id of [91, 90, 3, 89, 88, 87, 2, 4, 5, 6, 99]) assert.equal(isAdminRole(id), false, String(id));
    assert.equal(isAdminRole(null), false);
  });
  test('labeler is role 4', () => {
    assert.equal(isLabelerRole(4), true);
    assert.equal(isLabelerRole(5), false);
    assert.equal(isLabelerRole(undefined), false);
  });
  test('legacy ids', () => {
    assert.equal(canonicalRoleId(0), 100);
    assert.equal(canonicalRoleId(1), 92);
    assert.equal(canonicalRoleId(3), 90);
    assert.equal(canonicalRoleId(88), 88);
    assert.equal(isRoleId(7), false);
    assert.equal(ROLE_LABELS.en_us[3], ROLE_LABELS.en_us[90]);
  });
});

describe('paging', () => {
  test('normalises strings and clamps', () => {
    assert.deepEqual(normalizePageQuery({ pageIndex: '2', pageSize: '50', descending: 'true', fieldToSort: 'name' }), {
      pageIndex: 2,
      pageSize: 50,
      descending: true,
      fieldToSort: 'name',
    });
    assert.deepEqual(normalizePageQuery({ pageIndex: -3, pageSize: 0 }), { pageIndex: 1, pageSize: 1 });
    assert.deepEqual(normalizePageQuery({ pageIndex: 'x', pageSize: 1e9 }), { pageIndex: 1, pageSize: MAX_PAGE_SIZE });
    assert.equal(normalizePageQuery({ descending: 'false' }).descending, false);
  });
  test('offset', () => {
    assert.equal(pageOffset({ pageIndex: 1, pageSize: 20 }), 0);
    assert.equal(pageOffset({ pageIndex: 3, pageSize: 20 }), 40);
  });
});

describe('package, pipeline and upload codes', () => {
  test('package types include 10 and 11, not 9', () => {
    assert.deepEqual(Object.values(PackageType), [1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
  });
  test('pipeline state confirmed is 5001', () => {
    assert.equal(TurbinePipelineState.CONFIRMED, 5001);
    assert.equal(TurbinePipelineState.NOT_CONFIRMED, 6);
  });
  test('upload file statuses 0..8 and progress 1..8', () => {
    assert.deepEqual(Object.values(UploadFileStatus), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(UploadFileStatus.FAILED, 8);
    assert.deepEqual(Object.values(UploadProgress), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(UploadProgress.IMPORTED, 8);
  });
});
