import { RoleId } from './enums/roles.js';
import type { Locale } from './enums/locale.js';

/**
 * Every right of SPEC §6 as a string key. The key is what the denied-modules list
 * carries (`{ key, value }`), so keys must never be renamed silently.
 * Shapes: menu rights `menu.<name>`, show/edit pairs `<area>.show` / `<area>.edit`,
 * tabs `tab.<name>`, others `<area>.<verb>`.
 */
export const Rights = {
  // Menu rights
  MENU_MY_ASSET: 'menu.myAsset',
  MENU_INSPECTION_CENTER: 'menu.inspectionCenter',
  MENU_WIND_FARM_OVERVIEW: 'menu.windFarmOverview',
  MENU_TURBINE_COMPONENT: 'menu.turbineComponent',
  MENU_INSPECTION_CAMPAIGN: 'menu.inspectionCampaign',
  MENU_REPAIR_CENTER: 'menu.repairCenter',
  MENU_REPAIR_OVERVIEW: 'menu.repairOverview',
  MENU_REPAIR_CAMPAIGN: 'menu.repairCampaign',
  MENU_DAILY_PROGRESS_REPORT: 'menu.dailyProgressReport',
  MENU_REPAIR_PLAN: 'menu.repairPlan',
  MENU_CAMPAIGN_MANAGEMENT: 'menu.campaignManagement',
  MENU_DATA_CENTER: 'menu.dataCenter',
  MENU_SEARCH_EXPORT: 'menu.searchExport',
  MENU_DATA_IMPORT: 'menu.dataImport',
  MENU_DATA_INSIGHT: 'menu.dataInsight',
  MENU_CONFIGURATION_CENTER: 'menu.configurationCenter',
  MENU_USER_CENTER: 'menu.userCenter',
  MENU_ASSET_CONFIGURATION: 'menu.assetConfiguration',
  MENU_DEFECT_CONFIGURATION: 'menu.defectConfiguration',
  MENU_DELIVERY_CENTER: 'menu.deliveryCenter',
  MENU_PROGRESS_DASHBOARD: 'menu.progressDashboard',
  MENU_PERFORMANCE_STATISTICS: 'menu.performanceStatistics',
  MENU_PENDING_APPROVALS: 'menu.pendingApprovals',
  MENU_INVESTIGATION: 'menu.investigation',
  MENU_REPAIR_CONFIGURATION: 'menu.repairConfiguration',
  MENU_DPR_ACTIVITY_CONFIGURATION: 'menu.dprActivityConfiguration',

  // Show / edit pairs
  BLADE_SHOW: 'blade.show',
  BLADE_EDIT: 'blade.edit',
  NACELLE_SHOW: 'nacelle.show',
  NACELLE_EDIT: 'nacelle.edit',
  TOWER_SHOW: 'tower.show',
  TOWER_EDIT: 'tower.edit',
  FOUNDATION_SHOW: 'foundation.show',
  FOUNDATION_EDIT: 'foundation.edit',
  LPS_SHOW: 'lps.show',
  LPS_EDIT: 'lps.edit',
  PROJECT_CENTER_SHOW: 'projectCenter.show',
  PROJECT_CENTER_EDIT: 'projectCenter.edit',
  USER_LIST_SHOW: 'userList.show',
  USER_LIST_EDIT: 'userList.edit',
  CUSTOMER_LIST_SHOW: 'customerList.show',
  CUSTOMER_LIST_EDIT: 'customerList.edit',
  ORGANIZATION_LIST_SHOW: 'organizationList.show',
  ORGANIZATION_LIST_EDIT: 'organizationList.edit',
  ASSET_CONFIG_SHOW: 'assetConfig.show',
  ASSET_CONFIG_EDIT: 'assetConfig.edit',
  DEFECT_CONFIG_SHOW: 'defectConfig.show',
  DEFECT_CONFIG_EDIT: 'defectConfig.edit',
  PROGRESS_DASHBOARD_SHOW: 'progressDashboard.show',
  PROGRESS_DASHBOARD_EDIT: 'progressDashboard.edit',
  APPROVAL_TASKS_SHOW: 'approvalTasks.show',
  APPROVAL_TASKS_EDIT: 'approvalTasks.edit',
  DATA_MANAGEMENT_SHOW: 'dataManagement.show',
  DATA_MANAGEMENT_EDIT: 'dataManagement.edit',
  DATA_INTEGRATION_SHOW: 'dataIntegration.show',
  DATA_INTEGRATION_EDIT: 'dataIntegration.edit',
  REPAIR_PLAN_SHOW: 'repairPlan.show',
  REPAIR_PLAN_EDIT: 'repairPlan.edit',
  PERFORMANCE_STATISTICS_SHOW: 'performanceStatistics.show',
  PERFORMANCE_STATISTICS_EDIT: 'performanceStatistics.edit',
  PERFORMANCE_STATISTICS_ORGANIZATION_EDIT: 'performanceStatistics.organizationEdit',
  DPR_ACTIVITY_CONFIG_SHOW: 'dprActivityConfig.show',
  DPR_ACTIVITY_CONFIG_EDIT: 'dprActivityConfig.edit',

  // Other rights
  IMAGE_EXPORT: 'image.export',
  CUSTOMER_PROJECT_TYPE_OPTION_SHOW: 'customerProjectTypeOption.show',
  CUSTOMER_ORGANIZATION_EDIT: 'customerOrganization.edit',
  REPAIR_CAMPAIGN_EDIT: 'repairCampaign.edit',
  REPAIR_CAMPAIGN_DETAIL_EDIT: 'repairCampaignDetail.edit',
  REPAIR_TECHNICIAN_GRANT: 'repairTechnician.grant',
  TECHNICIAN_SHOW: 'technician.show',
  REPAIR_EDIT: 'repair.edit',
  QA_SHOW: 'qa.show',
  QA_EDIT: 'qa.edit',
  DPR_SHOW: 'dpr.show',
  DPR_APPROVE: 'dpr.approve',
  CAMPAIGN_MANAGER_SHOW: 'campaignManager.show',
  TURBINE_ADD: 'turbine.add',
  LICENCE: 'licence.manage',
  DATA_PERMISSION_EDIT: 'dataPermission.edit',
  IMAGE_DELETE_MODE: 'image.deleteMode',
  INSPECTION_DATA: 'inspectionData.manage',
  BLADE_LINK: 'bladeLink.manage',
  INVESTIGATION_EDIT: 'investigation.edit',
  INVESTIGATION_POOL: 'investigation.pool',
  INVESTIGATION_CAMPAIGN: 'investigation.campaign',
  OPERATION_PROJECT_EDIT: 'operationProject.edit',
  OPERATION_PROJECT_SHOW: 'operationProject.show',
  OPERATION_PROJECT_OPERATE: 'operationProject.operate',
  REPAIR_TEMPLATE_EDIT: 'repairTemplate.edit',
  TAB_CHANGE_RATE_STATISTICS: 'tab.changeRateStatistics',
  TAB_ERROR_SET: 'tab.errorSet',
  TAB_INSPECTION_LIST: 'tab.inspectionList',
  TAB_INSPECTION_TASK: 'tab.inspectionTask',
} as const;
export type Right = (typeof Rights)[keyof typeof Rights];

