import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/shared/contracts';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import type { KeyValueStorage } from '@/core/session/session';
import { NAMESPACES, resources } from './resources';

export { i18n };

const DAYJS_LOCALE: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-cn' };
/** `<html lang>` per console language (BCP 47): screen readers pick their voice by it. */
export const HTML_LANG: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-CN' };

/** The language kept in the browser wins over the configuration's default (SPEC §1). */
export function initialLocale(storage: KeyValueStorage, configLocale: Locale | undefined): Locale {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  return configLocale ?? DEFAULT_LOCALE;
}

export function initI18n(locale: Locale): typeof i18n {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (i18n.isInitialized) {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: false,
    supportedLngs: ['en_us', 'zh_cn'],
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18n;
}

export function currentLocale(): Locale {
  const lng = i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** Switches the language in place (no reload) and keeps it in localStorage. */
export async function changeLocale(locale: Locale, storage: KeyValueStorage = localStorage): Promise<void> {
  storage.setItem(STORAGE_KEYS.locale, locale);
  dayjs.locale(DAYJS_LOCALE[locale]);
  await i18n.changeLanguage(locale);
}
