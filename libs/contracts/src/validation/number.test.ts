import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkDecimal3,
  checkDistanceToRoot,
  checkMinMax,
  checkNonNegativeInteger,
  checkOhmReading,
  checkPerformanceStatisticsRange,
  checkTimeRange,
  decimalPlaces,
  formatOhmReading,
  isDecimal3,
  isNonNegativeInteger,
  parseOhmReading,
} from './number.js';

describe('numeric inputs', () => {
  test('decimal places', () => {
    assert.equal(decimalPlaces('1.250'), 3);
    assert.equal(decimalPlaces('-3'), 0);
    assert.equal(decimalPlaces(1.5), 1);
    assert.equal(decimalPlaces(1e-7), 7);
    assert.equal(decimalPlaces('abc'), null);
    assert.equal(decimalPlaces(Number.NaN), null);
  });
  test('at most 3 decimals', () => {
    for (const v of ['0', '12', '1.2', '1.23', '1.234', '-4.5', ' 7.1 ']) assert.equal(isDecimal3(v), true, v);
    for (const v of ['1.2345', '1.', '.5', 'abc', '', '1,5', '1e3']) assert.equal(isDecimal3(v), false, v);
    assert.deepEqual(checkDecimal3('1.2345'), { ok: false, code: 'DECIMAL_PLACES_EXCEEDED', params: { max: 3 } });
    assert.deepEqual(checkDecimal3('x'), { ok: false, code: 'INVALID_NUMBER' });
    assert.deepEqual(checkDecimal3('2.5'), { ok: true });
  });
  test('integers of at least 0', () => {
    for (const v of ['0', '1', '42', '1000000']) assert.equal(isNonNegativeInteger(v), true, v);
    for (const v of ['-1', '1.0', '01', '+3', '', 'a']) assert.equal(isNonNegativeInteger(v), false, v);
    assert.deepEqual(checkNonNegativeInteger('-1'), { ok: false, code: 'NON_NEGATIVE_INTEGER_REQUIRED' });
  });
});

describe('distance to root', () => {
  test('inside the bounds, both inclusive', () => {
    for (const v of [-5, 0, 12.34, 60, '-4.99', '60.00']) assert.deepEqual(checkDistanceToRoot(v, 60), { ok: true }, String(v));
  });
  test('out of range answers -13013', () => {
    assert.deepEqual(checkDistanceToRoot(-5.01, 60), { ok: false, code: -13013 });
    assert.deepEqual(checkDistanceToRoot('60.01', 60), { ok: false, code: -13013 });
  });
  test('more than 2 decimals', () => {
    assert.deepEqual(checkDistanceToRoot('1.234', 60), { ok: false, code: 'DECIMAL_PLACES_EXCEEDED', params: { max: 2 } });
    assert.equal(checkDistanceToRoot(1.005, 60).ok, false);
  });
  test('not a number', () => {
    assert.deepEqual(checkDistanceToRoot('abc', 60), { ok: false, code: 'INVALID_NUMBER' });
    assert.deepEqual(checkDistanceToRoot(Number.NaN, 60), { ok: false, code: 'INVALID_NUMBER' });
  });
  test('unknown blade length checks only the lower bound', () => {
    assert.equal(checkDistanceToRoot(500, null).ok, true);
    assert.equal(checkDistanceToRoot(-6, undefined).ok, false);
  });
});

describe('ohm readings', () => {
  test('numbers and OC', () => {
    assert.deepEqual(parseOhmReading('0.25'), { kind: 'ohm', value: 0.25 });
    assert.deepEqual(parseOhmReading(' 12 '), { kind: 'ohm', value: 12 });
    assert.deepEqual(parseOhmReading(3.5), { kind: 'ohm', value: 3.5 });
    assert.deepEqual(parseOhmReading('OC'), { kind: 'open-circuit' });
    assert.deepEqual(parseOhmReading('oc'), { kind: 'open-circuit' });
    assert.deepEqual(parseOhmReading(' Oc '), { kind: 'open-circuit' });
  });
  test('bad readings', () => {
    for (const v of ['-1', 'O C', 'open', '', '1.2345', 'abc', null, undefined, -2, Number.POSITIVE_INFINITY]) {
      assert.equal(parseOhmReading(v), null, String(v));
    }
    assert.deepEqual(checkOhmReading('x'), { ok: false, code: 'INVALID_OHM_VALUE' });
    assert.deepEqual(checkOhmReading('OC'), { ok: true });
  });
  test('formatting', () => {
    assert.equal(formatOhmReading({ kind: 'open-circuit' }), 'OC');
    assert.equal(formatOhmReading({ kind: 'ohm', value: 2.5 }), '2.5');
  });
});

describe('min and max', () => {
  test('min above max is invalid', () => {
    assert.deepEqual(checkMinMax(5, 3), { ok: false, code: 'MIN_GREATER_THAN_MAX' });
    assert.deepEqual(checkMinMax('10', '9.5'), { ok: false, code: 'MIN_GREATER_THAN_MAX' });
  });
  test('equal or ascending is fine; open bounds are fine', () => {
    assert.deepEqual(checkMinMax(3, 3), { ok: true });
    assert.deepEqual(checkMinMax('1', '2'), { ok: true });
    assert.deepEqual(checkMinMax('', 2), { ok: true });
    assert.deepEqual(checkMinMax(null, undefined), { ok: true });
  });
  test('non-numbers are invalid', () => {
    assert.deepEqual(checkMinMax('a', 2), { ok: false, code: 'INVALID_NUMBER' });
  });
});

describe('time ranges', () => {
  test('start not after end', () => {
    assert.equal(checkTimeRange('2024-01-01', '2024-01-01').ok, true);
    assert.deepEqual(checkTimeRange('2024-02-01', '2024-01-01'), { ok: false, code: 'INVALID_TIME_RANGE' });
    assert.equal(checkTimeRange('nonsense', '2024-01-01').ok, false);
  });
  test('performance statistics at most 3 months', () => {
    const d = (s: string) => new Date(s);
    assert.equal(checkPerformanceStatisticsRange(d('2024-01-15T00:00:00Z'), d('2024-04-15T00:00:00Z')).ok, true);
    assert.deepEqual(checkPerformanceStatisticsRange(d('2024-01-15T00:00:00Z'), d('2024-04-16T00:00:00Z')), {
      ok: false,
      code: 'TIME_RANGE_TOO_LONG',
      params: { months: 3 },
    });
    assert.equal(checkPerformanceStatisticsRange(d('2024-04-15T00:00:00Z'), d('2024-01-15T00:00:00Z')).ok, false);
  });
});