export const ALL_RIGHTS: readonly Right[] = Object.values(Rights);

export const MENU_RIGHTS: readonly Right[] = ALL_RIGHTS.filter((r) => r.startsWith('menu.'));

export function isRight(value: unknown): value is Right {
  return typeof value === 'string' && (ALL_RIGHTS as readonly string[]).includes(value);
}

/** Texts for the configuration screens; a missing right or language fails to compile. */
export const RIGHT_LABELS = {
  en_us: {
    'menu.myAsset': 'My asset',
    'menu.inspectionCenter': 'Inspection center',
    'menu.windFarmOverview': 'Wind farm overview',
    'menu.turbineComponent': 'Turbine component',
    'menu.inspectionCampaign': 'Inspection campaign',
    'menu.repairCenter': 'Repair center',
    'menu.repairOverview': 'Repair overview',
    'menu.repairCampaign': 'Repair campaign',
    'menu.dailyProgressReport': 'Daily progress report',
    'menu.repairPlan': 'Repair plan',
    'menu.campaignManagement': 'Campaign management',
    'menu.dataCenter': 'Data center',
    'menu.searchExport': 'Search/export',
    'menu.dataImport': 'Data import',
    'menu.dataInsight': 'Data insight',
    'menu.configurationCenter': 'Configuration center',
    'menu.userCenter': 'User center',
    'menu.assetConfiguration': 'Asset configuration',
    'menu.defectConfiguration': 'Defect configuration',
    'menu.deliveryCenter': 'Delivery center',
    'menu.progressDashboard': 'Progress dashboard',
    'menu.performanceStatistics': 'Performance statistics',
    'menu.pendingApprovals': 'Pending approvals',
    'menu.investigation': 'Investigation',
    'menu.repairConfiguration': 'Repair configuration',
    'menu.dprActivityConfiguration': 'DPR activity configuration',
    'blade.show': 'Show blade',
    'blade.edit': 'Edit blade',
    'nacelle.show': 'Show nacelle',
    'nacelle.edit': 'Edit nacelle',
    'tower.show': 'Show tower',
    'tower.edit': 'Edit tower',
    'foundation.show': 'Show foundation',
    'foundation.edit': 'Edit foundation',
    'lps.show': 'Show LPS',
    'lps.edit': 'Edit LPS',
    'projectCenter.show': 'Show project center',
    'projectCenter.edit': 'Edit project center',
    'userList.show': 'Show user list',
    'userList.edit': 'Edit user list',
    'customerList.show': 'Show customer list',
    'customerList.edit': 'Edit customer list',
    'organizationList.show': 'Show organization list',
    'organizationList.edit': 'Edit organization list',
    'assetConfig.show': 'Show asset configuration',
    'assetConfig.edit': 'Edit asset configuration',
    'defectConfig.show': 'Show defect configuration',
    'defectConfig.edit': 'Edit defect configuration',
    'progressDashboard.show': 'Show progress dashboard',
    'progressDashboard.edit': 'Edit progress dashboard',
    'approvalTasks.show': 'Show approval tasks',
    'approvalTasks.edit': 'Edit approval tasks',
    'dataManagement.show': 'Show data management',
    'dataManagement.edit': 'Edit data management',
    'dataIntegration.show': 'Show data integration',
    'dataIntegration.edit': 'Edit data integration',
    'repairPlan.show': 'Show repair plan',
    'repairPlan.edit': 'Edit repair plan',
    'performanceStatistics.show': 'Show performance statistics',
    'performanceStatistics.edit': 'Edit performance statistics',
    'performanceStatistics.organizationEdit': 'Edit performance statistics organization',
    'dprActivityConfig.show': 'Show DPR activity configuration',
    'dprActivityConfig.edit': 'Edit DPR activity configuration',
    'image.export': 'Export images',
    'customerProjectTypeOption.show': 'Show customer and project type options',
    'customerOrganization.edit': 'Edit customer organization',
    'repairCampaign.edit': 'Edit repair campaign',
    'repairCampaignDetail.edit': 'Edit repair campaign details',
    'repairTechnician.grant': 'Grant repair technicians',
    'technician.show': 'Show technicians',
    'repair.edit': 'Edit repairs',
    'qa.show': 'Show QA',
    'qa.edit': 'Edit QA',
    'dpr.show': 'Show daily progress reports',
    'dpr.approve': 'Approve daily progress reports',
    'campaignManager.show': 'Show campaign manager',
    'turbine.add': 'Add turbine',
    'licence.manage': 'Licence',
    'dataPermission.edit': 'Edit data permissions',
    'image.deleteMode': 'Image delete mode',
    'inspectionData.manage': 'Inspection data',
    'bladeLink.manage': 'Blade link',
    'investigation.edit': 'Edit investigation',
    'investigation.pool': 'Investigation pool',
    'investigation.campaign': 'Investigation campaign',
    'operationProject.edit': 'Edit O&M project',
    'operationProject.show': 'Show O&M project',
    'operationProject.operate': 'Operate O&M project',
    'repairTemplate.edit': 'Edit repair template',
    'tab.changeRateStatistics': 'Change rate statistics tab',
    'tab.errorSet': 'Error set tab',
    'tab.inspectionList': 'Inspection list tab',
    'tab.inspectionTask': 'Inspection task tab',
  },
  zh_cn: {
    'menu.myAsset': '我的资产',
    'menu.inspectionCenter': '巡检中心',
    'menu.windFarmOverview': '风场概览',
    'menu.turbineComponent': '风机部件',
    'menu.inspectionCampaign': '巡检活动',
    'menu.repairCenter': '维修中心',
    'menu.repairOverview': '维修概览',
    'menu.repairCampaign': '维修活动',
    'menu.dailyProgressReport': '日报',
    'menu.repairPlan': '维修计划',
    'menu.campaignManagement': '活动管理',
    'menu.dataCenter': '数据中心',
    'menu.searchExport': '搜索/导出',
    'menu.dataImport': '数据导入',
    'menu.dataInsight': '数据洞察',
    'menu.configurationCenter': '配置中心',
    'menu.userCenter': '用户中心',
    'menu.assetConfiguration': '资产配置',
    'menu.defectConfiguration': '缺陷配置',
    'menu.deliveryCenter': '交付中心',
    'menu.progressDashboard': '进度看板',
    'menu.performanceStatistics': '绩效统计',
    'menu.pendingApprovals': '待审批',
    'menu.investigation': '调查',
    'menu.repairConfiguration': '维修配置',
    'menu.dprActivityConfiguration': '日报活动配置',
    'blade.show': '查看叶片',
    'blade.edit': '编辑叶片',
    'nacelle.show': '查看机舱',
    'nacelle.edit': '编辑机舱',
    'tower.show': '查看塔筒',
    'tower.edit': '编辑塔筒',
    'foundation.show': '查看基础',
    'foundation.edit': '编辑基础',
    'lps.show': '查看防雷系统',
    'lps.edit': '编辑防雷系统',
    'projectCenter.show': '查看项目中心',
    'projectCenter.edit': '编辑项目中心',
    'userList.show': '查看用户列表',
    'userList.edit': '编辑用户列表',
    'customerList.show': '查看客户列表',
    'customerList.edit': '编辑客户列表',
    'organizationList.show': '查看组织列表',
    'organizationList.edit': '编辑组织列表',
    'assetConfig.show': '查看资产配置',
    'assetConfig.edit': '编辑资产配置',
    'defectConfig.show': '查看缺陷配置',
    'defectConfig.edit': '编辑缺陷配置',
    'progressDashboard.show': '查看进度看板',
    'progressDashboard.edit': '编辑进度看板',
    'approvalTasks.show': '查看审批任务',
    'approvalTasks.edit': '编辑审批任务',
    'dataManagement.show': '查看数据管理',
    'dataManagement.edit': '编辑数据管理',
    'dataIntegration.show': '查看数据集成',
    'dataIntegration.edit': '编辑数据集成',
    'repairPlan.show': '查看维修计划',
    'repairPlan.edit': '编辑维修计划',
    'performanceStatistics.show': '查看绩效统计',
    'performanceStatistics.edit': '编辑绩效统计',
    'performanceStatistics.organizationEdit': '编辑绩效统计组织',
    'dprActivityConfig.show': '查看日报活动配置',
    'dprActivityConfig.edit': '编辑日报活动配置',
    'image.export': '导出图片',
    'customerProjectTypeOption.show': '显示客户和项目类型选项',
    'customerOrganization.edit': '编辑客户组织',
    'repairCampaign.edit': '编辑维修活动',
    'repairCampaignDetail.edit': '编辑维修活动详情',
    'repairTechnician.grant': '授权维修技术员',
    'technician.show': '查看技术员',
    'repair.edit': '编辑维修',
    'qa.show': '查看质检',
    'qa.edit': '编辑质检',
    'dpr.show': '查看日报',
    'dpr.approve': '审批日报',
    'campaignManager.show': '查看活动经理',
    'turbine.add': '添加风机',
    'licence.manage': '许可证',
    'dataPermission.edit': '编辑数据权限',
    'image.deleteMode': '图片删除模式',
    'inspectionData.manage': '巡检数据',
    'bladeLink.manage': '叶片关联',
    'investigation.edit': '编辑调查',
    'investigation.pool': '调查池',
    'investigation.campaign': '调查活动',
    'operationProject.edit': '编辑运维项目',
    'operationProject.show': '查看运维项目',
    'operationProject.operate': '操作运维项目',
    'repairTemplate.edit': '编辑维修模板',
    'tab.changeRateStatistics': '变更率统计标签页',
    'tab.errorSet': '错误集标签页',
    'tab.inspectionList': '巡检列表标签页',
    'tab.inspectionTask': '巡检任务标签页',
  },
} as const satisfies Record<Locale, Record<Right, string>>;

