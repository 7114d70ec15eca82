import type { Locale } from './enums/locale.js';
import { SEVERITY_LEVELS } from './enums/severity.js';

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
/**
 * Severity levels a defect row may carry: a defect's own severities (SEVERITY_LEVELS, 0..5), what
 * inspection stores. SPEC §9's palette levels 0..8 colour blades (TBD, none, 1..5), not defects:
 * a row of 6..8 passed the check and then failed the whole batch in step 4.
 */
export const SHEET_SEVERITY_MIN = SEVERITY_LEVELS[0];
export const SHEET_SEVERITY_MAX = SEVERITY_LEVELS[SEVERITY_LEVELS.length - 1];

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

/** Step 3: a photo shorter or narrower than this many pixels is refused as poor quality (-11004; our choice). */
export const SHEET_IMAGE_MIN_PIXELS = 100;
/** Step 3: at most this many loose photos in one request (an archive holds up to ARCHIVE_MAX_ENTRIES). */
export const SHEET_IMAGE_FILES_MAX = 1000;

/**
 * The image id a photo answers to: its file name without folders and without a .jpg/.jpeg/.png
 * ending, compared case-insensitively (the Image ID column may be written with or without the ending).
 */
export function sheetImageId(name: string): string {
  const base = name.split('/').pop() ?? name;
  return base
    .replace(/\.(jpe?g|png)$/i, '')
    .normalize('NFC')
    .trim()
    .toLowerCase();
}

/**
 * A saved column mapping (issue #20 item 7): how another vendor's defect workbook names our
 * sheets and columns, and how its severity scale maps onto ours. The workbook check applies it
 * while reading, so every finding still names the vendor's sheet and column as written.
 */
export interface ImportMappingSheetName {
  sheet: SheetKey;
  /** The vendor's sheet name (compared without case). */
  name: string;
}
export interface ImportMappingColumn {
  sheet: SheetKey;
  /** Our column key (`SheetColumn.key`). */
  column: string;
  /** The vendor's header (compared without case). */
  header: string;
}
export interface ImportMappingSeverity {
  /** The vendor's severity as written in the cell (compared without case), e.g. `Cat 4`. */
  value: string;
  /** Our level (SHEET_SEVERITY_MIN..SHEET_SEVERITY_MAX). */
  level: number;
}
export interface ImportMappingContent {
  sheets: ImportMappingSheetName[];
  columns: ImportMappingColumn[];
  /** Empty: the Severity column holds our levels. Otherwise only these values are accepted. */
  severities: ImportMappingSeverity[];
  /** Vendor columns the template does not know are skipped instead of refused (-10004). */
  ignoreOtherColumns: boolean;
}
export const IMPORT_MAPPING_NAME_MAX = 100;
/** Longest vendor sheet name, header or severity value. */
export const IMPORT_MAPPING_TEXT_MAX = 100;
export const IMPORT_MAPPING_SEVERITIES_MAX = 50;

export type ImportMappingProblem =
  | { code: 'IMPORT_MAPPING_EMPTY'; params?: undefined }
  | { code: 'IMPORT_MAPPING_UNKNOWN_COLUMN'; params: { sheet: string; column: string } }
  | { code: 'IMPORT_MAPPING_DUPLICATE_HEADER'; params: { header: string } }
  | { code: 'IMPORT_MAPPING_SEVERITY_INVALID'; params: { value: string; min: number; max: number } };

const fold = (s: string) => s.normalize('NFC').trim().toLowerCase();

/**
 * The first rule a mapping breaks, or null (the server refuses with it; the console checks the
 * same before saving): known sheets and columns only, every sheet name and every header within a
 * sheet told apart (the template's own names of unmapped columns included), severities non-empty,
 * unique and mapped to 0..8, and something mapped at all.
 */
