import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_TEXTS, isSeedText, seedText } from './seed-text.js';

describe('seed texts in both languages', () => {
  test('every seeded text has a Chinese text without English words (model codes such as "SG 14" aside)', () => {
    for (const [en, { zh_cn }] of Object.entries(SEED_TEXTS)) {
      assert.ok(zh_cn && zh_cn !== en, en);
      assert.doesNotMatch(zh_cn, /[a-z]{2,}/, `${en}: ${zh_cn}`);
    }
  });

  test('seeded texts show in the reader language; anything else (typed by a user) as stored', () => {
    assert.equal(seedText('Leading edge erosion', 'zh_cn'), '前缘腐蚀');
    assert.equal(seedText('Leading edge erosion', 'en_us'), 'Leading edge erosion');
    assert.equal(seedText('Blade split at root', 'zh_cn'), 'Blade split at root');
    assert.equal(seedText('constructor', 'zh_cn'), 'constructor');
    assert.equal(seedText(null, 'zh_cn'), null);
    assert.ok(isSeedText('Crack') && !isSeedText('crack ') && !isSeedText('toString'));
  });
});
