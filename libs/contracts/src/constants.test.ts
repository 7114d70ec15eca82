import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLADE_ROOT_LOWER_BOUND_M,
  DEFAULT_FEATURE_SWITCHES,
  EXPORT_MAX_DEFECTS,
  IMPORT_FILE_MAX_BYTES,
  PHOTO_MAX_BYTES,
  QUERY_MAX_TURBINES,
  RANDOM_ID_LENGTH,
  REPAIR_PLAN_MAX_DEFECTS,
  REQUEST_TIMEOUT_MS,
  SIDEBAR_COLLAPSE_STORAGE_KEY,
  TOKEN_STORAGE_KEYS,
  TIME_DIFF_MS,
  TOKEN_REFRESH_CHECK_INTERVAL_MS,
  addMonthsUtc,
  changeRate,
  changeRateWithoutDeletions,
  formatThousands,
  healthWindowStart,
  hhmmToSeconds,
  isProductionHost,
  isRangeWithinMonths,
  isTokenRefreshDue,
  pushRecent,
  randomId,
  refreshTimeOfNewToken,
  secondsToHHmm,
  tokenRefreshTime,
} from './constants.js';

describe('constants of SPEC §9', () => {
  test('values', () => {
    assert.equal(REQUEST_TIMEOUT_MS, 120000);
    assert.equal(TOKEN_REFRESH_CHECK_INTERVAL_MS, 600000);
    assert.equal(IMPORT_FILE_MAX_BYTES, 10 * 1024 * 1024);
    assert.equal(PHOTO_MAX_BYTES, 20 * 1024 * 1024);
    assert.equal(EXPORT_MAX_DEFECTS, 2500);
    assert.equal(QUERY_MAX_TURBINES, 200);
    assert.equal(REPAIR_PLAN_MAX_DEFECTS, 10000);
    assert.equal(BLADE_ROOT_LOWER_BOUND_M, -5);
    assert.equal(TIME_DIFF_MS, 24 * 3600 * 1000 - 1000);
    assert.equal(SIDEBAR_COLLAPSE_STORAGE_KEY, 'is-collapse');
    assert.deepEqual(TOKEN_STORAGE_KEYS, { accessToken: 'access_token', refreshToken: 'refresh_token', refreshTime: 'refresh_time', clientId: 'client_id' });
  });
  test('token refresh time is expiry minus 10 minutes', () => {
    assert.equal(tokenRefreshTime(1_000_000_000), 1_000_000_000 - 600_000);
    assert.equal(isTokenRefreshDue(1000, 999), false);
    assert.equal(isTokenRefreshDue(1000, 1000), true);
    assert.equal(refreshTimeOfNewToken(0, 7200), 7200_000 - 600_000);
    assert.equal(refreshTimeOfNewToken(1000, 300), 1000);
    assert.equal(refreshTimeOfNewToken(1000, -5), 1000);
  });
  test('feature switches', () => {
    assert.deepEqual(DEFAULT_FEATURE_SWITCHES, {
      stitching: true,
      insights: true,
      advancedSearch: true,
      dataImport: true,
      turbineReportDownload: false,
    });
  });
});

describe('randomId', () => {
  test('10 letters/digits by default, different each time', () => {
    const a = randomId();
    assert.equal(a.length, RANDOM_ID_LENGTH);
    assert.match(a, /^[A-Za-z0-9]{10}$/);
    const many = new Set(Array.from({ length: 200 }, () => randomId()));
    assert.equal(many.size, 200);
  });
  test('length and injected randomness', () => {
    assert.equal(
      randomId(4, () => 0),
      'AAAA',
    );
    assert.equal(
      randomId(2, () => 0.9999),
      '99',
    );
    assert.equal(randomId(0), '');
  });
});

describe('formatting', () => {
  test('thousands separators', () => {
    assert.equal(formatThousands(0), '0');
    assert.equal(formatThousands(999), '999');
    assert.equal(formatThousands(1000), '1,000');
    assert.equal(formatThousands(1234567.891), '1,234,567.891');
    assert.equal(formatThousands(-1234567), '-1,234,567');
    assert.equal(formatThousands('9876543'), '9,876,543');
    assert.equal(formatThousands(12345678901234567890n), '12,345,678,901,234,567,890');
    assert.equal(formatThousands(1234567, ' '), '1 234 567');
    assert.equal(formatThousands('n/a'), 'n/a');
    assert.equal(formatThousands(Number.NaN), '');
  });
  test('seconds ↔ HH:mm', () => {
    assert.equal(secondsToHHmm(0), '00:00');
    assert.equal(secondsToHHmm(59), '00:00');
    assert.equal(secondsToHHmm(3660), '01:01');
    assert.equal(secondsToHHmm(100 * 3600), '100:00');
    assert.equal(secondsToHHmm(-5), '00:00');
    assert.equal(hhmmToSeconds('01:01'), 3660);
    assert.equal(hhmmToSeconds('100:30'), 361800);
    assert.equal(hhmmToSeconds(secondsToHHmm(7200 + 15 * 60)), 8100);
    for (const bad of ['1:60', 'ab:cd', '12', '12:5', '-1:00', '']) assert.equal(hhmmToSeconds(bad), null, bad);
  });
});

describe('hosts', () => {
  test('production only on the main domain or its subdomains', () => {
    assert.equal(isProductionHost('app.windward.com', 'windward.com'), true);
    assert.equal(isProductionHost('windward.com:443', 'windward.com'), true);
    assert.equal(isProductionHost('APP.WINDWARD.COM', '.windward.com'), true);
    assert.equal(isProductionHost('localhost:5173', 'windward.com'), false);
    assert.equal(isProductionHost('windward.com.evil.io', 'windward.com'), false);
    assert.equal(isProductionHost('evilwindward.com', 'windward.com'), false);
    assert.equal(isProductionHost('app.windward.com', ''), false);
  });
});

describe('change rate', () => {
  test('with deletions', () => {
    assert.equal(changeRate({ added: 2, deleted: 1, modified: 1, correct: 7 }), 4 / 10);
    assert.equal(changeRate({ added: 0, deleted: 0, modified: 0, correct: 5 }), 0);
  });
  test('without deletions', () => {
    assert.equal(changeRateWithoutDeletions({ added: 2, modified: 1, correct: 7 }), 3 / 10);
  });
  test('nothing counted is 0, not NaN', () => {
    assert.equal(changeRate({ added: 0, deleted: 3, modified: 0, correct: 0 }), 0);
    assert.equal(changeRateWithoutDeletions({ added: 0, modified: 0, correct: 0 }), 0);
  });
});

describe('lists and dates', () => {
  test('recent list keeps 20, newest first, no duplicates', () => {
    let list: number[] = [];
    for (let i = 1; i <= 25; i++) list = pushRecent(list, i);
    assert.equal(list.length, 20);
    assert.equal(list[0], 25);
    assert.equal(list[19], 6);
    list = pushRecent(list, 10);
    assert.equal(list[0], 10);
    assert.equal(list.filter((x) => x === 10).length, 1);
  });
  test('months and ranges', () => {
    assert.equal(addMonthsUtc(new Date('2023-03-31T00:00:00Z'), -1).toISOString(), '2023-02-28T00:00:00.000Z');
    assert.equal(isRangeWithinMonths(new Date('2024-01-01Z'), new Date('2024-04-01Z'), 3), true);
    assert.equal(isRangeWithinMonths(new Date('2024-01-01Z'), new Date('2024-04-02Z'), 3), false);
    assert.equal(healthWindowStart(new Date('2024-06-15T12:00:00Z')).toISOString(), '2023-06-15T12:00:00.000Z');
  });
});
