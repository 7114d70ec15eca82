import { useAppSelector } from '@/core/store';
import type { Locale } from '@/shared/contracts';

/** The interface language chosen in the store. */
export function useLocale(): Locale {
  return useAppSelector((s) => s.app.locale);
}
