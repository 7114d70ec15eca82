import type { Locale } from '@/shared/contracts';

/** The catalogue's text of a failed call's body (SPEC §8): `lookupMessage` of the contracts. */
export type LookupMessage = (body: unknown, locale: Locale, path?: string) => string;

let loading: Promise<LookupMessage> | undefined;

/**
 * The error catalogue (every named and numeric error in both languages) is a chunk of its own,
 * loaded by the first failed call: the first page does not carry it (docs/performance.md,
 * session 17). Screens that word errors themselves import `lookupMessage` as usual.
 */
export function loadErrorCatalogue(): Promise<LookupMessage> {
  loading ??= import('./errorLookup').then((m) => m.lookupMessage);
  // A failed load (network) may be retried by the next failure.
  loading.catch(() => (loading = undefined));
  return loading;
}