export function importMappingProblem(m: ImportMappingContent): ImportMappingProblem | null {
  if (!m.sheets.length && !m.columns.length && !m.severities.length) return { code: 'IMPORT_MAPPING_EMPTY' };
  const sheetNames = new Map<SheetKey, string>();
  for (const s of m.sheets) {
    const def = IMPORT_SHEETS.find((d) => d.key === s.sheet);
    if (!def) return { code: 'IMPORT_MAPPING_UNKNOWN_COLUMN', params: { sheet: String(s.sheet), column: '' } };
    if (sheetNames.has(def.key) || !fold(s.name)) return { code: 'IMPORT_MAPPING_DUPLICATE_HEADER', params: { header: s.name } };
    sheetNames.set(def.key, s.name);
  }
  // Every sheet's accepted names (the vendor's, or ours in both languages) must not meet another's.
  const taken = new Map<string, SheetKey>();
  for (const def of IMPORT_SHEETS) {
    const names = sheetNames.has(def.key) ? [sheetNames.get(def.key)!] : [def.en_us, def.zh_cn];
    for (const n of names) {
      const k = fold(n);
      if (taken.has(k) && taken.get(k) !== def.key) return { code: 'IMPORT_MAPPING_DUPLICATE_HEADER', params: { header: n } };
      taken.set(k, def.key);
    }
  }
  const headers = new Map<string, string>();
  for (const c of m.columns) {
    const def = IMPORT_SHEETS.find((d) => d.key === c.sheet);
    const col = def?.columns.find((x) => x.key === c.column);
    if (!def || !col) return { code: 'IMPORT_MAPPING_UNKNOWN_COLUMN', params: { sheet: String(c.sheet), column: String(c.column) } };
    const key = `${def.key}|${col.key}`;
    if (headers.has(key) || !fold(c.header)) return { code: 'IMPORT_MAPPING_DUPLICATE_HEADER', params: { header: c.header } };
    headers.set(key, c.header);
  }
  for (const def of IMPORT_SHEETS) {
    const seen = new Map<string, string>();
    for (const col of def.columns) {
      const mapped = headers.get(`${def.key}|${col.key}`);
      for (const n of mapped !== undefined ? [mapped] : [col.en_us, col.zh_cn]) {
        const k = fold(n);
        if (seen.has(k) && seen.get(k) !== col.key) return { code: 'IMPORT_MAPPING_DUPLICATE_HEADER', params: { header: n } };
        seen.set(k, col.key);
      }
    }
  }
  const values = new Set<string>();
  for (const s of m.severities) {
    const k = fold(s.value);
    if (!k || values.has(k) || !Number.isInteger(s.level) || s.level < SHEET_SEVERITY_MIN || s.level > SHEET_SEVERITY_MAX)
      return { code: 'IMPORT_MAPPING_SEVERITY_INVALID', params: { value: s.value, min: SHEET_SEVERITY_MIN, max: SHEET_SEVERITY_MAX } };
    values.add(k);
  }
  return null;
}

/** The mapping's lookups for the workbook check. */
export interface ResolvedImportMapping {
  /** Which of our sheets a workbook sheet name is, by the vendor's name. */
  sheetOf(name: string): SheetDefinition | null;
  /** The vendor's name of a sheet, if mapped. */
  sheetName(sheet: SheetKey): string | null;
  /** The vendor's header of a column, if mapped. */
  header(sheet: SheetKey, column: string): string | null;
  /** Our level of a vendor severity; undefined when the mapping has no severity scale. */
  severity(value: string): number | null | undefined;
  ignoreOtherColumns: boolean;
}

export function resolveImportMapping(m: ImportMappingContent): ResolvedImportMapping {
  const sheets = new Map(m.sheets.map((s) => [fold(s.name), s.sheet]));
  const names = new Map(m.sheets.map((s) => [s.sheet, s.name]));
  const headers = new Map(m.columns.map((c) => [`${c.sheet}|${c.column}`, c.header]));
  const levels = new Map(m.severities.map((s) => [fold(s.value), s.level]));
  return {
    sheetOf: (name) => {
      const key = sheets.get(fold(name));
      return key ? (IMPORT_SHEETS.find((d) => d.key === key) ?? null) : null;
    },
    sheetName: (sheet) => names.get(sheet) ?? null,
    header: (sheet, column) => headers.get(`${sheet}|${column}`) ?? null,
    severity: (value) => (levels.size ? (levels.get(fold(value)) ?? null) : undefined),
    ignoreOtherColumns: m.ignoreOtherColumns,
  };
}
