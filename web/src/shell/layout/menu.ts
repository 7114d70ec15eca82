import { hasRight, MENU_TREE, type FeatureSwitches, type MenuNode, type RightEntry } from '@/shared/contracts';

// The tree itself is in @windward/contracts: the asset service's menu catalogue is derived from
// the same source. This file decides what the signed-in user sees of it.
export { MENU_TREE, type MenuNode };

export interface MenuGrants {
  menuRights: readonly string[];
  deniedModules: readonly RightEntry[];
  features: FeatureSwitches;
}

function leafVisible(node: MenuNode, grants: MenuGrants, menuSet: Set<string>): boolean {
  if (node.feature && !grants.features[node.feature]) return false;
  if (node.menuRight) return menuSet.has(node.menuRight);
  if (node.moduleRight) return hasRight(grants.deniedModules, node.moduleRight);
  return false;
}

/** The menu the signed-in user sees. */
export function buildMenu(tree: readonly MenuNode[], grants: MenuGrants): MenuNode[] {
  const menuSet = new Set(grants.menuRights);
  const out: MenuNode[] = [];
  for (const node of tree) {
    if (node.children) {
      const children = node.children.filter((c) => leafVisible(c, grants, menuSet));
      if (children.length > 0) out.push({ ...node, children });
    } else if (leafVisible(node, grants, menuSet)) {
      out.push(node);
    }
  }
  return out;
}

/** The leaf key matching the current path (longest prefix), for the menu's selection. */
export function selectedMenuKey(tree: readonly MenuNode[], pathname: string): string | undefined {
  const leaves = tree.flatMap((n) => n.children ?? [n]);
  let best: string | undefined;
  for (const { key } of leaves) {
    if ((pathname === key || pathname.startsWith(`${key}/`)) && (!best || key.length > best.length)) best = key;
  }
  return best;
}
