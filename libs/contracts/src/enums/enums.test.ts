import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  ComponentType,
  COMPONENT_TYPE_LABELS,
  ParkListKind,
  SectionType,
  componentTypeOfSection,
  isComponentType,
  parkListKindOf,
  sectionTypeOfComponent,
} from './component.js';
import { DEFAULT_LOCALE, LOCALES, isEnumValue, isLocale, labelOf, toLocale } from './locale.js';
import {
  QaStatus,
  REPAIR_PRIORITY_MONTHS,
  RepairCampaignStatus,
  RepairPriority,
  RepairStatus,
  canChangeRepairProgress,
  repairDueDate,
} from './repair.js';
import { DPS_SORT_PRIORITY, DpsStatus, compareDpsStatus } from './dps.js';
import {
  DprStatus,
  InspectionCampaignState,
  PROJECT_SUB_TYPES,
  ProjectStatusCode,
  ProjectSubTypeGroup,
  ProjectType,
  canChangeInspectionCampaignState,
  canChangeProjectStatus,
  canEditDpr,
  isProjectSubType,
  projectStatusFromCode,
  projectStatusToCode,
  projectSubTypeGroup,
  projectSubTypesOfGroup,
  projectTypeOfSubType,
} from './project.js';
import { InvestigationStatus, canChangeInvestigationStatus, INVESTIGATION_STATUS_LABELS } from './investigation.js';

describe('locale', () => {
  test('en_us is the default and both locales exist', () => {
    assert.equal(DEFAULT_LOCALE, 'en_us');
    assert.deepEqual([...LOCALES], ['en_us', 'zh_cn']);
  });
  test('isLocale / toLocale', () => {
    assert.equal(isLocale('zh_cn'), true);
    assert.equal(isLocale('zh-CN'), false);
    assert.equal(toLocale('zh-CN'), 'zh_cn');
    assert.equal(toLocale(' ZH_CN '), 'zh_cn');
    assert.equal(toLocale('fr_fr'), 'en_us');
    assert.equal(toLocale(undefined), 'en_us');
  });
  test('labelOf picks the locale', () => {
    assert.equal(labelOf(COMPONENT_TYPE_LABELS, 2, 'zh_cn'), '塔筒');
    assert.equal(labelOf(COMPONENT_TYPE_LABELS, 2), 'Tower');
  });
  test('isEnumValue', () => {
    assert.equal(isEnumValue(RepairStatus, 6), true);
    assert.equal(isEnumValue(RepairStatus, 7), false);
    assert.equal(isEnumValue(SectionType, 'LPS'), true);
    assert.equal(isEnumValue(SectionType, 'lps'), false);
  });
});

describe('component type codes', () => {
  test('part-1 values 1..5 select their park list', () => {
    assert.equal(parkListKindOf(1), ParkListKind.BLADE);
    assert.equal(parkListKindOf(2), ParkListKind.TOWER);
    assert.equal(parkListKindOf(3), ParkListKind.FOUNDATION);
    assert.equal(parkListKindOf(4), ParkListKind.NACELLE);
    assert.equal(parkListKindOf(5), ParkListKind.BLADE_INTERNAL);
  });
  test('any other part-1 value selects the LPS list', () => {
    for (const v of [0, 6, -1, 99, Number.NaN, null, undefined]) assert.equal(parkListKindOf(v), ParkListKind.LPS);
  });
  test('part-2 coding: 0 is LPS, others agree with part-1', () => {
    assert.equal(ComponentType.LPS, 0);
    assert.equal(ComponentType.BLADE_EXTERNAL, 1);
    assert.equal(ComponentType.BLADE_INTERNAL, 5);
    assert.equal(isComponentType(0), true);
    assert.equal(isComponentType(6), false);
    assert.equal(isComponentType('1'), false);
  });
  test('section types map both ways', () => {
    assert.equal(sectionTypeOfComponent(0), 'LPS');
    assert.equal(sectionTypeOfComponent(5), 'BLADE_INTERNAL');
    assert.equal(componentTypeOfSection('TOWER'), 2);
    assert.equal(componentTypeOfSection('BLADE'), 1);
    assert.deepEqual(Object.keys(SectionType), ['BLADE', 'TOWER', 'FOUNDATION', 'NACELLE', 'BLADE_INTERNAL', 'LPS']);
  });
});

