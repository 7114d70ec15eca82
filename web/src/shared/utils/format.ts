import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
// The locales DAYJS_LOCALE names, whichever language's chunk (core/i18n) is loaded.
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import { formatThousands, type Locale } from '@/shared/contracts';

dayjs.extend(localizedFormat);

/** Thousands separator per locale (SPEC §9: a comma by default; Chinese uses the comma too). */
const SEPARATOR: Record<Locale, string> = { en_us: ',', zh_cn: ',' };

/** 1234567.5 → "1,234,567.5"; null/undefined → "–". */
export function formatNumber(value: number | string | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '–';
  return formatThousands(value, SEPARATOR[locale]);
}

const DAYJS_LOCALE: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-cn' };

/** A date (ISO text or epoch ms) in the locale's long date format ("Jan 5, 2026" / "2026年1月5日"). */
export function formatDate(value: string | number | Date | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '–';
  const d = dayjs(value);
  return d.isValid() ? d.locale(DAYJS_LOCALE[locale]).format('ll') : '–';
}

/** Date and time in the locale ("Jan 5, 2026 3:04 PM" / "2026年1月5日 15:04"). */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '–';
  const d = dayjs(value);
  return d.isValid() ? d.locale(DAYJS_LOCALE[locale]).format('lll') : '–';
}
