import { HTTP_TEXTS, LOCALES, type Locale } from '@/shared/contracts';

type Json = { [key: string]: string | Json };

/** All locale files, `src/locales/<locale>/<namespace>.json`, picked up at build time. */
const files = import.meta.glob<Json>('../../locales/*/*.json', { eager: true, import: 'default' });

export type Resources = Record<string, Record<string, Json>>;

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

const fromFiles = collectResources(files);

export const resources: Resources = Object.fromEntries(
  LOCALES.map((locale) => [locale, { ...(fromFiles[locale] ?? {}), ...contractNamespaces(locale) }]),
);

export const NAMESPACES: string[] = Object.keys(resources.en_us ?? {});

/** Flattens nested resources to dotted keys: `ns:a.b.c`. */
export function flattenKeys(tree: Json, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}

export function keySet(locale: Locale, all: Resources = resources): string[] {
  const namespaces = all[locale] ?? {};
  return Object.entries(namespaces)
    .flatMap(([ns, tree]) => flattenKeys(tree).map((k) => `${ns}:${k}`))
    .sort();
}
