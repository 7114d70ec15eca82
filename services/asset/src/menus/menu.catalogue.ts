import { Rights, type Right } from '@windward/contracts';

export interface MenuDef {
  /** Stable: stored in customers' menu lists. Never renumber; append new menus. */
  id: number;
  right: Right;
  parentId: number | null;
}

/**
 * The console's menu tree, one entry per menu right of SPEC §6 (a unit test checks that every
 * menu right appears exactly once). Grouping follows the route table of SPEC §2.
 */
export const MENU_CATALOGUE: readonly MenuDef[] = [
  { id: 1, right: Rights.MENU_MY_ASSET, parentId: null },
  { id: 2, right: Rights.MENU_INSPECTION_CENTER, parentId: null },
  { id: 3, right: Rights.MENU_WIND_FARM_OVERVIEW, parentId: 2 },
  { id: 4, right: Rights.MENU_TURBINE_COMPONENT, parentId: 2 },
  { id: 5, right: Rights.MENU_INSPECTION_CAMPAIGN, parentId: 2 },
  { id: 6, right: Rights.MENU_INVESTIGATION, parentId: 2 },
  { id: 7, right: Rights.MENU_REPAIR_CENTER, parentId: null },
  { id: 8, right: Rights.MENU_REPAIR_OVERVIEW, parentId: 7 },
  { id: 9, right: Rights.MENU_REPAIR_CAMPAIGN, parentId: 7 },
  { id: 10, right: Rights.MENU_REPAIR_PLAN, parentId: 7 },
  { id: 11, right: Rights.MENU_DATA_CENTER, parentId: null },
  { id: 12, right: Rights.MENU_SEARCH_EXPORT, parentId: 11 },
  { id: 13, right: Rights.MENU_DATA_IMPORT, parentId: 11 },
  { id: 14, right: Rights.MENU_DATA_INSIGHT, parentId: 11 },
  { id: 15, right: Rights.MENU_DELIVERY_CENTER, parentId: null },
  { id: 16, right: Rights.MENU_PROGRESS_DASHBOARD, parentId: 15 },
  { id: 17, right: Rights.MENU_PERFORMANCE_STATISTICS, parentId: 15 },
  { id: 18, right: Rights.MENU_PENDING_APPROVALS, parentId: 15 },
  { id: 19, right: Rights.MENU_DAILY_PROGRESS_REPORT, parentId: 15 },
  { id: 20, right: Rights.MENU_CAMPAIGN_MANAGEMENT, parentId: 15 },
  { id: 21, right: Rights.MENU_CONFIGURATION_CENTER, parentId: null },
  { id: 22, right: Rights.MENU_USER_CENTER, parentId: 21 },
  { id: 23, right: Rights.MENU_ASSET_CONFIGURATION, parentId: 21 },
  { id: 24, right: Rights.MENU_DEFECT_CONFIGURATION, parentId: 21 },
  { id: 25, right: Rights.MENU_REPAIR_CONFIGURATION, parentId: 21 },
  { id: 26, right: Rights.MENU_DPR_ACTIVITY_CONFIGURATION, parentId: 21 },
];

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
