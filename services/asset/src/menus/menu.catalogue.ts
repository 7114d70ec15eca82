import { MENU_CATALOGUE, type MenuDef } from '@windward/contracts';

// The catalogue is derived from the console's menu tree in @windward/contracts (one source for
// the sidebar and this service); ids and order are pinned by the contracts' tests.
export { MENU_CATALOGUE, type MenuDef };

export const ALL_MENU_IDS: readonly number[] = MENU_CATALOGUE.map((m) => m.id);

/** The chosen menus plus every ancestor, so a chosen sub-menu is reachable; catalogue order. */
export function withParents(ids: Iterable<number>): number[] {
  const chosen = new Set(ids);
  for (const id of [...chosen]) {
    let parent = MENU_CATALOGUE.find((m) => m.id === id)?.parentId ?? null;
    while (parent !== null) {
      chosen.add(parent);
      parent = MENU_CATALOGUE.find((m) => m.id === parent)?.parentId ?? null;
    }
  }
  return ALL_MENU_IDS.filter((id) => chosen.has(id));
}
