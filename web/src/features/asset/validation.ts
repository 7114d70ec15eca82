import {
  BLADES_PER_TURBINE,
  checkTurbineBlades,
  decimalPlaces,
  errorText,
  findDuplicates,
  type ErrorCode,
  type Locale,
} from '@/shared/contracts';

/*
 * Client-side checks that mirror the contracts' rules, so the user learns early; the server
 * checks the same rules again and its answer is the one that counts.
 */

export interface BladeInput {
  name?: string;
  serialNumber?: string;
}

export interface BladeProblem {
  code: ErrorCode;
  /** Indexes of the offending blades (repeated names or serials), for field marks. */
  indexes: number[];
}

/** Exactly 3 blades, each with a name and a serial, names and serials unique (contracts `checkTurbineBlades`). */
export function checkBlades(blades: readonly BladeInput[]): BladeProblem | null {
  const normalized = blades.map((b) => ({ name: b.name ?? '', serialNumber: b.serialNumber ?? '' }));
  const result = checkTurbineBlades(normalized);
  if (result.ok) return null;
  const indexes: number[] = [];
  if (result.code === 'BLADE_NAME_SERIAL_REPEATED') {
    const key = (s: string) => s.trim().toLowerCase();
    const dupNames = new Set(findDuplicates(normalized.map((b) => b.name)).map(key));
    const dupSerials = new Set(findDuplicates(normalized.map((b) => b.serialNumber)).map(key));
    normalized.forEach((b, i) => {
      if (dupNames.has(key(b.name)) || dupSerials.has(key(b.serialNumber))) indexes.push(i);
    });
  } else if (result.code === 'REQUIRED') {
    normalized.forEach((b, i) => {
      if (!b.name.trim() || !b.serialNumber.trim()) indexes.push(i);
    });
  }
  return { code: result.code, indexes };
}

export function bladeProblemText(problem: BladeProblem, locale: Locale): string {
  return errorText(problem.code, locale, { count: BLADES_PER_TURBINE });
}

/**
 * A number within [min, max] with at most `maxDecimals` decimals (the service's class-validator
 * limits: coordinates, capacity 2 decimals, blade length/width 2, tower height 2, rated power 1).
 * Empty is fine (the fields are optional) unless `required`.
 */
export function checkNumber(
  value: number | string | null | undefined,
  rule: { min: number; max: number; maxDecimals?: number; required?: boolean; exclusiveMin?: boolean },
): 'required' | 'notNumber' | 'range' | 'decimals' | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return rule.required ? 'required' : null;
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'notNumber';
  if (n > rule.max || n < rule.min || (rule.exclusiveMin && n === rule.min)) return 'range';
  const places = decimalPlaces(typeof value === 'number' ? value : value.trim());
  if (places === null) return 'notNumber';
  if (rule.maxDecimals !== undefined && places > rule.maxDecimals) return 'decimals';
  return null;
}

export const NUMBER_RULES = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  capacity: { min: 0, max: 99_999_999, maxDecimals: 2 },
  bladeLength: { min: 0.01, max: 500, maxDecimals: 2 },
  bladeWidth: { min: 0.01, max: 100, maxDecimals: 2 },
  towerHeight: { min: 0.01, max: 1000, maxDecimals: 2 },
  ratedPower: { min: 0, max: 100_000, maxDecimals: 1 },
} as const;