// ---------------------------------------------------------------------------
// Default role → rights matrix.
// The spec leaves "which roles get which rights" open (SPEC §6), so this is our
// starting point; the identity service seeds roles from it and admins may change them.
// Reasoning:
// - SA/DA administer the platform; project managers work with DA rights → everything.
// - DR (data reviewer) sees everything an admin sees and does QA, but changes nothing else.
// - Customer roles read asset, inspection and report data of their own customer
//   (data scope is enforced separately); CA also manages its customer's users.
// - Labelers work in the QA center (task pool + my tasks) only.
// - Engineers analyse inspections: defects, timelines, blade links, investigations.
// - Report reviewers read inspections and produce/export reports.
// - Repair technicians see repair work and record progress.
// - Pilots upload and import data.
// ---------------------------------------------------------------------------

const ASSET_READ: readonly Right[] = [
  Rights.MENU_MY_ASSET,
  Rights.MENU_INSPECTION_CENTER,
  Rights.MENU_WIND_FARM_OVERVIEW,
  Rights.MENU_TURBINE_COMPONENT,
  Rights.BLADE_SHOW,
  Rights.NACELLE_SHOW,
  Rights.TOWER_SHOW,
  Rights.FOUNDATION_SHOW,
  Rights.LPS_SHOW,
];

