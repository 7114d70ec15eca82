import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MENU_TREE, type MenuNode } from '@windward/contracts';

/** The menu leaf a path belongs to (longest prefix): its label is the page's title. */
export function menuLeafOf(pathname: string, tree: readonly MenuNode[] = MENU_TREE): MenuNode | undefined {
  const leaves = tree.flatMap((n) => n.children ?? [n]);
  let best: MenuNode | undefined;
  for (const leaf of leaves) {
    if ((pathname === leaf.key || pathname.startsWith(`${leaf.key}/`)) && (!best || leaf.key.length > best.key.length)) best = leaf;
  }
  return best;
}

/**
 * The title of the current page: the name of its menu entry, so the sidebar and the page say
 * the same (issue #15). `fallback` for pages without a menu entry.
 */
export function usePageTitle(fallback = ''): string {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const leaf = menuLeafOf(pathname);
  return leaf ? t(leaf.labelKey) : fallback;
}

/** Sets the browser tab's title: "<page> · Windward" (just the brand without a page title). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('layout');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
