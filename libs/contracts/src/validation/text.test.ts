import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  SPECIAL_CHARACTERS,
  checkDefectId,
  checkMaxLength,
  checkNoSpecialCharacters,
  checkRequired,
  checkUnique,
  exceedsMaxLength,
  findDuplicates,
  hasSpecialCharacters,
  isDefectId,
  textLength,
} from './text.js';

describe('special characters', () => {
  test('each listed character is flagged', () => {
    const list = ['!', '"', '#', '$', '%', '&', "'", '+', ',', '/', ';', '=', '?', '@', '\\', '^', '`', '{', '|', '}', '~'];
    assert.equal(SPECIAL_CHARACTERS.length, list.length);
    for (const c of list) assert.equal(hasSpecialCharacters(`ab${c}cd`), true, c);
  });
  test('ordinary text is not flagged', () => {
    for (const t of ['Wind park 12', 'turbine_A-3', '风场（一）', 'a.b:c*d(e)[f]<g>', '']) assert.equal(hasSpecialCharacters(t), false, t);
  });
  test('check result', () => {
    assert.deepEqual(checkNoSpecialCharacters('a/b'), { ok: false, code: 'SPECIAL_CHARACTERS_NOT_ALLOWED' });
    assert.deepEqual(checkNoSpecialCharacters('ab'), { ok: true });
  });
});

describe('length counting Chinese as two', () => {
  test('latin counts one, Chinese two', () => {
    assert.equal(textLength('abc'), 3);
    assert.equal(textLength('风场'), 4);
    assert.equal(textLength('风场A1'), 6);
    assert.equal(textLength(''), 0);
  });
  test('Chinese punctuation and full-width forms count two', () => {
    assert.equal(textLength('，。'), 4);
    assert.equal(textLength('Ａ'), 2);
  });
  test('supplementary-plane Han counts as one character of two', () => {
    assert.equal(textLength('𠀀'), 2);
    assert.equal(textLength('😀'), 1);
  });
  test('max length', () => {
    assert.equal(exceedsMaxLength('风场风场风', 10), false);
    assert.equal(exceedsMaxLength('风场风场风a', 10), true);
    assert.deepEqual(checkMaxLength('风场风场风a', 10), { ok: false, code: 'TEXT_TOO_LONG', params: { max: 10 } });
    assert.deepEqual(checkMaxLength('abc', 3), { ok: true });
  });
});

describe('required and uniqueness', () => {
  test('required', () => {
    assert.equal(checkRequired('x').ok, true);
    assert.equal(checkRequired('  ').ok, false);
    assert.equal(checkRequired(null).ok, false);
  });
  test('duplicates are found once, trimmed and case-insensitive', () => {
    assert.deepEqual(findDuplicates(['A', 'b', ' a', 'B', 'a']), [' a', 'B']);
    assert.deepEqual(findDuplicates(['a', 'b']), []);
    assert.deepEqual(findDuplicates([1, 2, 1]), [1]);
  });
  test('checkUnique with a specific code', () => {
    assert.deepEqual(checkUnique(['s1', 'S1'], 'SECTION_NAME_DUPLICATED'), { ok: false, code: 'SECTION_NAME_DUPLICATED' });
    assert.deepEqual(checkUnique(['s1', 's2']), { ok: true });
    assert.deepEqual(checkUnique(['x', 'x']), { ok: false, code: 'DUPLICATE_VALUES' });
  });
});

describe('defect id', () => {
  test('exactly 6 digits', () => {
    assert.equal(isDefectId('000123'), true);
    assert.equal(isDefectId('12345'), false);
    assert.equal(isDefectId('1234567'), false);
    assert.equal(isDefectId('12345a'), false);
    assert.equal(isDefectId(' 123456'), false);
    assert.deepEqual(checkDefectId('12'), { ok: false, code: 'INVALID_DEFECT_ID' });
  });
});
