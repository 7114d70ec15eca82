import type { NamedErrorEntry } from './types.js';

/**
 * Named messages of SPEC §8 ("Named messages" and "Other warnings"), the messages the
 * validation rules of §5 need, and a few protocol-level ones every service uses.
 * `message` is the canonical English text the server sends (the spec's own words where
 * it gives them, capitalised as a sentence); en_us/zh_cn are what users read.
 * Placeholders `{name}` are filled from params.
 * `satisfies Record<string, NamedErrorEntry>` makes a missing language or status a compile error.
 */
export const NAMED_ERRORS = {
  // --- access and session -------------------------------------------------------------
  ACCESS_DENIED: { message: 'Access denied', en_us: 'Access denied.', zh_cn: '访问被拒绝。', status: 403 },
  ACCOUNT_EXPIRED: {
    message: 'Account expired',
    en_us: 'Your account has expired. Please contact your administrator.',
    zh_cn: '您的账号已过期，请联系管理员。',
    status: 403,
  },
  NO_ACCESS_RIGHTS: { message: 'No access rights', en_us: 'No access rights.', zh_cn: '没有访问权限。', status: 403 },
  NO_ACCESS: { message: 'No access', en_us: 'No access.', zh_cn: '无权访问。', status: 403 },
  OPERATION_DENIED: {
    message: 'Operation denied',
    en_us: 'This operation is not allowed.',
    zh_cn: '不允许执行此操作。',
    status: 403,
  },
  UNAUTHORIZED: {
    message: 'Unauthorized',
    en_us: 'Please sign in again.',
    zh_cn: '请重新登录。',
    status: 401,
  },
  TOKEN_EXPIRED: {
    message: 'Token expired',
    en_us: 'Your session has expired. Please sign in again.',
    zh_cn: '登录已过期，请重新登录。',
    status: 401,
  },
  TOKEN_REVOKED: {
    message: 'Token revoked',
    en_us: 'Your session has ended. Please sign in again.',
    zh_cn: '您的会话已结束，请重新登录。',
    status: 401,
  },
  // The session goes on: the console renews its access token and repeats the call (issue #16).
  ACCESS_CHANGED: {
    message: 'Access changed',
    en_us: 'Your roles or data scope have changed. Your access is being renewed.',
    zh_cn: '您的角色或数据范围已变更，正在更新访问权限。',
    status: 401,
  },
  // Login failures answer 400 (OAuth invalid_grant style) so the web's 401 handling
  // does not redirect away from the login page.
  WRONG_USERNAME_OR_PASSWORD: {
    message: 'Wrong username or password',
    en_us: 'Wrong username or password.',
    zh_cn: '用户名或密码错误。',
    status: 400,
  },
  INCORRECT_USERNAME_OR_PASSWORD: {
    message: 'Incorrect username or password',
    en_us: 'Incorrect username or password.',
    zh_cn: '用户名或密码不正确。',
    status: 400,
  },
  TOO_MANY_LOGIN_ATTEMPTS: {
    message: 'Too many failed login attempts',
    en_us: 'Too many failed login attempts. Please wait a while and try again.',
    zh_cn: '登录失败次数过多，请稍后再试。',
    status: 429,
  },
  // Single sign-on (identity's /oauth/v2 calls).
  SSO_NOT_CONFIGURED: {
    message: 'Single sign-on is not configured for this host',
    en_us: 'Single sign-on is not available here. Please sign in with your username and password.',
    zh_cn: '此处未启用单点登录，请使用用户名和密码登录。',
    status: 404,
  },
  SSO_FAILED: {
    message: 'Single sign-on failed',
    en_us: 'Single sign-on failed. Please try again.',
    zh_cn: '单点登录失败，请重试。',
    status: 400,
  },
  INVALID_USERNAME: { message: 'Invalid username', en_us: 'Invalid username.', zh_cn: '用户名无效。', status: 400 },
  INVALID_PASSWORD: { message: 'Invalid password', en_us: 'Invalid password.', zh_cn: '密码无效。', status: 400 },
  INVALID_OLD_PASSWORD: {
    message: 'Invalid old password',
    en_us: 'The old password is incorrect.',
    zh_cn: '旧密码不正确。',
    status: 400,
  },
  INVALID_NEW_PASSWORD: {
    message: 'Invalid new password',
    en_us: 'The new password is invalid.',
    zh_cn: '新密码无效。',
    status: 400,
  },
  SAME_NEW_PASSWORD: {
    message: 'The new password must be different from the old password',
    en_us: 'The new password must be different from the old password.',
    zh_cn: '新密码不能与旧密码相同。',
    status: 400,
  },
  PASSWORDS_DO_NOT_MATCH: {
    message: 'The two passwords do not match',
    en_us: 'The two passwords you entered do not match.',
    zh_cn: '两次输入的密码不一致。',
    status: 400,
  },
  PASSWORD_RULE: {
    message:
      'The password must be 8 to 16 characters long and contain at least two of the following: digits, letters and special symbols ~@#$^_',
    en_us:
      'The password must be 8 to 16 characters long, may only use letters, digits and the symbols ~@#$^_, and must contain at least two of these three kinds.',
    zh_cn: '密码长度为8至16位，只能使用字母、数字和特殊符号~@#$^_，且至少包含其中两种。',
    status: 400,
  },
  USERNAME_RULE: {
    message:
      'The username can only contain letters, digits, underscores or hyphens, must not contain consecutive hyphens or underscores, and must not start or end with a hyphen or underscore',
    en_us:
      'The username can only contain letters, digits, underscores or hyphens. It must not contain consecutive hyphens or underscores, and must not start or end with a hyphen or underscore.',
    zh_cn: '用户名只能包含字母、数字、下划线或连字符，不能包含连续的连字符或下划线，且不能以连字符或下划线开头或结尾。',
    status: 400,
  },
  USER_NOT_FOUND: { message: 'User does not exist', en_us: 'The user does not exist.', zh_cn: '用户不存在。', status: 404 },
  USERNAME_EXISTS: {
    message: 'Username already exists',
    en_us: 'The username already exists.',
    zh_cn: '用户名已存在。',
    status: 409,
  },
  EMAIL_EXISTS: {
    message: 'Email address already exists',
    en_us: 'The email address already exists.',
    zh_cn: '邮箱地址已存在。',
    status: 409,
  },

  // --- repair ---------------------------------------------------------------------------
  DEFECTS_ALREADY_IN_OTHER_REPAIR_CAMPAIGNS: {
    message: 'All selected defects are already in other repair campaigns',
    en_us: 'All selected defects are already in other repair campaigns.',
    zh_cn: '所选缺陷均已在其他维修活动中。',
    status: 409,
  },
  BATCH_NAME_EXISTS: {
    message: 'Same batch name already exists in this repair plan',
    en_us: 'A batch with the same name already exists in this repair plan.',
    zh_cn: '该维修计划中已存在同名批次。',
    status: 409,
  },
  SAME_CAMPAIGN_NAME_EXISTS: {
    message: 'Same campaign name already exists',
    en_us: 'A campaign with the same name already exists.',
    zh_cn: '已存在同名活动。',
    status: 409,
  },
  DUPLICATED_CAMPAIGN_NAME: {
    message: 'Duplicated campaign name',
    en_us: 'The campaign name is duplicated.',
    zh_cn: '活动名称重复。',
    status: 409,
  },
  CAMPAIGN_NAME_EXISTS: {
    message: 'Campaign name already exists',
    en_us: 'The campaign name already exists.',
    zh_cn: '活动名称已存在。',
    status: 409,
  },
  CREATE_CAMPAIGN_FAILED: {
    message: 'Create campaign failed',
    en_us: 'Failed to create the campaign.',
    zh_cn: '创建活动失败。',
    status: 400,
  },
  DELETE_CAMPAIGN_FAILED: {
    message: 'Delete campaign failed',
    en_us: 'Failed to delete the campaign.',
    zh_cn: '删除活动失败。',
    status: 400,
  },
  SELECT_AT_LEAST_ONE_DEFECT_PLAN: {
    message: 'At least one defect plan needs to be selected for repair',
    en_us: 'Please select at least one defect plan for repair.',
    zh_cn: '请至少选择一个缺陷计划进行维修。',
    status: 400,
  },
  REPAIR_PLAN_DEFECT_LIMIT: {
    message: 'Defect No. of the repair plan shall not exceed 10000',
    en_us: 'A repair plan cannot hold more than 10000 defects.',
    zh_cn: '维修计划的缺陷数量不能超过10000个。',
    status: 400,
  },
  REPAIR_PLAN_MIXED_WIND_PARKS: {
    message: 'A repair plan cannot contain defects from several wind parks',
    en_us: 'A repair plan cannot contain defects from several wind parks.',
    zh_cn: '一个维修计划不能包含多个风场的缺陷。',
    status: 400,
  },
  REPAIR_PLAN_NAME_EXISTS: {
    message: 'Same repair plan name already exists',
    en_us: 'A repair plan with the same name already exists.',
    zh_cn: '已存在同名的维修计划。',
    status: 409,
  },
  REPAIR_PLAN_NOT_FOUND: {
    message: 'Repair plan does not exist',
    en_us: 'The repair plan does not exist.',
    zh_cn: '维修计划不存在。',
    status: 404,
  },
  REPAIR_PLAN_HAS_CAMPAIGNS: {
    message: 'Repair campaigns already exist under the current repair plan and cannot be deleted',
    en_us: 'Repair campaigns already exist under this repair plan, so it cannot be deleted.',
    zh_cn: '当前维修计划下已存在维修活动，不能删除。',
    status: 409,
  },
  DEFECTS_IN_EXISTING_REPAIR_CAMPAIGN: {
    message:
      'The defect(s) selected for repair already exist(s) in the existing repair campaign, please edit the repair plan and select again',
    en_us: 'The defect(s) selected for repair already exist in an existing repair campaign. Please edit the repair plan and select again.',
    zh_cn: '所选维修缺陷已存在于现有维修活动中，请编辑维修计划后重新选择。',
    status: 409,
  },
  REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME: {
    message: 'The campaign to which the current turbine belongs has been completed, and the status cannot be set to in progress',
    en_us: 'The campaign this turbine belongs to has been completed, so its status cannot be set to in progress.',
    zh_cn: '当前风机所属的活动已完成，不能将状态设置为进行中。',
    status: 409,
  },
  UNFINISHED_QA_TASKS: {
    message: 'The turbine status cannot be set to complete because there are still unfinished QA tasks',
    en_us: 'The turbine status cannot be set to completed because there are still unfinished QA tasks.',
    zh_cn: '仍有未完成的质检任务，不能将风机状态设置为已完成。',
    status: 409,
  },
  UNCOMPLETED_TURBINES_EXIST: {
    message: 'Existence of uncompleted turbines',
    en_us: 'There are turbines that have not been completed yet.',
    zh_cn: '存在未完成的风机。',
    status: 409,
  },

  // --- investigation --------------------------------------------------------------------
  DEFECT_IN_INVESTIGATION_CANNOT_BE_REMOVED: {
    message: 'The defect already exists in the investigation campaign and is not allowed to be removed',
    en_us: 'The defect is already part of the investigation campaign and cannot be removed.',
    zh_cn: '该缺陷已在调查活动中，不允许移除。',
    status: 409,
  },
  DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN: {
    message: 'Defects already exist in another investigation campaign and cannot be added repeatedly',
    en_us: 'The defects already exist in another investigation campaign and cannot be added again.',
    zh_cn: '缺陷已存在于其他调查活动中，不能重复添加。',
    status: 409,
  },
  STARTED_INVESTIGATION_CAMPAIGN_CANNOT_BE_DELETED: {
    message: 'Started investigation campaign cannot be deleted',
    en_us: 'An investigation campaign that has started cannot be deleted.',
    zh_cn: '已开始的调查活动不能删除。',
    status: 409,
  },

  // --- assets, configs and inspections ----------------------------------------------------
  TURBINE_CONFIG_MISMATCH: {
    message: 'Turbine/component configurations do not match between current and target turbines',
    en_us: 'The turbine or component configurations of the current and target turbines do not match.',
    zh_cn: '当前风机与目标风机的风机/部件配置不一致。',
    status: 409,
  },
  CHAMBER_NAME_DUPLICATED: {
    message: 'Chamber names are not allowed to be duplicated',
    en_us: 'Chamber names must not be duplicated.',
    zh_cn: '腔体名称不能重复。',
    status: 409,
  },
  SECTION_NAME_DUPLICATED: {
    message: 'Section names are not allowed to be duplicated',
    en_us: 'Section names must not be duplicated.',
    zh_cn: '截面名称不能重复。',
    status: 409,
  },
  CUSTOMER_HAS_ACCOUNTS: {
    message: "Can't delete customer due to existing related account",
    en_us: 'The customer cannot be deleted because related accounts exist.',
    zh_cn: '存在关联账号，不能删除该客户。',
    status: 409,
  },
  CUSTOMER_HAS_WIND_PARKS: {
    message: "Can't delete customer due to existing related wind park",
    en_us: 'The customer cannot be deleted because related wind parks exist.',
    zh_cn: '存在关联风场，不能删除该客户。',
    status: 409,
  },
  CUSTOMER_HAS_RELATED_RESOURCES: {
    message: "This customer can't be deleted due to the related resources",
    en_us: 'This customer cannot be deleted because it has related resources.',
    zh_cn: '该客户存在关联资源，不能删除。',
    status: 409,
  },
  ORGANIZATION_NAME_EXISTS: {
    message: 'Same organization name already exists',
    en_us: 'An organization with the same name already exists.',
    zh_cn: '已存在同名组织。',
    status: 409,
  },
  WIND_PARK_NAME_EXISTS: {
    message: 'Same wind park name already exists',
    en_us: 'A wind park with the same name already exists.',
    zh_cn: '已存在同名风场。',
    status: 409,
  },
  ORGANIZATION_HAS_RELATED: {
    message: "This organization can't be deleted due to the related customers/users",
    en_us: 'This organization cannot be deleted because it has related customers or users.',
    zh_cn: '该组织存在关联的客户或用户，不能删除。',
    status: 409,
  },
  INSPECTION_LINKED_FOR_TIMELINE: {
    message: 'This inspection has been linked for defect timeline. Please remove the link first.',
    en_us: 'This inspection has been linked for the defect timeline. Please remove the link first.',
    zh_cn: '该巡检已关联缺陷时间线，请先解除关联。',
    status: 409,
  },
  PROJECT_HAS_INSPECTION_DATA: {
    message: "The project already has inspection data, the defect template can't be replaced",
    en_us: 'The project already has inspection data, so its defect template cannot be replaced.',
    zh_cn: '该项目已有巡检数据，不能更换缺陷模板。',
    status: 409,
  },
  REINSPECTION_REASON_REQUIRED: {
    message: "Reasons for approval to re-inspection can't be empty",
    en_us: 'Please enter the reason for the re-inspection approval.',
    zh_cn: '复检审批的原因不能为空。',
    status: 400,
  },
  LAST_INSPECTION_TIME_NOT_EXIST: {
    message: 'Last Inspection Time Does Not Exist',
    en_us: 'The last inspection time does not exist.',
    zh_cn: '最近巡检时间不存在。',
    status: 404,
  },
  LINK_DEFECT_RELATED: {
    message: 'Link Defect Related',
    en_us: 'Linked defects are related to this item.',
    zh_cn: '存在关联的缺陷。',
    status: 409,
  },
  LINKED_PATH_NOT_FOUND: {
    message: 'Cannot found linked path',
    en_us: 'The linked path cannot be found.',
    zh_cn: '找不到关联的路径。',
    status: 404,
  },
  LINKED_PATH_VIEW_INDEX_NOT_FOUND: {
    message: 'Cannot found linked path view index',
    en_us: 'The view index of the linked path cannot be found.',
    zh_cn: '找不到关联路径的视角索引。',
    status: 404,
  },
  RECOMMENDATION_EXISTS: {
    message: 'Recommendation Already Exists',
    en_us: 'The recommendation already exists.',
    zh_cn: '该建议已存在。',
    status: 409,
  },
  BLADE_NAME_SERIAL_REPEATED: {
    message: 'Blade Name/serial number should not be repeated',
    en_us: 'Blade names and serial numbers must not be repeated.',
    zh_cn: '叶片名称/序列号不能重复。',
    status: 409,
  },
  NUMBER_ALREADY_USED: {
    message: 'This number has been used',
    en_us: 'This number has already been used.',
    zh_cn: '该编号已被使用。',
    status: 409,
  },
  ACTIVE_TASK_EXISTS_IN_WIND_PARK: {
    message: 'Active Task Exist in Same Wind Park',
    en_us: 'An active task already exists in the same wind park.',
    zh_cn: '同一风场中已存在进行中的任务。',
    status: 409,
  },
  BLADE_MANUFACTURER_EXISTS: {
    message: 'Same Blade Manufacturer Name Already Exists',
    en_us: 'A blade manufacturer with the same name already exists.',
    zh_cn: '已存在同名的叶片制造商。',
    status: 409,
  },
  DEFECT_TYPE_EXISTS: {
    message: 'Same Defect Type Already Exists',
    en_us: 'The same defect type already exists.',
    zh_cn: '已存在相同的缺陷类型。',
    status: 409,
  },
  CUSTOMER_NAME_EXISTS: {
    message: 'Same Name Customer Exist',
    en_us: 'A customer with the same name already exists.',
    zh_cn: '已存在同名客户。',
    status: 409,
  },
  RESULT_EXISTS: {
    message: 'Result Already Exists',
    en_us: 'The severity result already exists.',
    zh_cn: '该严重程度结果已存在。',
    status: 409,
  },
  TURBINE_HAS_DATA: {
    message: 'Inspection or repair data exists under this turbine and cannot be deleted',
    en_us: 'This turbine has inspection or repair data and cannot be deleted.',
    zh_cn: '该风机下存在巡检或维修数据，不能删除。',
    status: 409,
  },
  TURBINE_NAME_EXISTS: {
    message: 'There is already an existing turbine with the same name',
    en_us: 'A turbine with the same name already exists.',
    zh_cn: '已存在同名风机。',
    status: 409,
  },
  TARGET_TURBINE_NOT_FOUND: {
    message: 'Target turbine not found',
    en_us: 'The target turbine was not found.',
    zh_cn: '未找到目标风机。',
    status: 404,
  },
  TURBINE_SERIAL_EXISTS: {
    message: 'Turbine serial number already exists',
    en_us: 'The turbine serial number already exists.',
    zh_cn: '风机序列号已存在。',
    status: 409,
  },
  MOVE_WITHIN_SAME_WIND_PARK_ONLY: {
    message: 'Only moving inspections within the same windpark is allowed',
    en_us: 'Inspections can only be moved within the same wind park.',
    zh_cn: '巡检只能在同一风场内移动。',
    status: 400,
  },
  // "Turbine, blade, foundation, nacelle and tower configuration does not exist": one message per component.
  TURBINE_CONFIG_NOT_EXIST: {
    message: 'Turbine configuration does not exist',
    en_us: 'The turbine configuration does not exist.',
    zh_cn: '风机配置不存在。',
    status: 404,
  },
  BLADE_CONFIG_NOT_EXIST: {
    message: 'Blade configuration does not exist',
    en_us: 'The blade configuration does not exist.',
    zh_cn: '叶片配置不存在。',
    status: 404,
  },
  FOUNDATION_CONFIG_NOT_EXIST: {
    message: 'Foundation configuration does not exist',
    en_us: 'The foundation configuration does not exist.',
    zh_cn: '基础配置不存在。',
    status: 404,
  },
  NACELLE_CONFIG_NOT_EXIST: {
    message: 'Nacelle configuration does not exist',
    en_us: 'The nacelle configuration does not exist.',
    zh_cn: '机舱配置不存在。',
    status: 404,
  },
  TOWER_CONFIG_NOT_EXIST: {
    message: 'Tower configuration does not exist',
    en_us: 'The tower configuration does not exist.',
    zh_cn: '塔筒配置不存在。',
    status: 404,
  },
  // "Tower, nacelle, foundation, blade and turbine type mismatch": one message per component.
  TOWER_TYPE_MISMATCH: {
    message: 'Tower type mismatch',
    en_us: 'The tower type does not match.',
    zh_cn: '塔筒类型不匹配。',
    status: 409,
  },
  NACELLE_TYPE_MISMATCH: {
    message: 'Nacelle type mismatch',
    en_us: 'The nacelle type does not match.',
    zh_cn: '机舱类型不匹配。',
    status: 409,
  },
  FOUNDATION_TYPE_MISMATCH: {
    message: 'Foundation type mismatch',
    en_us: 'The foundation type does not match.',
    zh_cn: '基础类型不匹配。',
    status: 409,
  },
  BLADE_TYPE_MISMATCH: {
    message: 'Blade type mismatch',
    en_us: 'The blade type does not match.',
    zh_cn: '叶片类型不匹配。',
    status: 409,
  },
  TURBINE_TYPE_MISMATCH: {
    message: 'Turbine type mismatch',
    en_us: 'The turbine type does not match.',
    zh_cn: '风机类型不匹配。',
    status: 409,
  },
  INSPECTION_CAMPAIGN_LINKED_TO_OM: {
    message: 'This inspection campaign has been associated with an ongoing O&M project and cannot be modified',
    en_us: 'This inspection campaign is associated with an ongoing O&M project and cannot be modified.',
    zh_cn: '该巡检活动已关联进行中的运维项目，不能修改。',
    status: 409,
  },
  ASSOCIATED_TO_OM_CANNOT_DELETE: {
    message: 'Associated to an O&M project and cannot be deleted',
    en_us: 'It is associated with an O&M project and cannot be deleted.',
    zh_cn: '已关联运维项目，不能删除。',
    status: 409,
  },
  PROJECT_TYPE_CANNOT_BE_MODIFIED: {
    message: 'The project type cannot be modified',
    en_us: 'The project type cannot be modified because the project is associated with an O&M project.',
    zh_cn: '该项目已关联运维项目，不能修改项目类型。',
    status: 409,
  },
  // --- delivery (#18): transitions SPEC §4 refuses without naming a message ----------------
  ASSOCIATED_TO_OM_CANNOT_EDIT: {
    message: 'Associated to an O&M project and cannot be edited',
    en_us: 'It is associated with an O&M project and cannot be edited.',
    zh_cn: '已关联运维项目，不能编辑。',
    status: 409,
  },
  PROJECT_STATUS_CANNOT_GO_BACK: {
    message: 'A started or completed project cannot go back',
    en_us: 'A started project cannot return to pending, and a completed one cannot return to in progress.',
    zh_cn: '已开始的项目不能回到待开始，已完成的项目不能回到进行中。',
    status: 409,
  },
  CAMPAIGN_STATUS_CANNOT_GO_BACK: {
    message: 'A started or completed campaign cannot go back',
    en_us: 'A started campaign cannot return to pending, and a completed one cannot return to in progress.',
    zh_cn: '已开始的活动不能回到待开始，已完成的活动不能回到进行中。',
    status: 409,
  },
  INSPECTION_CAMPAIGN_INACTIVE_FINAL: {
    message: 'An inactive inspection campaign cannot return to active',
    en_us: 'An inactive inspection campaign cannot be set to active again.',
    zh_cn: '已停用的巡检活动不能重新启用。',
    status: 409,
  },
  INVESTIGATION_RESULT_NOT_EDITABLE: {
    message: 'Investigation results can only be recorded while the campaign is under investigation',
    en_us: 'Investigation results can only be recorded while the campaign is under investigation.',
    zh_cn: '只有调查中的调查批次才能记录调查结果。',
    status: 409,
  },
  DPR_APPROVED_CANNOT_CHANGE: {
    message: 'An approved daily progress report can no longer be edited or deleted',
    en_us: 'This daily progress report has been approved and can no longer be edited or deleted.',
    zh_cn: '该日报已审批通过，不能再编辑或删除。',
    status: 409,
  },
  DPR_NOT_PENDING_APPROVAL: {
    message: 'The daily progress report is not waiting for approval',
    en_us: 'This daily progress report is not waiting for approval.',
    zh_cn: '该日报不在待审批状态。',
    status: 409,
  },
  COMPONENT_TYPE_IN_USE: {
    message: 'The type is used by turbines and cannot be deleted',
    en_us: 'This type is used by turbines and cannot be deleted.',
    zh_cn: '该类型已被风机使用，不能删除。',
    status: 409,
  },
  TURBINE_LIMIT_EXCEEDED: {
    message: 'Limit of turbines exceeded',
    en_us: 'The turbine limit has been exceeded.',
    zh_cn: '已超出风机数量上限。',
    status: 409,
  },
  LICENCE_INVALID: {
    message: 'The licence is not valid (damaged, changed or not signed by a trusted key)',
    en_us: 'The licence is not valid: the file is damaged, was changed, or was not signed by a trusted key. Nothing was changed.',
    zh_cn: '许可证无效：文件已损坏、被修改或未由受信任的密钥签名。未做任何更改。',
    status: 400,
  },
  LICENCE_EXPIRED: {
    message: 'The licence has expired',
    en_us: 'The licence has expired. Existing data stays available; install a new licence to add turbines or manual projects.',
    zh_cn: '许可证已过期。现有数据仍可使用；请安装新的许可证以添加风机或手动项目。',
    status: 409,
  },
  BLADES_PER_TURBINE: {
    message: 'A turbine must have exactly 3 blades',
    en_us: 'A turbine must have exactly 3 blades.',
    zh_cn: '每台风机必须有且仅有3支叶片。',
    status: 400,
  },
  LAST_IMAGE_CANNOT_BE_DELETED: {
    message: 'At least one image must remain',
    en_us: 'At least one image must remain.',
    zh_cn: '至少需要保留一张图片。',
    status: 400,
  },
  IMAGE_HAS_DEFECTS: {
    message: 'An image with defects cannot be deleted',
    en_us: 'An image that has defects cannot be deleted.',
    zh_cn: '存在缺陷的图片不能删除。',
    status: 409,
  },
  LABELING_REQUIRED: {
    message: 'Labeling is required before saving',
    en_us: 'Please complete the labeling before saving.',
    zh_cn: '保存前请先完成标注。',
    status: 400,
  },
  ALL_SIDES_MUST_BE_LABELED: {
    message: 'All image sides must be labeled',
    en_us: 'All image sides must be labeled.',
    zh_cn: '所有图片面都必须完成标注。',
    status: 400,
  },
  POLYGON_REQUIRED: {
    message: 'A polygon must be drawn first',
    en_us: 'Please draw a polygon first.',
    zh_cn: '请先绘制多边形。',
    status: 400,
  },
  SELECT_AT_LEAST_ONE_DEFECT: {
    message: 'At least one defect must be selected',
    en_us: 'Please select at least one defect.',
    zh_cn: '请至少选择一个缺陷。',
    status: 400,
  },
  TURBINE_HAS_DEFECTS: {
    message: 'A turbine with defects cannot be deleted',
    en_us: 'A turbine that has defects cannot be deleted.',
    zh_cn: '存在缺陷的风机不能删除。',
    status: 409,
  },

  // --- other warnings (SPEC §8) -----------------------------------------------------------
  EXCEED_LIMIT: {
    message: 'ExceedLimit',
    en_us: 'The limit has been exceeded.',
    zh_cn: '已超出上限。',
    status: 400,
  },
  QUERY_TOO_MANY_TURBINES: {
    message: 'The query cannot cover more than 200 turbines',
    en_us: 'A query cannot cover more than 200 turbines. Please narrow down your selection.',
    zh_cn: '查询不能超过200台风机，请缩小查询范围。',
    status: 400,
  },
  NO_QUALIFYING_DEFECTS: {
    message: 'No qualifying defects',
    en_us: 'No defects meet the conditions.',
    zh_cn: '没有符合条件的缺陷。',
    status: 404,
  },
  NO_QUALIFYING_IMAGES: {
    message: 'No qualifying images',
    en_us: 'No images meet the conditions.',
    zh_cn: '没有符合条件的图片。',
    status: 404,
  },
  TOO_MANY_DEFECTS: {
    message: 'Too many defects',
    en_us: 'Too many defects were selected.',
    zh_cn: '缺陷数量过多。',
    status: 400,
  },
  EXPORT_TOO_MANY_DEFECTS: {
    message: 'At most 2500 defects can be exported',
    en_us: 'At most 2500 defects can be exported at a time.',
    zh_cn: '每次最多导出2500个缺陷。',
    status: 400,
  },
  EXPORT_ARCHIVE_TOO_LARGE: {
    message: 'The image archive exceeds 2500 images or 2 GB',
    en_us: 'The image archive would exceed 2500 images or 2 GB. Please narrow down your search.',
    zh_cn: '图片压缩包将超过2500张图片或2 GB，请缩小搜索范围。',
    status: 400,
  },
  PDF_SINGLE_PARK_ONLY: {
    message: 'PDF export is only available for a single wind park',
    en_us: 'PDF reports can only be exported for a single wind park.',
    zh_cn: 'PDF报告只能针对单个风场导出。',
    status: 400,
  },
  REPORT_NOT_EXPORTED: {
    message: 'The report has not been exported yet',
    en_us: 'The report has not been exported yet.',
    zh_cn: '报告尚未导出。',
    status: 409,
  },
  EDIT_CONFLICT: {
    message: 'Another user has saved the plan',
    en_us: 'Another user has saved this plan in the meantime. Please reload it and apply your changes again.',
    zh_cn: '其他用户已保存了该计划，请重新加载后再修改。',
    status: 409,
  },
  DEFECT_IN_OTHER_PLAN_CAMPAIGN: {
    message: "The defect is already in another plan's campaign",
    en_us: 'The defect is already in a campaign of another repair plan.',
    zh_cn: '该缺陷已在其他维修计划的活动中。',
    status: 409,
  },
  PLAN_UNSAVED_OR_EXPIRED: {
    message: 'The plan is unsaved or has expired',
    en_us: 'The plan has not been saved or has expired. Please save it again.',
    zh_cn: '计划未保存或已过期，请重新保存。',
    status: 409,
  },
  NAME_DUPLICATED: {
    message: 'The name already exists',
    en_us: 'The name already exists.',
    zh_cn: '名称已存在。',
    status: 409,
  },
  SIZE_DATA_NOT_READY: {
    message: 'Size data is not ready',
    en_us: 'The size data is not ready yet. Please try again later.',
    zh_cn: '尺寸数据尚未就绪，请稍后再试。',
    status: 409,
  },

  // --- validation rules of SPEC §5 --------------------------------------------------------
  REQUIRED: { message: 'This field is required', en_us: 'This field is required.', zh_cn: '此项为必填项。', status: 400 },
  SPECIAL_CHARACTERS_NOT_ALLOWED: {
    message: 'Special characters are not allowed',
    en_us: 'Special characters are not allowed.',
    zh_cn: '不允许输入特殊字符。',
    status: 400,
  },
  TEXT_TOO_LONG: {
    message: 'The text exceeds the maximum length of {max} characters',
    en_us: 'The text cannot be longer than {max} characters (a Chinese character counts as two).',
    zh_cn: '文本长度不能超过{max}个字符（一个汉字计为两个字符）。',
    status: 400,
  },
  INVALID_NUMBER: {
    message: 'Please enter a valid number',
    en_us: 'Please enter a valid number.',
    zh_cn: '请输入有效的数字。',
    status: 400,
  },
  DECIMAL_PLACES_EXCEEDED: {
    message: 'At most {max} decimal places are allowed',
    en_us: 'At most {max} decimal places are allowed.',
    zh_cn: '最多允许{max}位小数。',
    status: 400,
  },
  NON_NEGATIVE_INTEGER_REQUIRED: {
    message: 'Please enter an integer of at least 0',
    en_us: 'Please enter a whole number of 0 or more.',
    zh_cn: '请输入大于或等于0的整数。',
    status: 400,
  },
  INVALID_OHM_VALUE: {
    message: 'Please enter a resistance value or OC for open circuit',
    en_us: 'Please enter a resistance value in ohms, or OC for an open circuit.',
    zh_cn: '请输入电阻值（欧姆），开路请输入OC。',
    status: 400,
  },
  MIN_GREATER_THAN_MAX: {
    message: 'The minimum cannot be greater than the maximum',
    en_us: 'The minimum cannot be greater than the maximum.',
    zh_cn: '最小值不能大于最大值。',
    status: 400,
  },
  INVALID_DEFECT_ID: {
    message: 'A defect ID must be 6 digits',
    en_us: 'A defect ID must consist of 6 digits.',
    zh_cn: '缺陷ID必须为6位数字。',
    status: 400,
  },
  INVALID_TIME_RANGE: {
    message: 'The time range is invalid',
    en_us: 'The start time must not be later than the end time.',
    zh_cn: '开始时间不能晚于结束时间。',
    status: 400,
  },
  TIME_RANGE_TOO_LONG: {
    message: 'The time range cannot exceed {months} months',
    en_us: 'The time range cannot exceed {months} months.',
    zh_cn: '时间范围不能超过{months}个月。',
    status: 400,
  },
  FILE_TOO_LARGE: {
    message: 'The file cannot be larger than {maxMb}MB',
    en_us: 'The file cannot be larger than {maxMb}MB.',
    zh_cn: '文件大小不能超过{maxMb}MB。',
    status: 400,
  },
  SPREADSHEET_XLS_NOT_SUPPORTED: {
    message: 'Legacy .xls workbooks are not read: save the file as .xlsx',
    en_us: 'Legacy .xls workbooks are not read. Open the file in Excel or WPS and save it as .xlsx, then upload it again.',
    zh_cn: '不读取旧版.xls工作簿。请在Excel或WPS中将文件另存为.xlsx后重新上传。',
    status: 400,
  },
  FILE_TYPE_NOT_ALLOWED: {
    message: 'Only {allowed} files are allowed',
    en_us: 'Only {allowed} files are allowed.',
    zh_cn: '仅允许上传{allowed}格式的文件。',
    status: 400,
  },
  ARCHIVE_UNSAFE_PATH: {
    message: 'The archive contains an unsafe file path',
    en_us: 'The archive contains an unsafe file path and was rejected.',
    zh_cn: '压缩包包含不安全的文件路径，已被拒绝。',
    status: 400,
  },
  ARCHIVE_TOO_LARGE: {
    message: 'The archive expands to more data than allowed',
    en_us: 'The archive expands to more data than allowed and was rejected.',
    zh_cn: '压缩包解压后的数据量超出限制，已被拒绝。',
    status: 400,
  },
  MALFORMED_SPREADSHEET: {
    message: 'The spreadsheet cannot be read',
    en_us: 'The spreadsheet cannot be read. Please check that it is a valid Excel file.',
    zh_cn: '无法读取该表格，请确认其为有效的Excel文件。',
    status: 400,
  },
  DUPLICATE_VALUES: {
    message: 'Values must not be repeated',
    en_us: 'Values must not be repeated.',
    zh_cn: '值不能重复。',
    status: 409,
  },

  // --- inspection service (images, defects, timeline) --------------------------------------
  POLYGON_OUT_OF_IMAGE: {
    message: 'The polygon must lie within the image',
    en_us: 'Every point of the polygon must lie within the image.',
    zh_cn: '多边形的所有顶点必须位于图片范围内。',
    status: 400,
  },
  BLADE_CHANGED_CANNOT_LINK: {
    message: 'Cannot link because the blade was changed',
    en_us: 'These defects cannot be linked because the blade was changed between the inspections.',
    zh_cn: '两次巡检之间叶片已更换，无法关联这些缺陷。',
    status: 409,
  },
  TIMELINE_LINK_INVALID: {
    message: 'The previous inspection must be an earlier inspection of the same turbine and component',
    en_us: 'Please choose an earlier inspection of the same turbine and component.',
    zh_cn: '请选择同一风机、同一部件的更早一次巡检。',
    status: 409,
  },
  DEFECT_NOT_SUGGESTED: {
    message: 'Only a suggested defect can be accepted or rejected',
    en_us: 'This defect is not a suggestion: only suggested defects can be accepted or rejected.',
    zh_cn: '该缺陷不是预标注建议，只有建议缺陷可以接受或拒绝。',
    status: 409,
  },
  INSPECTION_COMPONENT_MISMATCH: {
    message: 'This is not possible for the component of this inspection',
    en_us: 'This is not possible for the component of this inspection.',
    zh_cn: '该巡检的部件类型不支持此操作。',
    status: 409,
  },

  // --- task flow (task pool, QA, re-inspection) ---------------------------------------------
  TASK_ALREADY_PICKED: {
    message: 'The task has already been picked by someone else',
    en_us: 'Someone else has already picked this task.',
    zh_cn: '该任务已被他人领取。',
    status: 409,
  },
  STAGE_NOT_CURRENT: {
    message: 'This stage is not the current stage of the task',
    en_us: 'This is not the current stage of the task.',
    zh_cn: '该环节不是任务的当前环节。',
    status: 409,
  },
  NOT_TASK_HANDLER: {
    message: 'Only the handler of this task can do this',
    en_us: 'Only the person handling this task can do this.',
    zh_cn: '只有该任务的处理人可以执行此操作。',
    status: 403,
  },
  QA_FAIL_REASON_REQUIRED: {
    message: 'Reasons are required when the QA result is fail',
    en_us: 'Please enter the reasons for the failed QA result.',
    zh_cn: '质检结果为不通过时必须填写原因。',
    status: 400,
  },
  CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED: {
    message: 'The inspection campaign is inactive, its tasks cannot proceed',
    en_us: 'The inspection campaign of this task is inactive, so the task cannot proceed.',
    zh_cn: '该任务所属的巡检活动已失效，任务不能继续。',
    status: 409,
  },
  EDIT_LOCKED: {
    message: '{holderName} is editing the labels of this inspection',
    en_us: "{holderName} is editing this inspection's labels. You can view them, but not change them now.",
    zh_cn: '{holderName}正在编辑该巡检的标注，您现在只能查看，不能修改。',
    status: 409,
  },
  HANDLER_NOT_ELIGIBLE: {
    message: '{handlerName} does not work on the customer of this task',
    en_us: '{handlerName} cannot handle this task: they are not assigned to its customer or wind park. Choose someone who works on it, or ask an administrator to extend their data permissions.',
    zh_cn: '{handlerName}不能处理该任务：其未被分配到该任务所属的客户或风场。请选择负责该客户的人员，或请管理员扩展其数据权限。',
    status: 409,
  },
  STITCHING_INCOMPLETE: {
    message: '{unstitched} of {total} blade paths are not stitched yet',
    en_us: 'Stitching cannot be completed: {unstitched} of {total} blade paths are not stitched yet.',
    zh_cn: '无法完成拼接：{total}条叶片路径中还有{unstitched}条未拼接。',
    status: 409,
  },
  DEFECTS_UNREVIEWED: {
    message: '{count} defects are not reviewed yet',
    en_us: 'QA cannot pass yet: {count} defect(s) are not reviewed. Review every defect first.',
    zh_cn: '质检暂不能通过：还有{count}个缺陷未审核，请先审核全部缺陷。',
    status: 409,
  },
  REINSPECTION_PENDING: {
    message: 'A re-inspection request of this inspection is waiting for approval',
    en_us: 'A re-inspection request for this inspection is waiting for approval.',
    zh_cn: '该巡检的复检申请正在等待审批。',
    status: 409,
  },

  // --- import service (drone upload tasks and their archives) --------------------------------
  WIND_PARK_NOT_FOUND: {
    message: 'Wind park not found',
    en_us: 'The wind park was not found.',
    zh_cn: '未找到该风场。',
    status: 404,
  },
  TURBINE_NOT_IN_WIND_PARK: {
    message: 'There is no turbine named {turbineName} in this wind park',
    en_us: 'There is no turbine named {turbineName} in this wind park.',
    zh_cn: '该风场中没有名为{turbineName}的风机。',
    status: 400,
  },
  ARCHIVE_UNREADABLE: {
    message: 'The archive cannot be read',
    en_us: 'The archive cannot be read. Please upload a valid, unencrypted ZIP file.',
    zh_cn: '无法读取该压缩包，请上传有效且未加密的ZIP文件。',
    status: 400,
  },
  ARCHIVE_LAYOUT_INVALID: {
    message: 'Photos must be in B<blade>/P<path> folders: {entries}',
    en_us: 'Photos must be in folders B1–B3 / P1–P8 (optionally / C<chamber>). These files are elsewhere: {entries}.',
    zh_cn: '照片必须放在B1–B3 / P1–P8（可再加C<腔体>）文件夹中。以下文件位置不正确：{entries}。',
    status: 400,
  },
  ARCHIVE_DUPLICATE_ENTRIES: {
    message: 'The archive contains the same photo more than once: {entries}',
    en_us: 'The archive contains the same photo more than once: {entries}.',
    zh_cn: '压缩包中有重复的照片：{entries}。',
    status: 409,
  },
  ARCHIVE_NO_IMAGES: {
    message: 'The archive contains no photos',
    en_us: 'The archive contains no photos.',
    zh_cn: '压缩包中没有照片。',
    status: 400,
  },
  IMPORT_MAPPING_NAME_EXISTS: {
    message: 'The customer already has a column mapping named {name}',
    en_us: 'This customer already has a column mapping named "{name}".',
    zh_cn: '该客户已有名为"{name}"的列映射。',
    status: 409,
  },
  IMPORT_MAPPING_EMPTY: {
    message: 'The column mapping maps no sheet, column or severity',
    en_us: 'The column mapping must rename at least one sheet or column, or map a severity.',
    zh_cn: '列映射至少要对应一个工作表、一列或一个严重等级。',
    status: 400,
  },
  IMPORT_MAPPING_UNKNOWN_COLUMN: {
    message: 'The template has no column {column} in sheet {sheet}',
    en_us: 'The import template has no column "{column}" in the sheet "{sheet}".',
    zh_cn: '导入模板的工作表"{sheet}"中没有"{column}"列。',
    status: 400,
  },
  IMPORT_MAPPING_DUPLICATE_HEADER: {
    message: 'The same name {header} is given to two columns or sheets',
    en_us: 'The name "{header}" is given to two columns of one sheet, or to two sheets.',
    zh_cn: '名称"{header}"被用于同一工作表的两列或两个工作表。',
    status: 400,
  },
  IMPORT_MAPPING_SEVERITY_INVALID: {
    message: 'The severity value {value} is empty, repeated or mapped outside {min}..{max}',
    en_us: 'The severity "{value}" is empty, listed twice, or mapped to a level outside {min}–{max}.',
    zh_cn: '严重等级"{value}"为空、重复，或对应的等级不在{min}–{max}之间。',
    status: 400,
  },
  UPLOAD_NOT_VERIFIED: {
    message: 'The upload can only be completed after its archive was verified',
    en_us: 'The upload can only be completed after its archive has been uploaded and verified.',
    zh_cn: '上传的压缩包校验成功后才能完成上传。',
    status: 409,
  },

  // --- security (issue #16) ----------------------------------------------------------------
  BODY_TOO_LARGE: {
    message: 'The request body cannot be larger than {maxMb}MB',
    en_us: 'The request body cannot be larger than {maxMb}MB.',
    zh_cn: '请求内容不能超过{maxMb}MB。',
    status: 413,
  },
  TOO_MANY_REQUESTS: {
    message: 'Too many requests, retry after {seconds} seconds',
    en_us: 'Too many requests. Please wait {seconds} seconds and try again.',
    zh_cn: '请求过于频繁，请等待{seconds}秒后再试。',
    status: 429,
  },
  PASSWORD_TOO_COMMON: {
    message: 'The password is too common',
    en_us: 'This password is too common and easy to guess. Please choose another one.',
    zh_cn: '该密码过于常见，容易被猜到，请换一个。',
    status: 400,
  },
  TOO_MANY_PASSWORD_ATTEMPTS: {
    message: 'Too many wrong old passwords',
    en_us: 'The old password was wrong too many times. Please wait {seconds} seconds and try again.',
    zh_cn: '旧密码错误次数过多，请等待{seconds}秒后再试。',
    status: 429,
  },
  DEAD_LETTER_SET_ASIDE: {
    message: 'The event was set aside; later events of its record were applied since',
    en_us: 'This event was set aside and later events of the same record have been applied since; applying it now would overwrite newer data.',
    zh_cn: '该事件已被搁置，同一记录的后续事件已经应用；现在再应用会覆盖较新的数据。',
    status: 409,
  },

  // --- protocol level ---------------------------------------------------------------------
  NOT_FOUND: {
    message: 'Not found',
    en_us: 'The requested item was not found.',
    zh_cn: '未找到请求的内容。',
    status: 404,
  },
  VALIDATION_FAILED: {
    message: 'Validation failed',
    en_us: 'Some of the entered data is invalid. Please check and try again.',
    zh_cn: '部分输入数据无效，请检查后重试。',
    status: 400,
  },
  ILLEGAL_TRANSITION: {
    message: 'Illegal status transition',
    en_us: 'This status change is not allowed.',
    zh_cn: '不允许进行此状态变更。',
    status: 409,
  },
  INTERNAL_ERROR: {
    message: 'Internal server error',
    en_us: 'Something went wrong on the server. Please try again later.',
    zh_cn: '服务器出现错误，请稍后再试。',
    status: 500,
  },
} as const satisfies Record<string, NamedErrorEntry>;

export type NamedErrorKey = keyof typeof NAMED_ERRORS;

export const NAMED_ERROR_KEYS = Object.keys(NAMED_ERRORS) as NamedErrorKey[];

export function isNamedErrorKey(value: unknown): value is NamedErrorKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(NAMED_ERRORS, value);
}

/** The two texts of EXCEED_LIMIT that depend on the request path (SPEC §8). */
export const EXCEED_LIMIT_TEXTS = {
  defectSearch: {
    en_us: 'Sorry, too much data was searched, please narrow down your search and try again!',
    zh_cn: '抱歉，搜索的数据量过大，请缩小搜索范围后重试！',
  },
  reportTasks: {
    en_us: 'The download list has reached the upper limit, please wait for the report to be downloaded before proceeding',
    zh_cn: '下载列表已达上限，请等待报告下载完成后再继续操作',
  },
} as const satisfies Record<string, { en_us: string; zh_cn: string }>;

// The HTTP-level texts live in a module of their own: the web console's language chunks need
// only them, not the whole catalogue (docs/performance.md, session 17).
export { HTTP_TEXTS, type HttpTextKey } from './http-texts.js';
