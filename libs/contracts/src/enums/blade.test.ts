import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLADE_PATH_LABELS,
  CHAMBER_DISPLAY_ORDER,
  PathBladeIndex,
  VIEW_INDEX_LABELS,
  VIEW_SORT_ORDERS,
  ViewIndex,
  chamberDescriptor,
  chamberLabel,
  compareByViewOrder,
  compareChambers,
  webDescriptor,
  webLabel,
} from './blade.js';

describe('blade views and paths', () => {
  test('view index 1..8', () => {
    assert.deepEqual(ViewIndex, { PSLE: 1, PSTE: 2, SSTE: 3, SSLE: 4, LE: 5, PS: 6, TE: 7, SS: 8 });
    assert.equal(VIEW_INDEX_LABELS.en_us[4], 'SSLE');
  });
  test('path descriptions', () => {
    assert.equal(BLADE_PATH_LABELS.en_us[1], 'Pressure side leading edge');
    assert.equal(BLADE_PATH_LABELS.en_us[3], 'Suction side trailing edge');
    assert.equal(BLADE_PATH_LABELS.en_us[8], 'Suction side');
  });
  test('path blade index', () => {
    assert.deepEqual(PathBladeIndex, { RIGHT: 1, TOP: 2, LEFT: 3 });
  });
  test('view sort orders', () => {
    assert.deepEqual([...VIEW_SORT_ORDERS.LEADING_EDGE_FIRST], [5, 6, 8, 7]);
    assert.deepEqual([...VIEW_SORT_ORDERS.TRAILING_EDGE_FIRST], [7, 6, 8, 5]);
    assert.deepEqual([...VIEW_SORT_ORDERS.MIDDLE_FIRST], [6, 8, 5, 7]);
    assert.deepEqual([7, 5, 8, 6].sort(compareByViewOrder('LEADING_EDGE_FIRST')), [5, 6, 8, 7]);
    assert.deepEqual([5, 2, 7, 1, 6].sort(compareByViewOrder('MIDDLE_FIRST')), [6, 5, 7, 1, 2]);
  });
});

describe('chambers', () => {
  test('display order', () => {
    assert.deepEqual([...CHAMBER_DISPLAY_ORDER], [0, 1, -1, 2, 3, 4, 5]);
    assert.deepEqual([5, -999, 2, -1, 7, 0, 1].sort(compareChambers), [0, 1, -1, 2, 5, 7, -999]);
  });
  test('descriptors', () => {
    assert.deepEqual(chamberDescriptor(0), { kind: 'none' });
    assert.deepEqual(chamberDescriptor(1), { kind: 'leading-edge' });
    assert.deepEqual(chamberDescriptor(-1), { kind: 'trailing-edge' });
    assert.deepEqual(chamberDescriptor(-999), { kind: 'middle-all' });
    assert.deepEqual(chamberDescriptor(2), { kind: 'middle', number: 1 });
    assert.deepEqual(chamberDescriptor(5), { kind: 'middle', number: 4 });
  });
  test('labels in both languages', () => {
    assert.equal(chamberLabel(0, 'en_us'), '');
    assert.equal(chamberLabel(1, 'en_us'), 'Leading edge chamber');
    assert.equal(chamberLabel(-1, 'zh_cn'), '后缘腔');
    assert.equal(chamberLabel(-999, 'en_us'), 'Middle chambers');
    assert.equal(chamberLabel(3, 'en_us'), 'Middle chamber 2');
    assert.equal(chamberLabel(3, 'zh_cn'), '中间腔2');
  });
  test('web labels', () => {
    assert.deepEqual(webDescriptor(1), { kind: 'leading-edge-web' });
    assert.deepEqual(webDescriptor(-1), { kind: 'trailing-edge-web' });
    assert.deepEqual(webDescriptor(3), { kind: 'web', number: 3 });
    assert.equal(webLabel(1, 'en_us'), 'Leading edge web');
    assert.equal(webLabel(-1, 'zh_cn'), '后缘腹板');
    assert.equal(webLabel(2, 'en_us'), 'Web 2');
  });
});
