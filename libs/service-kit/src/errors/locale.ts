import type { Locale } from '@windward/contracts';

/** The request's locale from the `locale` header (SPEC §7), else Accept-Language, else en_us. */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const raw = String(headers['locale'] ?? headers['accept-language'] ?? '').toLowerCase();
  return raw.startsWith('zh') ? 'zh_cn' : 'en_us';
}