const REPORT_READ: readonly Right[] = [Rights.MENU_DATA_CENTER, Rights.MENU_SEARCH_EXPORT, Rights.MENU_DATA_INSIGHT, Rights.IMAGE_EXPORT];

const QA: readonly Right[] = [Rights.QA_SHOW, Rights.QA_EDIT, Rights.TAB_INSPECTION_TASK];

/** Everything that only shows (menus, *.show, tabs); used for the reviewer role. */
const ALL_READ: readonly Right[] = ALL_RIGHTS.filter((r) => r.startsWith('menu.') || r.startsWith('tab.') || r.endsWith('.show'));

const unique = (...lists: ReadonlyArray<readonly Right[]>): readonly Right[] => [...new Set(lists.flat())];

const CUSTOMER_READ = unique(ASSET_READ, REPORT_READ, [Rights.MENU_INSPECTION_CAMPAIGN]);

/** CA manages the users of its own customer (the data scope limits it to that customer). */
const CUSTOMER_ADMIN = unique(CUSTOMER_READ, [
  Rights.MENU_CONFIGURATION_CENTER,
  Rights.MENU_USER_CENTER,
  Rights.USER_LIST_SHOW,
  Rights.USER_LIST_EDIT,
]);

export const DEFAULT_ROLE_RIGHTS: Readonly<Record<RoleId, readonly Right[]>> = {
  [RoleId.SA]: ALL_RIGHTS,
  [RoleId.SA_LEGACY]: ALL_RIGHTS,
  [RoleId.DA]: ALL_RIGHTS,
  [RoleId.DA_LEGACY]: ALL_RIGHTS,
  [RoleId.DR]: unique(ALL_READ, QA),
  [RoleId.CA]: CUSTOMER_ADMIN,
  [RoleId.CA_LEGACY]: CUSTOMER_ADMIN,
  [RoleId.CW]: CUSTOMER_READ,
  [RoleId.CR]: CUSTOMER_READ,
  [RoleId.REPAIR_TECHNICIAN]: [
    Rights.MENU_REPAIR_CENTER,
    Rights.MENU_REPAIR_OVERVIEW,
    Rights.MENU_REPAIR_CAMPAIGN,
    Rights.MENU_REPAIR_PLAN,
    Rights.REPAIR_PLAN_SHOW,
    Rights.REPAIR_EDIT,
    Rights.REPAIR_CAMPAIGN_DETAIL_EDIT,
    Rights.TECHNICIAN_SHOW,
  ],
  [RoleId.PILOT]: [
    Rights.MENU_DATA_CENTER,
    Rights.MENU_DATA_IMPORT,
    Rights.DATA_MANAGEMENT_SHOW,
    Rights.DATA_INTEGRATION_SHOW,
    Rights.DATA_INTEGRATION_EDIT,
  ],
  [RoleId.LABELER]: QA,
  [RoleId.ENGINEER]: unique(ASSET_READ, [
    Rights.BLADE_EDIT,
    Rights.NACELLE_EDIT,
    Rights.TOWER_EDIT,
    Rights.FOUNDATION_EDIT,
    Rights.LPS_EDIT,
    Rights.DEFECT_CONFIG_SHOW,
    Rights.INSPECTION_DATA,
    Rights.BLADE_LINK,
    Rights.MENU_INVESTIGATION,
    Rights.INVESTIGATION_POOL,
    Rights.INVESTIGATION_EDIT,
    Rights.TAB_INSPECTION_LIST,
    Rights.TAB_CHANGE_RATE_STATISTICS,
  ]),
  [RoleId.REPORT_REVIEWER]: unique(ASSET_READ, REPORT_READ),
};

