import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/shared/contracts';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import type { KeyValueStorage } from '@/core/session/session';
import type { LanguagePack } from './collect';

export { i18n };

/** `<html lang>` per console language (BCP 47): screen readers pick their voice by it. */
export const HTML_LANG: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-CN' };

/**
 * Each language is a chunk of its own (every namespace of `src/locales/<locale>` plus antd's
 * texts): the console loads the language it starts in, and the other one only when the user
 * switches to it — i18next's changeLanguage loads it through the backend below before it
 * switches, so no screen ever shows a key of a language not yet loaded.
 */
const LANGUAGE_CHUNKS: Record<Locale, () => Promise<{ pack: LanguagePack }>> = {
  en_us: () => import('./languages/en_us'),
  zh_cn: () => import('./languages/zh_cn'),
};
interface LanguageCache {
  loading: Map<Locale, Promise<LanguagePack>>;
  loaded: Map<Locale, LanguagePack>;
  datesFollowLanguage?: boolean;
}
/**
 * Kept on the i18next instance, so it lives exactly as long as the strings in i18next's store
 * (the screen tests load this module afresh per file while i18next itself stays loaded).
 */
const holder = i18n as unknown as { windwardLanguages?: LanguageCache };
const cache: LanguageCache = (holder.windwardLanguages ??= { loading: new Map(), loaded: new Map() });
const { loading, loaded } = cache;

/** dayjs follows i18next's language once that language's chunk (with dayjs's locale) is in. */
function applyDates(): void {
  const lng = i18n.language;
  if (isLocale(lng)) loaded.get(lng)?.applyDates();
}
if (!cache.datesFollowLanguage) {
  cache.datesFollowLanguage = true;
  i18n.on('languageChanged', applyDates);
}

/** Loads a language's chunk once (later calls share the first one's promise). */
export function loadLanguage(locale: Locale): Promise<LanguagePack> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = LANGUAGE_CHUNKS[locale]().then(({ pack }) => {
      loaded.set(locale, pack);
      applyDates();
      return pack;
    });
    // A failed load (network) may be retried by the next switch.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** antd's texts for a loaded language (undefined before its chunk is in: antd's built-in English). */
export function antdLocaleOf(locale: Locale): LanguagePack['antd'] | undefined {
  return loaded.get(locale)?.antd;
}

/**
 * i18next reads namespaces through this backend: the first namespace asked of a language loads
 * the language's chunk and adds all its namespaces, so the rest are in the store already.
 */
const languageBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    loadLanguage(language).then(
      ({ resources }) => {
        for (const [ns, bundle] of Object.entries(resources)) {
          if (ns !== namespace && !i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle);
        }
        callback(null, resources[namespace] ?? {});
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The language kept in the browser wins over the configuration's default (SPEC §1). */
export function initialLocale(storage: KeyValueStorage, configLocale: Locale | undefined): Locale {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  return configLocale ?? DEFAULT_LOCALE;
}

/**
 * Starts i18next in `locale`; the promise settles once that language's strings are in (the
 * console renders after it). A second call only switches the language.
 */
export function initI18n(locale: Locale): Promise<unknown> {
  if (i18n.isInitialized || i18n.isInitializing) {
    return i18n.language !== locale ? i18n.changeLanguage(locale) : loadLanguage(locale).then(applyDates);
  }
  return i18n
    .use(languageBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
}

export function currentLocale(): Locale {
  const lng = i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** Switches the language in place (no reload, after its chunk is in) and keeps it in localStorage. */
export async function changeLocale(locale: Locale, storage: KeyValueStorage = localStorage): Promise<void> {
  storage.setItem(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}