describe('repair', () => {
  test('repair status codes as the spec gives them', () => {
    assert.deepEqual(RepairStatus, { NOT_STARTED: 1, ON_GOING: 2, COMPLETED: 3, FAILED: 4, WONT_FIXED: 5, FIXED: 6 });
    assert.deepEqual(QaStatus, { PASS: 1, PASS_WITH_ISSUE: 2, FAIL: 3 });
    assert.deepEqual(RepairCampaignStatus, { NOT_STARTED: 0, ONGOING: 1, COMPLETED: 2 });
  });
  test('never back to not started', () => {
    assert.equal(canChangeRepairProgress(1, 0), false);
    assert.equal(canChangeRepairProgress(2, 0), false);
    assert.equal(canChangeRepairProgress(2, 0, { bySystem: true }), false);
  });
  test('not started → ongoing/completed only by the system', () => {
    assert.equal(canChangeRepairProgress(0, 1), false);
    assert.equal(canChangeRepairProgress(0, 2), false);
    assert.equal(canChangeRepairProgress(0, 1, { bySystem: true }), true);
    assert.equal(canChangeRepairProgress(1, 2), true);
    assert.equal(canChangeRepairProgress(2, 1), true);
    assert.equal(canChangeRepairProgress(0, 0), true);
  });
  test('repair priorities and month offsets', () => {
    assert.deepEqual(RepairPriority, { IMMEDIATELY: 1, WITHIN_1_MONTH: 2, WITHIN_3_MONTHS: 3, WITHIN_6_MONTHS: 4 });
    assert.deepEqual(REPAIR_PRIORITY_MONTHS, { 1: 0, 2: 1, 3: 3, 4: 6 });
  });
  test('repair due date adds months and clamps month end', () => {
    const from = new Date(Date.UTC(2024, 0, 31, 8));
    assert.equal(repairDueDate(from, 1).toISOString(), '2024-01-31T08:00:00.000Z');
    assert.equal(repairDueDate(from, 2).toISOString(), '2024-02-29T08:00:00.000Z');
    assert.equal(repairDueDate(from, 3).toISOString(), '2024-04-30T08:00:00.000Z');
    assert.equal(repairDueDate(from, 4).toISOString(), '2024-07-31T08:00:00.000Z');
  });
});

describe('DPS status', () => {
  test('codes', () => {
    assert.deepEqual(DpsStatus, { DELETED: 0, APPROVED: 1, PENDING: 2, PM_REJECTED: 3, CUSTOMER_REJECTED: 4 });
  });
  test('sort: customer-rejected, pending, PM-rejected, approved, deleted', () => {
    const sorted = [0, 1, 2, 3, 4].sort(compareDpsStatus);
    assert.deepEqual(sorted, [4, 2, 3, 1, 0]);
    assert.equal(DPS_SORT_PRIORITY[4], 0);
  });
  test('unknown statuses sort last', () => {
    assert.deepEqual([9, 0, 4].sort(compareDpsStatus), [4, 0, 9]);
  });
});

describe('projects', () => {
  test('project types', () => {
    assert.deepEqual(ProjectType, { PROOF_OF_CONCEPT: 1, DELIVERY_IAAS: 2, DELIVERY_DAAS: 3, IMPORT: 4, MANUAL: 5 });
  });
  test('client status ↔ protocol code', () => {
    assert.equal(projectStatusToCode('NOT_STARTED'), 1);
    assert.equal(projectStatusToCode('IN_PROGRESS'), 2);
    assert.equal(projectStatusToCode('FINISHED'), 3);
    assert.equal(projectStatusFromCode(1), 'NOT_STARTED');
    assert.equal(projectStatusFromCode(3), 'FINISHED');
  });
  test('completed projects never go back', () => {
    assert.equal(canChangeProjectStatus(ProjectStatusCode.COMPLETED, ProjectStatusCode.PROCESSING), false);
    assert.equal(canChangeProjectStatus(3, 1), false);
    assert.equal(canChangeProjectStatus(1, 2), true);
    assert.equal(canChangeProjectStatus(2, 3), true);
    assert.equal(canChangeProjectStatus(2, 1), false);
  });
  test('sub-type → type mapping exactly as the spec', () => {
    const expected: Record<number, number> = { 1: 1, 2: 1, 3: 5, 4: 4, 11: 5, 12: 4, 13: 5, 14: 4, 21: 4, 22: 4, 23: 4 };
    assert.equal(PROJECT_SUB_TYPES.length, 11);
    for (const s of PROJECT_SUB_TYPES) assert.equal(projectTypeOfSubType(s), expected[s], `sub-type ${s}`);
  });
  test('sub-type groups', () => {
    assert.deepEqual(projectSubTypesOfGroup(ProjectSubTypeGroup.EXTERNAL), [1, 2, 3, 4]);
    assert.deepEqual(projectSubTypesOfGroup(ProjectSubTypeGroup.INTERNAL), [11, 12, 13, 14]);
    assert.deepEqual(projectSubTypesOfGroup(ProjectSubTypeGroup.LPS), [21, 22, 23]);
    assert.equal(projectSubTypeGroup(14), 'internal');
    assert.equal(isProjectSubType(5), false);
    assert.equal(isProjectSubType(24), false);
    assert.equal(isProjectSubType(21), true);
  });
  test('inactive inspection campaign never returns to active', () => {
    assert.equal(canChangeInspectionCampaignState(InspectionCampaignState.INACTIVE, InspectionCampaignState.ACTIVE), false);
    assert.equal(canChangeInspectionCampaignState('ACTIVE', 'INACTIVE'), true);
  });
  test('approved DPR is frozen', () => {
    assert.equal(canEditDpr(DprStatus.APPROVED), false);
    assert.equal(canEditDpr(DprStatus.REJECTED), true);
    assert.equal(canEditDpr(DprStatus.SUBMITTED), true);
  });
});

describe('investigation', () => {
  test('status texts 1..3', () => {
    assert.equal(INVESTIGATION_STATUS_LABELS.en_us[1], 'To be investigated');
    assert.equal(INVESTIGATION_STATUS_LABELS.en_us[2], 'Under investigation');
    assert.equal(INVESTIGATION_STATUS_LABELS.en_us[3], 'Investigated');
  });
  test('completed never returns', () => {
    assert.equal(canChangeInvestigationStatus(InvestigationStatus.INVESTIGATED, 2), false);
    assert.equal(canChangeInvestigationStatus(1, 2), true);
    assert.equal(canChangeInvestigationStatus(2, 3), true);
  });
});
