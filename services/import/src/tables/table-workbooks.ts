import { LPS_IMPORT_SHEET, DEFECT_TEMPLATE_IMPORT_SHEET, LPS_TEMPLATE_IMPORT_SHEET, type Locale } from '@windward/contracts';
import { tableTemplateWorkbook } from '../sheets/workbook-table.js';

const LPS_README: Record<Locale, { name: string; lines: string[] }> = {
  en_us: {
    name: 'Read me',
    lines: [
      'Windward LPS import template. Fill in the sheet "LPS readings"; keep the header row.',
      'One row per reading: turbine of the chosen wind park, the day of its LPS inspection (which must exist), blade 1-3 or A-C, receptor ID, side PS or SS.',
      'Reading: ohm (at least 0, at most 3 decimals) or OC for an open circuit. Ring count: a whole number.',
      'Bounds: the name of one of the customer\'s LPS templates, or Min/Max (ohm) written out; with both, they must equal the template\'s.',
      'Save as .xlsx (at most 10 MB). Either every reading is stored or none.',
    ],
  },
  zh_cn: {
    name: '说明',
    lines: [
      'Windward防雷导入模板。请填写“防雷测量”工作表，保留表头行。',
      '每个测量值一行：所选风场的风机、其防雷巡检日期（巡检须已存在）、叶片1-3或A-C、接闪器编号、面PS或SS。',
      '电阻值：欧姆（不小于0，最多3位小数），开路填OC。环数：整数。',
      '范围：填写客户的防雷模板名称，或直接填写最小值/最大值（欧姆）；两者都填时须与模板一致。',
      '请保存为.xlsx格式（不超过10MB）。测量值要么全部导入，要么全部不导入。',
    ],
  },
};

const TEMPLATE_README: Record<Locale, { name: string; lines: string[] }> = {
  en_us: {
    name: 'Read me',
    lines: [
      'Windward template import. Sheet "Defect template": Kind (Type, Severity or Recommendation), Name, Level (0-5, severities only).',
      'Sheet "LPS templates": Name, Min (ohm), Max (ohm); Min not above Max, at most 3 decimals.',
      'Names: at most 100 characters (recommendations 500), not already in the customer\'s templates, not repeated in the file.',
      'Save as .xlsx (at most 10 MB). Either every row is stored or none.',
    ],
  },
  zh_cn: {
    name: '说明',
    lines: [
      'Windward模板导入。“缺陷模板”工作表：种类（缺陷类型、严重等级或维修建议）、名称、等级（0-5，仅严重等级填写）。',
      '“防雷模板”工作表：名称、最小值(欧姆)、最大值(欧姆)；最小值不大于最大值，最多3位小数。',
      '名称：不超过100个字符（维修建议500个），不得与客户已有模板重复，文件内不得重复。',
      '请保存为.xlsx格式（不超过10MB）。所有行要么全部导入，要么全部不导入。',
    ],
  },
};

/** The LPS template workbook (what verifyLpsWorkbook reads back), with one example row. */
export function lpsTemplateWorkbook(locale: Locale): Promise<Buffer> {
  return tableTemplateWorkbook(locale, LPS_README[locale], [
    { def: LPS_IMPORT_SHEET, example: [['WTG-01', '2026-05-01', 'A', 'R1', 'PS', 0.25, 2, '', 0, 1]] },
  ]);
}

/** The Config Center template workbook, with example rows in the chosen language. */
export function defectTemplateWorkbook(locale: Locale): Promise<Buffer> {
  const zh = locale === 'zh_cn';
  return tableTemplateWorkbook(locale, TEMPLATE_README[locale], [
    {
      def: DEFECT_TEMPLATE_IMPORT_SHEET,
      example: zh
        ? [['缺陷类型', '前缘腐蚀', ''], ['严重等级', '严重', 4], ['维修建议', '打磨并涂覆保护层', '']]
        : [['Type', 'Leading edge erosion', ''], ['Severity', 'Serious', 4], ['Recommendation', 'Grind and apply a protective coating', '']],
    },
    { def: LPS_TEMPLATE_IMPORT_SHEET, example: [[zh ? '标准接闪器' : 'Standard receptor', 0, 1]] },
  ]);
}