/** Union of the default rights of the given roles; unknown role ids add nothing. */
export function rightsForRoles(roleIds: Iterable<number>): Right[] {
  const out = new Set<Right>();
  for (const id of roleIds) {
    const list = (DEFAULT_ROLE_RIGHTS as Readonly<Record<number, readonly Right[] | undefined>>)[id];
    list?.forEach((r) => out.add(r));
  }
  return ALL_RIGHTS.filter((r) => out.has(r));
}

/** One entry of the denied-modules list fetched from identity (SPEC §6). */
export interface RightEntry {
  key: string;
  value: boolean;
}

/** A right is granted only if its key is present with value true; unknown keys are denied. */
export function hasRight(deniedModules: ReadonlyArray<RightEntry> | null | undefined, right: string): boolean {
  if (!Array.isArray(deniedModules)) return false;
  return deniedModules.some((e) => e != null && e.key === right && e.value === true);
}

/** The denied-modules list a set of granted rights produces: every known right, true or false. */
export function toRightEntries(granted: Iterable<string>): RightEntry[] {
  const set = new Set(granted);
  return ALL_RIGHTS.map((key) => ({ key, value: set.has(key) }));
}

/** The spec's all-true fallback sample (SPEC §6). */
export const ALL_TRUE_RIGHT_ENTRIES: readonly RightEntry[] = toRightEntries(ALL_RIGHTS);

