import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../constants.js';
import { OK, fail, type ValidationResult } from './result.js';

/** Special symbols a password may use (SPEC §5). */
export const PASSWORD_SYMBOLS = '~@#$^_';

/**
 * Interpretation: only letters, digits and ~@#$^_ are allowed in a password – the spec
 * names those three kinds and no others, and a closed set keeps form and server in step.
 */
const PASSWORD_CHARS = /^[A-Za-z0-9~@#$^_]+$/;

/** Password rule: 8–16 characters, allowed characters only, at least two of digits/letters/symbols. */
export function checkPassword(password: string): ValidationResult {
  if (typeof password !== 'string') return fail('PASSWORD_RULE');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return fail('PASSWORD_RULE');
  if (!PASSWORD_CHARS.test(password)) return fail('PASSWORD_RULE');
  const kinds = [/[0-9]/, /[A-Za-z]/, /[~@#$^_]/].filter((re) => re.test(password)).length;
  return kinds >= 2 ? OK : fail('PASSWORD_RULE');
}

export function isValidPassword(password: string): boolean {
  return checkPassword(password).ok;
}

/**
 * Change password form: old one given, new one follows the rule, both new entries match,
 * and the new one differs from the old one (comparison is case sensitive).
 */
export function checkPasswordChange(oldPassword: string, newPassword: string, confirmPassword: string): ValidationResult {
  if (!oldPassword) return fail('INVALID_OLD_PASSWORD');
  const rule = checkPassword(newPassword);
  if (!rule.ok) return rule;
  if (newPassword !== confirmPassword) return fail('PASSWORDS_DO_NOT_MATCH');
  if (newPassword === oldPassword) return fail('SAME_NEW_PASSWORD');
  return OK;
}

/**
 * Username rule: letters/digits separated by single hyphens or underscores.
 * Interpretation: "no consecutive hyphens or underscores" forbids any two separators in
 * a row, mixed ones included (-_, _-), since the spec's point is one separator at a time.
 */
const USERNAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;

export function checkUsername(username: string): ValidationResult {
  if (typeof username !== 'string' || username === '') return fail('REQUIRED');
  if (username.length > USERNAME_MAX_LENGTH) return fail('TEXT_TOO_LONG', { max: USERNAME_MAX_LENGTH });
  return USERNAME.test(username) ? OK : fail('USERNAME_RULE');
}

export function isValidUsername(username: string): boolean {
  return checkUsername(username).ok;
}

/** Loose e-mail shape check (the server's uniqueness check is the real one). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
