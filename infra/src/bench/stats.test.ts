import { test } from 'node:test';
import assert from 'node:assert/strict';
import { percentile } from './stats.js';

test('percentile uses the nearest rank', () => {
  const xs = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
  assert.equal(percentile(xs, 50), 50);
  assert.equal(percentile(xs, 95), 95);
  assert.equal(percentile(xs, 99), 99);
  assert.equal(percentile(xs, 100), 100);
  assert.ok(Number.isNaN(percentile([], 50)));
});
