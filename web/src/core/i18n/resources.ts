import { LOCALES, type Locale } from '@/shared/contracts';
import { collectResources, contractNamespaces, type Json, type Resources } from './collect';

export { collectResources, contractNamespaces, type Json, type Resources };

/**
 * Every language's strings at once, for the key-set checks (resources.test.ts) only: the console
 * itself loads one language's chunk at a time (`languages/<locale>.ts`, see index.ts).
 */
const files = import.meta.glob<Json>('../../locales/*/*.json', { eager: true, import: 'default' });

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
