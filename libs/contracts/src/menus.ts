import type { FeatureSwitch } from './constants.js';
import { Rights, type Right } from './rights.js';

/**
 * One node of the console's menu tree: the one source for the web's sidebar and the asset
 * service's menu catalogue (GET menus, customers' menu lists).
 */
export interface MenuNode {
  /** Route path of a leaf; a group's own key otherwise. */
  key: string;
  /** i18n key in the web's `layout` namespace. */
  labelKey: string;
  /**
   * Catalogue id (asset service). Stable: stored in customers' menu lists. Never renumber;
   * append new menus. Entries shown by a module right only have none.
   */
  id?: number;
  /**
   * Menu right of the entry (GET Permission/menus). On a leaf it grants the entry; on a group it
   * is the group's catalogue entry, and the sidebar shows a group when any child shows.
   */
  menuRight?: Right;
  /** Fine-grained right from the denied-modules list that grants the entry. */
  moduleRight?: Right;
  feature?: FeatureSwitch;
  children?: MenuNode[];
}

/**
 * The sidebar, in display order. Leaves carry the right that shows them; a group shows when any
 * child does. Areas not covered by a menu right of SPEC §6 (project centre, QA centre, data
 * handling, data-flow management) are shown by their "show" right in the denied-modules list.
 */
export const MENU_TREE: readonly MenuNode[] = [
  { id: 1, key: '/explore/globalMap', labelKey: 'menu.myAsset', menuRight: Rights.MENU_MY_ASSET },
  {
    id: 2,
    key: 'inspection',
    labelKey: 'menu.inspectionCenter',
    menuRight: Rights.MENU_INSPECTION_CENTER,
    children: [
      { id: 3, key: '/inspection/windPark', labelKey: 'menu.windFarmOverview', menuRight: Rights.MENU_WIND_FARM_OVERVIEW },
      { id: 4, key: '/inspection/turbine', labelKey: 'menu.turbineComponent', menuRight: Rights.MENU_TURBINE_COMPONENT },
      { id: 5, key: '/inspection/campaign', labelKey: 'menu.inspectionCampaign', menuRight: Rights.MENU_INSPECTION_CAMPAIGN },
      { id: 6, key: '/inspection/investigation', labelKey: 'menu.investigation', menuRight: Rights.MENU_INVESTIGATION },
    ],
  },
  {
    id: 7,
    key: 'repair',
    labelKey: 'menu.repairCenter',
    menuRight: Rights.MENU_REPAIR_CENTER,
    children: [
      { id: 8, key: '/repairPlan/repairCampaignList', labelKey: 'menu.repairOverview', menuRight: Rights.MENU_REPAIR_OVERVIEW },
      { id: 9, key: '/repairPlan/repairCampaignDetails', labelKey: 'menu.repairCampaign', menuRight: Rights.MENU_REPAIR_CAMPAIGN },
      { id: 10, key: '/repairPlan/repairPlanList', labelKey: 'menu.repairPlan', menuRight: Rights.MENU_REPAIR_PLAN },
    ],
  },
  {
    id: 11,
    key: 'dataCenter',
    labelKey: 'menu.dataCenter',
    menuRight: Rights.MENU_DATA_CENTER,
    children: [
      { id: 12, key: '/dataCenter/searchExport', labelKey: 'menu.searchExport', menuRight: Rights.MENU_SEARCH_EXPORT },
      { id: 14, key: '/dataCenter/dataInsight', labelKey: 'menu.dataInsight', menuRight: Rights.MENU_DATA_INSIGHT, feature: 'insights' },
      // No menu right of its own (SPEC §6 has none, no catalogue id): shown with the data-insight right, as repair reads it.
      { key: '/dataCenter/omOverview', labelKey: 'menu.omOverview', moduleRight: Rights.MENU_DATA_INSIGHT, feature: 'insights' },
      { id: 13, key: '/dataCenter/dataImport', labelKey: 'menu.dataImport', menuRight: Rights.MENU_DATA_IMPORT, feature: 'dataImport' },
    ],
  },
  {
    id: 15,
    key: 'delivery',
    labelKey: 'menu.deliveryCenter',
    menuRight: Rights.MENU_DELIVERY_CENTER,
    children: [
      {
        id: 16,
        key: '/deliveryManagement/progressDashboard',
        labelKey: 'menu.progressDashboard',
        menuRight: Rights.MENU_PROGRESS_DASHBOARD,
      },
      {
        id: 17,
        key: '/deliveryManagement/performanceStatistics',
        labelKey: 'menu.performanceStatistics',
        menuRight: Rights.MENU_PERFORMANCE_STATISTICS,
      },
      { id: 18, key: '/deliveryManagement/approvalTasks', labelKey: 'menu.pendingApprovals', menuRight: Rights.MENU_PENDING_APPROVALS },
      { id: 19, key: '/deliveryManagement/dpr', labelKey: 'menu.dailyProgressReport', menuRight: Rights.MENU_DAILY_PROGRESS_REPORT },
      { id: 20, key: '/deliveryManagement/dprList', labelKey: 'menu.campaignManagement', menuRight: Rights.MENU_CAMPAIGN_MANAGEMENT },
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
      {
        key: '/dataFlowManagement/dataImport',
        labelKey: 'menu.dataImport',
        moduleRight: Rights.DATA_INTEGRATION_SHOW,
        feature: 'dataImport',
      },
    ],
  },
  {
    id: 21,
    key: 'configuration',
    labelKey: 'menu.configurationCenter',
    menuRight: Rights.MENU_CONFIGURATION_CENTER,
    children: [
      { id: 22, key: '/configuration/userCenter', labelKey: 'menu.userCenter', menuRight: Rights.MENU_USER_CENTER },
      { id: 23, key: '/configuration/assetConfig', labelKey: 'menu.assetConfiguration', menuRight: Rights.MENU_ASSET_CONFIGURATION },
      { id: 24, key: '/configuration/defectConfig', labelKey: 'menu.defectConfiguration', menuRight: Rights.MENU_DEFECT_CONFIGURATION },
      { id: 25, key: '/configuration/repairConfig', labelKey: 'menu.repairConfiguration', menuRight: Rights.MENU_REPAIR_CONFIGURATION },
      {
        id: 26,
        key: '/configuration/dprActivityConfig',
        labelKey: 'menu.dprActivityConfiguration',
        menuRight: Rights.MENU_DPR_ACTIVITY_CONFIGURATION,
      },
      // No menu right of its own (SPEC §6 has none): shown with the defect-configuration show right, as the report service reads it.
      { key: '/configuration/reportConfig', labelKey: 'menu.reportConfiguration', moduleRight: Rights.DEFECT_CONFIG_SHOW },
    ],
  },
];

export interface MenuDef {
  id: number;
  right: Right;
  parentId: number | null;
}

/**
 * The asset service's menu catalogue: every tree entry with an id, in id order (the stored
 * `sort`; parents have smaller ids than their children, so they come first).
 */
export const MENU_CATALOGUE: readonly MenuDef[] = MENU_TREE.flatMap((node) => [
  { node, parentId: null as number | null },
  ...(node.children ?? []).map((child) => ({ node: child, parentId: node.id ?? null })),
])
  .filter(({ node }) => node.id !== undefined && node.menuRight !== undefined)
  .map(({ node, parentId }) => ({ id: node.id!, right: node.menuRight!, parentId }))
  .sort((a, b) => a.id - b.id);
