import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_SWITCHES, Rights } from '@/shared/contracts';
import { buildMenu, MENU_TREE, selectedMenuKey } from './menu';

const features = { ...DEFAULT_FEATURE_SWITCHES };

describe('sidebar menu', () => {
  it('shows only granted entries; a group shows when a child does', () => {
    const menu = buildMenu(MENU_TREE, {
      menuRights: [Rights.MENU_MY_ASSET, Rights.MENU_REPAIR_PLAN],
      deniedModules: [],
      features,
    });
    expect(menu.map((n) => n.key)).toEqual(['/explore/globalMap', 'repair']);
    expect(menu[1].children?.map((c) => c.key)).toEqual(['/repairPlan/repairPlanList']);
  });

  it('uses the denied-modules list for areas without a menu right (present and true only)', () => {
    const menu = buildMenu(MENU_TREE, {
      menuRights: [],
      deniedModules: [
        { key: Rights.PROJECT_CENTER_SHOW, value: true },
        { key: Rights.QA_SHOW, value: false },
      ],
      features,
    });
    expect(menu.map((n) => n.key)).toEqual(['/projectCenter/projectList']);
  });

  it('hides entries whose feature switch is off', () => {
    const menu = buildMenu(MENU_TREE, {
      menuRights: [Rights.MENU_DATA_INSIGHT, Rights.MENU_SEARCH_EXPORT],
      deniedModules: [],
      features: { ...features, insights: false },
    });
    expect(menu.find((n) => n.key === 'dataCenter')?.children?.map((c) => c.key)).toEqual(['/dataCenter/searchExport']);
  });

  it('every menu right of the contracts that names a screen is used by the menu', () => {
    const used = new Set(MENU_TREE.flatMap((n) => [n, ...(n.children ?? [])]).map((n) => n.menuRight));
    const groupRights = ['menu.inspectionCenter', 'menu.repairCenter', 'menu.dataCenter', 'menu.configurationCenter', 'menu.deliveryCenter'];
    const screens = Object.values(Rights).filter((r) => r.startsWith('menu.') && !groupRights.includes(r));
    expect(screens.filter((r) => !used.has(r))).toEqual([]);
  });

  it('selects the entry of the current route (longest prefix)', () => {
    expect(selectedMenuKey(MENU_TREE, '/inspection/investigation/campaign/campaignDetail')).toBe('/inspection/investigation');
    expect(selectedMenuKey(MENU_TREE, '/explore/globalMap')).toBe('/explore/globalMap');
    expect(selectedMenuKey(MENU_TREE, '/labeling')).toBeUndefined();
  });
});
