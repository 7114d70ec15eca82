import type { ErrorEntry } from './types.js';

/**
 * Every numeric code of SPEC §8, in spec order. The table below must cover exactly
 * this list (`satisfies Record<NumericErrorCode, …>` fails on a missing or extra code).
 * -120010..-120012 are six-digit on purpose: the spec writes them that way.
 */
export const NUMERIC_ERROR_CODES = [
  // server codes
  -2003, -2004, -6000, -6001, -6002, -6003, -6004, -6005, -6006, -6007, -6008, -6009, -7007, -7008, -8001, -8002, -13001, -13002, -13003,
  -13004, -13005, -13006, -13007, -13008, -13009, -13010, -13012, -13013,
  // import log codes
  -10001, -10002, -10003, -10004, -10005, -10006, -10007, -10008, -10009, -10010, -10011, -10012, -10013, -10014, -10015, -10016, -10017,
  -10018, -10019, -10020, -10021, -10022, -10023, -10024, -10025, -10027, -10028, -10030, -10031, -10033, -10034, -10035, -10036, -10037,
  -10038, -10039, -10040, -10041, -10042,
  // image log codes
  -11001, -11002, -11003, -11004, -11005,
  // import result and LPS import codes
  -12001, -12002, -12003, -12004, -12005, -12006, -12007, -12008, -12009, -120010, -120011, -120012,
  // template import codes
  -20001, -20002, -20003, -20004, -20005, -20006, -20007, -20008,
] as const;
export type NumericErrorCode = (typeof NUMERIC_ERROR_CODES)[number];

