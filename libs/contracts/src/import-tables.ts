import type { Locale } from './enums/locale.js';
import type { SheetFinding } from './import-sheet.js';

/**
 * Single-table spreadsheet imports (issue #20 item 5): LPS resistance readings into inspection's
 * LPS data, and defect/LPS templates into the Config Center. The template workbooks the console
 * offers are exactly what import reads back; sheet names and headers in English or Chinese.
 */
export interface TableColumn {
  key: string;
  en_us: string;
  zh_cn: string;
  required: boolean;
  maxLength?: number;
}
export interface TableDefinition {
  key: string;
  en_us: string;
  zh_cn: string;
  columns: readonly TableColumn[];
}

/** The LPS sheet: one reading per row (blade, receptor and side of a turbine's LPS inspection on a day). */
export const LPS_IMPORT_SHEET: TableDefinition = {
  key: 'lps',
  en_us: 'LPS readings',
  zh_cn: '防雷测量',
  columns: [
    { key: 'turbine', en_us: 'Turbine', zh_cn: '风机', required: true, maxLength: 100 },
    { key: 'inspectionDate', en_us: 'Inspection date', zh_cn: '巡检日期', required: true },
    { key: 'bladePosition', en_us: 'Blade', zh_cn: '叶片', required: true },
    { key: 'receptorId', en_us: 'Receptor ID', zh_cn: '接闪器编号', required: true, maxLength: 50 },
    { key: 'side', en_us: 'Side', zh_cn: '面', required: true },
    { key: 'reading', en_us: 'Reading (ohm)', zh_cn: '电阻值(欧姆)', required: true },
    { key: 'ringCount', en_us: 'Ring count', zh_cn: '环数', required: false },
    { key: 'template', en_us: 'LPS template', zh_cn: '防雷模板', required: false, maxLength: 100 },
    { key: 'minOhm', en_us: 'Min (ohm)', zh_cn: '最小值(欧姆)', required: false },
    { key: 'maxOhm', en_us: 'Max (ohm)', zh_cn: '最大值(欧姆)', required: false },
  ],
};

/** Config Center template import: defect template items, and LPS templates (resistance bounds). */
export const DEFECT_TEMPLATE_IMPORT_SHEET: TableDefinition = {
  key: 'defectTemplate',
  en_us: 'Defect template',
  zh_cn: '缺陷模板',
  columns: [
    { key: 'kind', en_us: 'Kind', zh_cn: '种类', required: true },
    { key: 'name', en_us: 'Name', zh_cn: '名称', required: true },
    { key: 'level', en_us: 'Level', zh_cn: '等级', required: false },
  ],
};
export const LPS_TEMPLATE_IMPORT_SHEET: TableDefinition = {
  key: 'lpsTemplates',
  en_us: 'LPS templates',
  zh_cn: '防雷模板',
  columns: [
    { key: 'name', en_us: 'Name', zh_cn: '名称', required: true, maxLength: 100 },
    { key: 'minOhm', en_us: 'Min (ohm)', zh_cn: '最小值(欧姆)', required: false },
    { key: 'maxOhm', en_us: 'Max (ohm)', zh_cn: '最大值(欧姆)', required: false },
  ],
};
export const TEMPLATE_IMPORT_SHEETS: readonly TableDefinition[] = [DEFECT_TEMPLATE_IMPORT_SHEET, LPS_TEMPLATE_IMPORT_SHEET];

/** Kind column values (either language, any case) → stored template kind. */
export const TEMPLATE_IMPORT_KINDS: Record<'type' | 'severity' | 'recommendation', { en_us: string; zh_cn: string; maxLength: number }> = {
  type: { en_us: 'Type', zh_cn: '缺陷类型', maxLength: 100 },
  severity: { en_us: 'Severity', zh_cn: '严重等级', maxLength: 100 },
  recommendation: { en_us: 'Recommendation', zh_cn: '维修建议', maxLength: 500 },
};
export type TemplateImportKind = keyof typeof TEMPLATE_IMPORT_KINDS;

export function templateImportKind(text: string): TemplateImportKind | null {
  const t = text.trim().toLowerCase();
  for (const [k, v] of Object.entries(TEMPLATE_IMPORT_KINDS)) if (v.en_us.toLowerCase() === t || v.zh_cn === t || k === t) return k as TemplateImportKind;
  return null;
}

export type TableImportKind = 'lps' | 'templates';
export type TableImportStatus = 'REFUSED' | 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** Where a row came from, so that inspection's findings are located like import's. */
export interface TableRowOrigin {
  sheet: string;
  row: number;
  /** Column key → header as written in the workbook. */
  headers: Record<string, string>;
  locale: Locale;
}

export interface LpsImportReading {
  row: number;
  turbineId: string;
  turbineName: string;
  /** 'YYYY-MM-DD'. */
  inspectionDate: string;
  bladePosition: number;
  receptorId: string;
  side: 'PS' | 'SS';
  ohm: number | null;
  openCircuit: boolean;
  ringCount: number | null;
  template: string | null;
  minOhm: number | null;
  maxOhm: number | null;
}
export interface TemplateImportItem {
  row: number;
  kind: TemplateImportKind;
  name: string;
  level: number | null;
}
export interface TemplateImportLps {
  row: number;
  name: string;
  minOhm: number | null;
  maxOhm: number | null;
}

/** import.table.committed: a verified LPS or template workbook, whole, for inspection to apply in one transaction. */
export type TableCommittedPayload = {
  tableImportId: string;
  userId: string | null;
  /** Sheet key → where its rows came from (sheet name, headers), to locate findings. */
  origins: Record<string, Omit<TableRowOrigin, 'row'>>;
} & (
  | { kind: 'lps'; windfarmId: string; readings: LpsImportReading[] }
  | { kind: 'templates'; customerId: string; items: TemplateImportItem[]; lpsTemplates: TemplateImportLps[] }
);

/** inspection.table.applied: every row landed (ok) or none did, with every located finding. */
export interface TableAppliedPayload {
  tableImportId: string;
  ok: boolean;
  /** Rows created (readings or template entries). */
  created: number;
  /** LPS inspections that received readings. */
  inspectionIds?: string[];
  findings: SheetFinding[];
}
