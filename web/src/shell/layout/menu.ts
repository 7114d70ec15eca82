import { hasRight, Rights, type FeatureSwitches, type RightEntry } from '@/shared/contracts';

export interface MenuNode {
  /** Route path of a leaf; a group's own key otherwise. */
  key: string;
  /** i18n key in the `layout` namespace. */
  labelKey: string;
  /** Menu right that grants the entry (GET Permission/menus). */
  menuRight?: string;
  /** Fine-grained right from the denied-modules list that grants the entry. */
  moduleRight?: string;
  feature?: keyof FeatureSwitches;
  children?: MenuNode[];
}

/**
 * The sidebar. Leaves carry the right that shows them; a group shows when any child does.
 * Areas not covered by a menu right of SPEC §6 (project centre, QA centre, data handling,
 * data-flow management) are shown by their "show" right in the denied-modules list.
 */
export const MENU_TREE: MenuNode[] = [
  { key: '/explore/globalMap', labelKey: 'menu.myAsset', menuRight: Rights.MENU_MY_ASSET },
  {
    key: 'inspection',
    labelKey: 'menu.inspectionCenter',
    children: [
      { key: '/inspection/windPark', labelKey: 'menu.windFarmOverview', menuRight: Rights.MENU_WIND_FARM_OVERVIEW },
      { key: '/inspection/turbine', labelKey: 'menu.turbineComponent', menuRight: Rights.MENU_TURBINE_COMPONENT },
      { key: '/inspection/campaign', labelKey: 'menu.inspectionCampaign', menuRight: Rights.MENU_INSPECTION_CAMPAIGN },
      { key: '/inspection/investigation', labelKey: 'menu.investigation', menuRight: Rights.MENU_INVESTIGATION },
    ],
  },
  {
    key: 'repair',
    labelKey: 'menu.repairCenter',
    children: [
      { key: '/repairPlan/repairCampaignList', labelKey: 'menu.repairOverview', menuRight: Rights.MENU_REPAIR_OVERVIEW },
      { key: '/repairPlan/repairCampaignDetails', labelKey: 'menu.repairCampaign', menuRight: Rights.MENU_REPAIR_CAMPAIGN },
      { key: '/repairPlan/repairPlanList', labelKey: 'menu.repairPlan', menuRight: Rights.MENU_REPAIR_PLAN },
    ],
  },
  {
    key: 'dataCenter',
    labelKey: 'menu.dataCenter',
    children: [
      { key: '/dataCenter/searchExport', labelKey: 'menu.searchExport', menuRight: Rights.MENU_SEARCH_EXPORT },
      { key: '/dataCenter/dataInsight', labelKey: 'menu.dataInsight', menuRight: Rights.MENU_DATA_INSIGHT, feature: 'insights' },
      { key: '/dataCenter/dataImport', labelKey: 'menu.dataImport', menuRight: Rights.MENU_DATA_IMPORT, feature: 'dataImport' },
    ],
  },
  {
    key: 'delivery',
    labelKey: 'menu.deliveryCenter',
    children: [
      { key: '/deliveryManagement/progressDashboard', labelKey: 'menu.progressDashboard', menuRight: Rights.MENU_PROGRESS_DASHBOARD },
      {
        key: '/deliveryManagement/performanceStatistics',
        labelKey: 'menu.performanceStatistics',
        menuRight: Rights.MENU_PERFORMANCE_STATISTICS,
      },
      { key: '/deliveryManagement/approvalTasks', labelKey: 'menu.pendingApprovals', menuRight: Rights.MENU_PENDING_APPROVALS },
      { key: '/deliveryManagement/dpr', labelKey: 'menu.dailyProgressReport', menuRight: Rights.MENU_DAILY_PROGRESS_REPORT },
      { key: '/deliveryManagement/dprList', labelKey: 'menu.campaignManagement', menuRight: Rights.MENU_CAMPAIGN_MANAGEMENT },
    ],
  },
  { key: '/projectCenter/projectList', labelKey: 'menu.projectCenter', moduleRight: Rights.PROJECT_CENTER_SHOW },
  {
    key: 'qaCenter',
    labelKey: 'menu.qaCenter',
    children: [
      { key: '/qaCenter/taskPool', labelKey: 'menu.taskPool', moduleRight: Rights.QA_SHOW },
      { key: '/qaCenter/myTasks', labelKey: 'menu.myTasks', moduleRight: Rights.QA_SHOW },
      { key: '/qaCenter/todayTasks', labelKey: 'menu.todayTasks', moduleRight: Rights.QA_SHOW },
      { key: '/qaCenter/history', labelKey: 'menu.taskHistory', moduleRight: Rights.QA_SHOW },
    ],
  },
  {
    key: 'dataHanding',
    labelKey: 'menu.dataHandling',
    children: [
      { key: '/dataHanding/advanceSearch', labelKey: 'menu.advanceSearch', moduleRight: Rights.IMAGE_EXPORT, feature: 'advancedSearch' },
      { key: '/dataHanding/singlePointExport', labelKey: 'menu.singlePointExport', moduleRight: Rights.IMAGE_EXPORT },
    ],
  },
  {
    key: 'dataFlow',
    labelKey: 'menu.dataFlowManagement',
    children: [
      { key: '/dataFlowManagement/dataManagement', labelKey: 'menu.dataManagement', moduleRight: Rights.DATA_MANAGEMENT_SHOW },
      { key: '/dataFlowManagement/flowManagement', labelKey: 'menu.flowManagement', moduleRight: Rights.DATA_INTEGRATION_SHOW },
      { key: '/dataFlowManagement/dataImport', labelKey: 'menu.dataImport', moduleRight: Rights.DATA_INTEGRATION_SHOW, feature: 'dataImport' },
    ],
  },
  {
    key: 'configuration',
    labelKey: 'menu.configurationCenter',
    children: [
      { key: '/configuration/userCenter', labelKey: 'menu.userCenter', menuRight: Rights.MENU_USER_CENTER },
      { key: '/configuration/assetConfig', labelKey: 'menu.assetConfiguration', menuRight: Rights.MENU_ASSET_CONFIGURATION },
      { key: '/configuration/defectConfig', labelKey: 'menu.defectConfiguration', menuRight: Rights.MENU_DEFECT_CONFIGURATION },
      { key: '/configuration/repairConfig', labelKey: 'menu.repairConfiguration', menuRight: Rights.MENU_REPAIR_CONFIGURATION },
      {
        key: '/configuration/dprActivityConfig',
        labelKey: 'menu.dprActivityConfiguration',
        menuRight: Rights.MENU_DPR_ACTIVITY_CONFIGURATION,
      },
    ],
  },
];

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
