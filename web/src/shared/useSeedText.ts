import { useCallback } from 'react';
import { seedText } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';

/**
 * Shows a stored name in the reader's language when the demo seeded it (contracts' SEED_TEXTS),
 * as stored otherwise (user-entered data stays as typed).
 */
export function useSeedText(): <T extends string | null | undefined>(text: T) => T | string {
  const locale = useLocale();
  return useCallback(<T extends string | null | undefined>(text: T) => seedText(text, locale), [locale]);
}
