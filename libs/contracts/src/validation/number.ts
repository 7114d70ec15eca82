import {
  BLADE_ROOT_LOWER_BOUND_M,
  DISTANCE_TO_ROOT_MAX_DECIMALS,
  NUMERIC_INPUT_MAX_DECIMALS,
  PERFORMANCE_STATS_MAX_MONTHS,
  isRangeWithinMonths,
} from '../constants.js';
import { OK, fail, type ValidationResult } from './result.js';

const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** Decimal places of a plain number text ("1.250" → 3); null when it is not a plain number. */
export function decimalPlaces(value: string | number): number | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (/e/i.test(s)) {
    // exponent form only happens for numbers ≥1e21 or <1e-6: count the real decimals
    const m = /^-?(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
    if (!m) return null;
    const frac = (m[2] ?? '').length - Number(m[3]);
    return Math.max(0, frac);
  }
  if (!NUMBER_TEXT.test(s)) return null;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Numeric input with at most 3 decimals (SPEC §5). Interpretation: a leading minus is
 * allowed here – the spec restricts only the integer variant to values of at least 0.
 */
export function isDecimal3(value: string): boolean {
  return /^-?\d+(?:\.\d{1,3})?$/.test(value.trim());
}

/** Whole number of at least 0, written without sign, decimals or leading zeros. */
export function isNonNegativeInteger(value: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(value.trim());
}

export function checkDecimal3(value: string): ValidationResult {
  const places = decimalPlaces(value);
  if (places === null) return fail('INVALID_NUMBER');
  return places > NUMERIC_INPUT_MAX_DECIMALS ? fail('DECIMAL_PLACES_EXCEEDED', { max: NUMERIC_INPUT_MAX_DECIMALS }) : OK;
}

export function checkNonNegativeInteger(value: string): ValidationResult {
  return isNonNegativeInteger(value) ? OK : fail('NON_NEGATIVE_INTEGER_REQUIRED');
}

function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const s = value.trim();
  return NUMBER_TEXT.test(s) ? Number(s) : null;
}

/**
 * Distance to root (SPEC §5): between -5 m and the blade length (both inclusive), at most
 * 2 decimals. Out of range answers -13013. When the blade length is unknown (not a
 * positive number) only the lower bound can be checked.
 */
export function checkDistanceToRoot(value: string | number, bladeLength: number | null | undefined): ValidationResult {
  const n = toNumber(value);
  if (n === null) return fail('INVALID_NUMBER');
  const places = decimalPlaces(value);
  if (places === null || places > DISTANCE_TO_ROOT_MAX_DECIMALS)
    return fail('DECIMAL_PLACES_EXCEEDED', { max: DISTANCE_TO_ROOT_MAX_DECIMALS });
  if (n < BLADE_ROOT_LOWER_BOUND_M) return fail(-13013);
  if (typeof bladeLength === 'number' && Number.isFinite(bladeLength) && bladeLength > 0 && n > bladeLength) return fail(-13013);
  return OK;
}

/** An LPS resistance reading: ohms, or OC for an open circuit. */
export type OhmReading = { kind: 'ohm'; value: number } | { kind: 'open-circuit' };

export const OPEN_CIRCUIT = 'OC';

/**
 * Parses what a user or spreadsheet enters as an ohm reading: "OC" (any case, blanks
 * ignored) or a number ≥ 0 with at most 3 decimals. Anything else → null.
 */
export function parseOhmReading(input: string | number | null | undefined): OhmReading | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') {
    return Number.isFinite(input) && input >= 0 && (decimalPlaces(input) ?? 99) <= NUMERIC_INPUT_MAX_DECIMALS
      ? { kind: 'ohm', value: input }
      : null;
  }
  const s = input.trim();
  if (s.toUpperCase() === OPEN_CIRCUIT) return { kind: 'open-circuit' };
  if (!/^\d+(?:\.\d{1,3})?$/.test(s)) return null;
  return { kind: 'ohm', value: Number(s) };
}

export function checkOhmReading(input: string | number | null | undefined): ValidationResult {
  return parseOhmReading(input) ? OK : fail('INVALID_OHM_VALUE');
}

/** Text to store/show for a reading. */
export function formatOhmReading(reading: OhmReading): string {
  return reading.kind === 'open-circuit' ? OPEN_CIRCUIT : String(reading.value);
}

/**
 * A minimum above the maximum is invalid (SPEC §5). Empty bounds are not compared
 * (an open range is allowed); a bound that is not a number is invalid.
 */
export function checkMinMax(min: string | number | null | undefined, max: string | number | null | undefined): ValidationResult {
  const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  if (empty(min) || empty(max)) return OK;
  const a = toNumber(min as string | number);
  const b = toNumber(max as string | number);
  if (a === null || b === null) return fail('INVALID_NUMBER');
  return a > b ? fail('MIN_GREATER_THAN_MAX') : OK;
}

/** Start must not be after end (project and campaign time ranges). */
export function checkTimeRange(start: Date | number | string, end: Date | number | string): ValidationResult {
  const a = new Date(start).getTime();
  const b = new Date(end).getTime();
  if (!Number.isFinite(a) || !Number.isFinite(b) || a > b) return fail('INVALID_TIME_RANGE');
  return OK;
}

/** Performance statistics cover at most 3 months (SPEC §9). */
export function checkPerformanceStatisticsRange(start: Date, end: Date): ValidationResult {
  const range = checkTimeRange(start, end);
  if (!range.ok) return range;
  return isRangeWithinMonths(start, end, PERFORMANCE_STATS_MAX_MONTHS)
    ? OK
    : fail('TIME_RANGE_TOO_LONG', { months: PERFORMANCE_STATS_MAX_MONTHS });
}