/**
 * Rights that open a screen of the sidebar: the menu rights of SPEC §6 plus the areas the spec
 * names without a menu right (QA centre, project centre, data flow management, data handling).
 * `GET /context/api/v2/Permission/menus` answers the caller's share of these, so a labeler whose
 * only screen is the QA centre is not told "Access deny".
 */
export const SCREEN_RIGHTS: readonly Right[] = [
  ...MENU_RIGHTS,
  Rights.QA_SHOW,
  Rights.PROJECT_CENTER_SHOW,
  Rights.DATA_MANAGEMENT_SHOW,
  Rights.DATA_INTEGRATION_SHOW,
  Rights.IMAGE_EXPORT,
];

/** The areas of SPEC §6 "Show and edit pairs": each has `<area>.show` and `<area>.edit` (performance statistics adds the organization edit). */
export const SHOW_EDIT_AREAS = [
  'blade',
  'nacelle',
  'tower',
  'foundation',
  'lps',
  'projectCenter',
  'userList',
  'customerList',
  'organizationList',
  'assetConfig',
  'defectConfig',
  'progressDashboard',
  'approvalTasks',
  'dataManagement',
  'dataIntegration',
  'repairPlan',
  'performanceStatistics',
  'dprActivityConfig',
] as const;
export type ShowEditArea = (typeof SHOW_EDIT_AREAS)[number];
