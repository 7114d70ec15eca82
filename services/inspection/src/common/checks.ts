import { AppError, checkDecimal3, checkDistanceToRoot, checkMinMax, type ValidationResult } from '@windward/contracts';

/** Throws the rule's catalogue code, naming the field for the client. */
export function must(result: ValidationResult, field: string): void {
  if (!result.ok) {
    throw new AppError(result.code, {
      ...(result.params ? { params: result.params } : {}),
      details: [{ field, constraints: { rule: String(result.code) } }],
    });
  }
}

export function invalid(field: string, rule: string): never {
  throw new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule } }] });
}

type NumIn = number | string | null | undefined;
const present = (v: NumIn): v is number | string => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** SPEC §5 numeric input: at most 3 decimals; `min0` for sizes that cannot be negative. */
export function decimal3(v: NumIn, field: string, o: { min0?: boolean } = {}): number | null {
  if (!present(v)) return null;
  must(checkDecimal3(String(v)), field);
  const n = Number(v);
  if (o.min0 && n < 0) invalid(field, 'at least 0');
  return n;
}

/** Distance to root: -5 m .. blade length, 2 decimals (-13013 / DECIMAL_PLACES_EXCEEDED). */
export function distanceToRoot(v: NumIn, bladeLength: number | null, field = 'distanceToRoot'): number | null {
  if (!present(v)) return null;
  must(checkDistanceToRoot(v, bladeLength), field);
  return Number(v);
}

export function minMax(min: number | null, max: number | null, field: string): void {
  must(checkMinMax(min, max), field);
}

export function intIn(v: unknown, lo: number, hi: number, field: string, nullable = true): number | null {
  if (v === null || v === undefined) {
    if (nullable) return null;
    invalid(field, 'required');
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) invalid(field, `an integer ${lo}..${hi}`);
  return v as number;
}

export function text(v: unknown, field: string, o: { required?: boolean; max?: number } = {}): string | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
    if (o.required) throw new AppError('REQUIRED', { details: [{ field, constraints: { rule: 'required' } }] });
    return null;
  }
  if (typeof v !== 'string') invalid(field, 'text');
  const s = (v as string).trim();
  if (s.length > (o.max ?? 200)) throw new AppError('TEXT_TOO_LONG', { params: { max: o.max ?? 200 }, details: [{ field }] });
  return s;
}
