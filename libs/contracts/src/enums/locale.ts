/** Interface locales (SPEC §1, §9). en_us is the default everywhere. */
export const Locale = { EN_US: 'en_us', ZH_CN: 'zh_cn' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];

export const LOCALES: readonly Locale[] = [Locale.EN_US, Locale.ZH_CN];
export const DEFAULT_LOCALE: Locale = Locale.EN_US;

export function isLocale(value: unknown): value is Locale {
  return value === Locale.EN_US || value === Locale.ZH_CN;
}

/** Falls back to the default locale for anything unknown (headers, stored settings). */
export function toLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase().replace('-', '_');
  return isLocale(v) ? v : DEFAULT_LOCALE;
}

/**
 * Human-readable texts of an enumeration in both locales. Declaring a table with
 * `satisfies Labels<X>` makes a missing value or language a compile error.
 */
export type Labels<V extends string | number> = Readonly<Record<Locale, Readonly<Record<V, string>>>>;

export function labelOf<V extends string | number>(labels: Labels<V>, value: V, locale: Locale = DEFAULT_LOCALE): string {
  return labels[locale][value] ?? labels[DEFAULT_LOCALE][value] ?? String(value);
}

/** Runtime membership test for `as const` enumeration objects. */
export function isEnumValue<T extends Record<string, string | number>>(enumObject: T, value: unknown): value is T[keyof T] {
  return (Object.values(enumObject) as unknown[]).includes(value);
}
