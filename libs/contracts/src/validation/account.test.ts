import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkPassword, checkPasswordChange, checkUsername, isEmail, isValidPassword, isValidUsername } from './account.js';

describe('password rule', () => {
  test('good passwords: 8–16 chars with two kinds', () => {
    for (const p of ['abcdefg1', 'ABCDEFGH_', '12345678~', 'Abcdefgh12345678', 'a1a1a1a1', '@#$^_~ab', 'aB3~aB3~']) {
      assert.equal(isValidPassword(p), true, p);
    }
  });
  test('too short / too long', () => {
    assert.deepEqual(checkPassword('abc1234'), { ok: false, code: 'PASSWORD_RULE' });
    assert.equal(isValidPassword('abcdefgh123456789'), false);
  });
  test('only one kind', () => {
    for (const p of ['abcdefgh', 'ABCDEFGHIJ', '12345678', '~@#$^_~@']) assert.equal(isValidPassword(p), false, p);
  });
  test('letters of both cases are still one kind', () => {
    assert.equal(isValidPassword('AbcdEfgh'), false);
  });
  test('characters outside letters, digits and ~@#$^_ are refused', () => {
    for (const p of ['abcd1234!', 'abcd 1234', 'abcd-1234', 'pässwort1', 'abcd1234%']) assert.equal(isValidPassword(p), false, p);
  });
  test('non-strings are refused', () => {
    assert.equal(isValidPassword(undefined as unknown as string), false);
  });
});

describe('password change', () => {
  test('valid change', () => {
    assert.deepEqual(checkPasswordChange('oldPass1', 'newPass1', 'newPass1'), { ok: true });
  });
  test('entries must match', () => {
    assert.deepEqual(checkPasswordChange('oldPass1', 'newPass1', 'newPass2'), { ok: false, code: 'PASSWORDS_DO_NOT_MATCH' });
  });
  test('must differ from the old one (case sensitive)', () => {
    assert.deepEqual(checkPasswordChange('samePass1', 'samePass1', 'samePass1'), { ok: false, code: 'SAME_NEW_PASSWORD' });
    assert.equal(checkPasswordChange('samePass1', 'SamePass1', 'SamePass1').ok, true);
  });
  test('new password follows the rule; old one required', () => {
    assert.deepEqual(checkPasswordChange('oldPass1', 'short1', 'short1'), { ok: false, code: 'PASSWORD_RULE' });
    assert.deepEqual(checkPasswordChange('', 'newPass1', 'newPass1'), { ok: false, code: 'INVALID_OLD_PASSWORD' });
  });
});

describe('username rule', () => {
  test('good usernames', () => {
    for (const u of ['alice', 'Bob_2', 'a-b-c', 'x', 'user_name-01', 'A1', 'a'.repeat(32)]) assert.equal(isValidUsername(u), true, u);
  });
  test('bad characters', () => {
    for (const u of ['al ice', 'bob@x', '名字', 'a.b', 'a+b']) assert.deepEqual(checkUsername(u), { ok: false, code: 'USERNAME_RULE' }, u);
  });
  test('no consecutive separators, mixed ones included', () => {
    for (const u of ['a--b', 'a__b', 'a-_b', 'a_-b']) assert.equal(isValidUsername(u), false, u);
  });
  test('not starting or ending with a separator', () => {
    for (const u of ['-ab', '_ab', 'ab-', 'ab_', '-', '_']) assert.equal(isValidUsername(u), false, u);
  });
  test('empty and too long', () => {
    assert.deepEqual(checkUsername(''), { ok: false, code: 'REQUIRED' });
    assert.deepEqual(checkUsername('a'.repeat(33)), { ok: false, code: 'TEXT_TOO_LONG', params: { max: 32 } });
  });
});

describe('email shape', () => {
  test('good and bad', () => {
    assert.equal(isEmail('a.b@example.com'), true);
    assert.equal(isEmail('a@b'), false);
    assert.equal(isEmail('a b@example.com'), false);
  });
});
