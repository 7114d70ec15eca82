import type { Locale } from './enums/locale.js';

/**
 * The import spreadsheet (SPEC §2 step 2, issue #20): the template workbook the console offers
 * for download in each language is exactly what the import service reads back. Sheet names and
 * column headers are accepted in English or Chinese, but one workbook must not mix them (-10037).
 */
export type SheetKey = 'inspections' | 'blades' | 'defects';
export type SheetColumnType = 'text' | 'date' | 'blade' | 'severity' | 'distance' | 'decimal' | 'defectNo';

export interface SheetColumn {
  key: string;
  en_us: string;
  zh_cn: string;
  required: boolean;
  type: SheetColumnType;
  /** Longest text accepted (-10034 beyond). */
  maxLength?: number;
}

export interface SheetDefinition {
  key: SheetKey;
  en_us: string;
  zh_cn: string;
  columns: readonly SheetColumn[];
}

const turbine: SheetColumn = { key: 'turbine', en_us: 'Turbine', zh_cn: '风机', required: true, type: 'text', maxLength: 100 };
const date: SheetColumn = { key: 'inspectionDate', en_us: 'Inspection date', zh_cn: '巡检日期', required: true, type: 'date' };
const blade: SheetColumn = { key: 'bladePosition', en_us: 'Blade', zh_cn: '叶片', required: true, type: 'blade' };

export const IMPORT_SHEETS: readonly SheetDefinition[] = [
  {
    key: 'inspections',
    en_us: 'Inspections',
    zh_cn: '巡检',
    columns: [
      turbine,
      { key: 'windPark', en_us: 'Wind park', zh_cn: '风场', required: true, type: 'text', maxLength: 100 },
      date,
    ],
  },
  {
    key: 'blades',
    en_us: 'Blades',
    zh_cn: '叶片',
    columns: [
      turbine,
      blade,
      { key: 'bladeId', en_us: 'Blade ID', zh_cn: '叶片编号', required: true, type: 'text', maxLength: 50 },
      { key: 'serialNumber', en_us: 'Serial number', zh_cn: '叶片序列号', required: true, type: 'text', maxLength: 50 },
    ],
  },
  {
    key: 'defects',
    en_us: 'Defects',
    zh_cn: '缺陷',
    columns: [
      turbine,
      date,
      { key: 'defectNo', en_us: 'Defect ID', zh_cn: '缺陷编号', required: true, type: 'defectNo' },
      blade,
      { key: 'defectType', en_us: 'Defect type', zh_cn: '缺陷类型', required: true, type: 'text', maxLength: 100 },
      { key: 'severity', en_us: 'Severity', zh_cn: '严重等级', required: true, type: 'severity' },
      { key: 'distanceToRoot', en_us: 'Distance to root (m)', zh_cn: '距叶根距离(米)', required: true, type: 'distance' },
      { key: 'sizeLength', en_us: 'Length (mm)', zh_cn: '长度(毫米)', required: false, type: 'decimal' },
      { key: 'sizeWidth', en_us: 'Width (mm)', zh_cn: '宽度(毫米)', required: false, type: 'decimal' },
      { key: 'imageId', en_us: 'Image ID', zh_cn: '图片编号', required: false, type: 'text', maxLength: 100 },
      { key: 'description', en_us: 'Description', zh_cn: '描述', required: false, type: 'text', maxLength: 500 },
    ],
  },
];

/** Blade letters accepted in the Blade column besides 1..3. */
export const SHEET_BLADE_LETTERS = ['A', 'B', 'C'] as const;
/** Severity levels a defect row may carry (SPEC §9: palette levels 0..8; the template uses 1..5). */
export const SHEET_SEVERITY_MIN = 0;
export const SHEET_SEVERITY_MAX = 8;

/** Which language a sheet name is in, or null when it is none of ours. */
export function sheetOfName(name: string): { sheet: SheetDefinition; locale: Locale } | null {
  const n = name.trim().toLowerCase();
  for (const sheet of IMPORT_SHEETS) {
    if (sheet.en_us.toLowerCase() === n) return { sheet, locale: 'en_us' };
    if (sheet.zh_cn === n) return { sheet, locale: 'zh_cn' };
  }
  return null;
}

/** One located finding of a spreadsheet verification (the rows of the error report). */
export interface SheetFinding {
  code: number | string;
  /** Sheet name as in the workbook (or as the template names it when the sheet is missing). */
  sheet: string | null;
  /** 1-based row number as Excel shows it; null for a whole sheet. */
  row: number | null;
  /** Column header; null for a whole row or sheet. */
  column: string | null;
  /** The offending value as text. */
  value: string | null;
  params?: Record<string, string | number>;
}

/** Wizard steps the server remembers for a sheet import (the console resumes there). */
export const SHEET_IMPORT_FILE_NAME_MAX = 200;