// Status rule: 400 validation, 404 something referenced was not found, 409 duplicate or
// conflict with stored state. Import log codes follow the same rule when answered over HTTP.
export const NUMERIC_ERRORS = {
  [-2003]: {
    en_us: 'The selected wind park already has an import task in progress. Please wait until it has finished.',
    zh_cn: '所选风场已有正在处理的导入任务，请等待其完成后再试。',
    status: 409,
  },
  [-2004]: {
    en_us: 'There are already 10 tasks waiting in the queue. Please upload later.',
    zh_cn: '队列中已有10个任务在等待，请稍后再上传。',
    status: 409,
  },
  [-6000]: { en_us: 'The project time range is invalid.', zh_cn: '项目时间范围无效。', status: 400 },
  [-6001]: {
    en_us: 'The internal inspection turbines are duplicated.',
    zh_cn: '内部巡检风机重复。',
    status: 409,
  },
  [-6002]: {
    en_us: 'The external inspection turbines are duplicated.',
    zh_cn: '外部巡检风机重复。',
    status: 409,
  },
  [-6003]: {
    en_us: 'The wind park of the affiliated projects is invalid.',
    zh_cn: '关联项目的风场无效。',
    status: 400,
  },
  [-6004]: { en_us: 'A project that has started cannot be deleted.', zh_cn: '已开始的项目不能删除。', status: 409 },
  [-6005]: { en_us: 'Only one O&M project can be associated.', zh_cn: '只能关联一个运维项目。', status: 409 },
  [-6006]: { en_us: 'Please finish the O&M campaign(s) first.', zh_cn: '请先完成运维活动。', status: 409 },
  [-6007]: { en_us: 'The inspection campaign type is incorrect.', zh_cn: '巡检活动类型错误。', status: 400 },
  [-6008]: {
    en_us: 'An O&M project with the same name already exists.',
    zh_cn: '已存在同名的运维项目。',
    status: 409,
  },
  [-6009]: {
    en_us: 'The repair campaign time range must lie within the time range of the O&M project.',
    zh_cn: '维修活动的时间范围必须在运维项目的时间范围内。',
    status: 400,
  },
  [-7007]: { en_us: 'The defect to be repaired does not exist.', zh_cn: '待维修的缺陷不存在。', status: 404 },
  [-7008]: { en_us: 'The repair campaign has already been completed.', zh_cn: '维修活动已完成。', status: 409 },
  [-8001]: {
    en_us: 'This activity is referenced by a template and cannot be deleted.',
    zh_cn: '该活动已被模板引用，不能删除。',
    status: 409,
  },
  [-8002]: {
    en_us: 'This template is referenced by a project and cannot be deleted.',
    zh_cn: '该模板已被项目引用，不能删除。',
    status: 409,
  },
  [-13001]: { en_us: 'A template with the same name already exists.', zh_cn: '模板名称重复。', status: 409 },
  [-13002]: { en_us: 'Template steps are required.', zh_cn: '模板步骤为必填项。', status: 400 },
  [-13003]: { en_us: 'The template was not found.', zh_cn: '未找到该模板。', status: 404 },
  [-13004]: {
    en_us: 'Step names must not be repeated within a template.',
    zh_cn: '同一模板内的步骤名称不能重复。',
    status: 409,
  },
  [-13005]: { en_us: 'The step name is required.', zh_cn: '步骤名称为必填项。', status: 400 },
  [-13006]: { en_us: 'The step description is required.', zh_cn: '步骤描述为必填项。', status: 400 },
  [-13007]: {
    en_us: 'This template is already in use and cannot be deleted.',
    zh_cn: '该模板已被引用，不能删除。',
    status: 409,
  },
  [-13008]: { en_us: 'The template name is required.', zh_cn: '模板名称为必填项。', status: 400 },
  [-13009]: { en_us: 'The defect must have a repair step.', zh_cn: '缺陷必须设置维修步骤。', status: 400 },
  [-13010]: {
    en_us: 'It is already under repair and cannot be deleted.',
    zh_cn: '已在维修中，不能删除。',
    status: 409,
  },
  [-13012]: {
    en_us: 'The number of rows to export exceeds the maximum.',
    zh_cn: '导出的行数超过上限。',
    status: 400,
  },
  [-13013]: {
    en_us: 'The distance from the blade root should be between -5 m and the blade length.',
    zh_cn: '距叶根的距离应在-5米到叶片长度之间。',
    status: 400,
  },

  [-10001]: { en_us: 'Only .xls or .xlsx files are supported.', zh_cn: '仅支持.xls或.xlsx格式的文件。', status: 400 },
  [-10002]: { en_us: 'A required sheet is missing from the file.', zh_cn: '文件缺少必需的工作表。', status: 400 },
  [-10003]: { en_us: 'A required column is missing.', zh_cn: '缺少必需的列。', status: 400 },
  [-10004]: { en_us: 'The file contains an invalid field.', zh_cn: '文件包含无效字段。', status: 400 },
  [-10005]: { en_us: 'A required value is missing.', zh_cn: '缺少必填值。', status: 400 },
  [-10006]: { en_us: 'The file contains an invalid value.', zh_cn: '文件包含无效值。', status: 400 },
  [-10007]: { en_us: 'The customer was not found.', zh_cn: '未找到该客户。', status: 404 },
  [-10008]: {
    en_us: 'The wind park does not match the selected wind park.',
    zh_cn: '风场与所选风场不一致。',
    status: 400,
  },
  [-10009]: {
    en_us: 'An inspection of this turbine already exists on the same date.',
    zh_cn: '该风机在同一天已存在巡检记录。',
    status: 409,
  },
  [-10010]: { en_us: 'The turbine configuration was not found.', zh_cn: '未找到风机配置。', status: 404 },
  [-10011]: { en_us: 'The blade configuration was not found.', zh_cn: '未找到叶片配置。', status: 404 },
  [-10012]: { en_us: 'The image sequence number is missing.', zh_cn: '缺少图片序号。', status: 400 },
  [-10013]: {
    en_us: 'Several images have the same centre location.',
    zh_cn: '存在中心位置重复的图片。',
    status: 409,
  },
  [-10014]: { en_us: 'The image ID is duplicated.', zh_cn: '图片ID重复。', status: 409 },
  [-10015]: { en_us: 'The image was not found.', zh_cn: '未找到图片。', status: 404 },
  [-10016]: { en_us: 'The image cannot be downloaded.', zh_cn: '图片无法下载。', status: 400 },
  [-10017]: { en_us: 'The defect template was not found.', zh_cn: '未找到缺陷模板。', status: 404 },
  [-10018]: { en_us: 'The defect ID is duplicated.', zh_cn: '缺陷ID重复。', status: 409 },
  [-10019]: {
    en_us: 'The value was not found in the defect template.',
    zh_cn: '缺陷模板中不存在该值。',
    status: 404,
  },
  [-10020]: { en_us: 'The defect image ID is missing.', zh_cn: '缺少缺陷图片ID。', status: 400 },
  [-10021]: { en_us: 'The blade position is inconsistent.', zh_cn: '叶片位置不一致。', status: 400 },
  [-10022]: { en_us: 'A turbine must have exactly 3 blades.', zh_cn: '每台风机必须有且仅有3支叶片。', status: 400 },
  [-10023]: { en_us: 'The section path is missing.', zh_cn: '缺少截面路径。', status: 400 },
  [-10024]: {
    en_us: 'Exactly 3 unique pairs of blade ID and serial number are required.',
    zh_cn: '必须有且仅有3组唯一的叶片ID与序列号组合。',
    status: 400,
  },
  [-10025]: { en_us: 'The sheet is empty.', zh_cn: '工作表为空。', status: 400 },
  [-10027]: {
    en_us: 'Several configurations match; only one is allowed.',
    zh_cn: '匹配到多个配置，只允许存在一个。',
    status: 409,
  },
  [-10028]: { en_us: 'This value must be unique.', zh_cn: '该值必须唯一。', status: 409 },
  [-10030]: {
    en_us: 'Different defect templates cannot be mixed in one file.',
    zh_cn: '同一文件中不能混用不同的缺陷模板。',
    status: 400,
  },
  [-10031]: { en_us: 'No configuration was found for this turbine.', zh_cn: '未找到该风机的配置。', status: 404 },
  [-10033]: {
    en_us: 'The value is inconsistent with the existing configuration.',
    zh_cn: '与现有配置不一致。',
    status: 409,
  },
  [-10034]: { en_us: 'The value exceeds the maximum length.', zh_cn: '数值超出最大长度。', status: 400 },
  [-10035]: { en_us: 'The blade values are inconsistent.', zh_cn: '叶片数据不一致。', status: 400 },
  [-10036]: {
    en_us: 'An import file can hold at most 30 inspections.',
    zh_cn: '一个导入文件最多包含30次巡检。',
    status: 400,
  },
  [-10037]: {
    en_us: 'Sheet names must not mix Chinese and English.',
    zh_cn: '工作表名称不能混用中文和英文。',
    status: 400,
  },
  [-10038]: { en_us: 'No project was found in this time range.', zh_cn: '该时间范围内没有项目。', status: 404 },
  [-10039]: {
    en_us: 'Several projects match this time range; the project cannot be determined.',
    zh_cn: '该时间范围内匹配到多个项目，无法确定所属项目。',
    status: 409,
  },
  [-10040]: { en_us: 'A turbine cannot have more than 3 blades.', zh_cn: '风机叶片不能超过3支。', status: 400 },
  [-10041]: {
    en_us: 'There cannot be more than 3 pairs of blade and serial number.',
    zh_cn: '叶片与序列号的组合不能超过3组。',
    status: 400,
  },
  [-10042]: { en_us: 'The section is not in the chamber.', zh_cn: '该截面不在此腔体内。', status: 400 },

  [-11001]: { en_us: 'The image is missing.', zh_cn: '缺少图片。', status: 400 },
  [-11002]: { en_us: 'The image is broken.', zh_cn: '图片已损坏。', status: 400 },
  [-11003]: {
    en_us: 'Only JPG, JPEG or PNG images are supported.',
    zh_cn: '仅支持JPG、JPEG或PNG格式的图片。',
    status: 400,
  },
  [-11004]: { en_us: 'The image quality is poor.', zh_cn: '图片质量较差。', status: 400 },
  [-11005]: { en_us: 'Stitching failed.', zh_cn: '拼接失败。', status: 400 },

  [-12001]: { en_us: 'The import failed.', zh_cn: '导入失败。', status: 400 },
  [-12002]: { en_us: 'The campaign was not found.', zh_cn: '未找到活动。', status: 404 },
  [-12003]: {
    en_us: 'Several campaigns match; the campaign cannot be determined.',
    zh_cn: '匹配到多个活动，无法确定所属活动。',
    status: 409,
  },
  [-12004]: { en_us: 'The LPS template was not found.', zh_cn: '未找到防雷模板。', status: 404 },
  [-12005]: { en_us: 'The turbine was not found.', zh_cn: '未找到风机。', status: 404 },
  [-12006]: { en_us: 'The blade was not found.', zh_cn: '未找到叶片。', status: 404 },
  [-12007]: { en_us: 'The type was not found.', zh_cn: '未找到类型。', status: 404 },
  [-12008]: { en_us: 'The measured value is invalid.', zh_cn: '测量值无效。', status: 400 },
  [-12009]: { en_us: 'The value does not match the template.', zh_cn: '数值与模板不匹配。', status: 400 },
  [-120010]: { en_us: 'The image was not found.', zh_cn: '未找到图片。', status: 404 },
  [-120011]: { en_us: 'The Excel file is empty.', zh_cn: 'Excel文件为空。', status: 400 },
  [-120012]: { en_us: 'A required column is missing.', zh_cn: '缺少必需的列。', status: 400 },

  [-20001]: { en_us: 'A template with the same name already exists.', zh_cn: '已存在同名模板。', status: 409 },
  [-20002]: { en_us: 'The template contains a duplicate row.', zh_cn: '模板中存在重复行。', status: 409 },
  [-20003]: { en_us: 'A required column is missing from the template.', zh_cn: '模板缺少必需的列。', status: 400 },
  [-20004]: { en_us: 'A required value is missing from the template.', zh_cn: '模板缺少必填值。', status: 400 },
  [-20005]: { en_us: 'The template contains an invalid value.', zh_cn: '模板包含无效值。', status: 400 },
  [-20006]: { en_us: 'A value in the template is too long.', zh_cn: '模板中的值过长。', status: 400 },
  [-20007]: { en_us: 'The template is empty.', zh_cn: '模板为空。', status: 400 },
  [-20008]: {
    en_us: 'The minimum value cannot be greater than the maximum value.',
    zh_cn: '最小值不能大于最大值。',
    status: 400,
  },
} as const satisfies Record<NumericErrorCode, ErrorEntry>;

export function isNumericErrorCode(value: unknown): value is NumericErrorCode {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(NUMERIC_ERRORS, value);
}
