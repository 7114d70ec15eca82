import type { ConfigProviderProps } from 'antd';
import { HTTP_TEXTS, type Locale } from '@/shared/contracts';

export type Json = { [key: string]: string | Json };

export type Resources = Record<string, Record<string, Json>>;

/** Groups locale files, `…/locales/<locale>/<namespace>.json`, by locale and namespace. */
export function collectResources(modules: Record<string, Json>): Resources {
  const out: Resources = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, locale, namespace] = match;
    (out[locale] ??= {})[namespace] = content;
  }
  return out;
}

/**
 * The `errors` namespace comes from the contracts' catalogue (SPEC §8 HTTP texts), so the
 * web and the services share one wording.
 */
export function contractNamespaces(locale: Locale): Record<string, Json> {
  return {
    errors: {
      http: {
        tip: HTTP_TEXTS.NO_ACCESS_TITLE[locale],
        noAccessRights: HTTP_TEXTS.NO_ACCESS_DESCRIPTION[locale],
        timeout408: HTTP_TEXTS.REQUEST_TIMEOUT[locale],
        network: HTTP_TEXTS.NETWORK_FAILURE[locale],
        accessDeny: HTTP_TEXTS.ACCESS_DENY[locale],
      },
    },
  };
}

/** What one language's chunk (`languages/<locale>.ts`) holds: every namespace, antd's texts and dayjs's locale. */
export interface LanguagePack {
  resources: Record<string, Json>;
  antd: NonNullable<ConfigProviderProps['locale']>;
  /** Makes dayjs format (month and day names, week start) in this language. */
  applyDates: () => void;
}
