import { Transform } from 'class-transformer';

/**
 * `severity=1,2` or `severity=1&severity=2` as a list of numbers (the kit's `QueryList` with
 * numbers). Values that are not numbers stay as sent, so `@IsInt({ each: true })` refuses them.
 * Local to this service for now; a candidate for the kit next to `QueryList`.
 */
export const QueryIntList = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((x) => String(x).split(','))
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => (Number.isFinite(Number(s)) ? Number(s) : s)),
  );
