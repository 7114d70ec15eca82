import type { TFunction } from 'i18next';
import { VIEW_INDEX_LABELS, chamberLabel, labelOf, type Locale } from './contracts';
import type { SarPath } from './sortAndRemoveApi';

type ViewIndex = keyof (typeof VIEW_INDEX_LABELS)['en_us'];

/**
 * "Blade 1 · LE · Leading edge chamber" / "叶片1 · 前缘 · 前缘腔": blade, view index name and chamber
 * (SPEC §3 labels from the contracts; chamber 0 adds nothing).
 */
export function pathTitle(p: Pick<SarPath, 'bladePosition' | 'pathViewIndex' | 'chamber'>, locale: Locale, t: TFunction): string {
  const parts = [
    p.bladePosition === null ? t('sortAndRemove:path.noBlade') : t('sortAndRemove:path.blade', { n: p.bladePosition }),
    p.pathViewIndex === null ? t('sortAndRemove:path.noView') : labelOf(VIEW_INDEX_LABELS, p.pathViewIndex as ViewIndex, locale),
  ];
  const chamber = chamberLabel(p.chamber, locale);
  if (chamber) parts.push(chamber);
  return parts.join(' · ');
}
