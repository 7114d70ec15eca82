import type ExcelJS from 'exceljs';
import {
  DEFECT_TEMPLATE_IMPORT_SHEET,
  LPS_TEMPLATE_IMPORT_SHEET,
  TEMPLATE_IMPORT_KINDS,
  TEMPLATE_IMPORT_SHEETS,
  templateImportKind,
  type SheetFinding,
  type TemplateImportItem,
  type TemplateImportLps,
} from '@windward/contracts';
import { Findings, readTables, type ReadTable, type TableCell } from '../sheets/workbook-table.js';
import { ohmBound } from './lps-verify.js';

/** SPEC §8 template import codes (-20001…-20008); -20001 (name exists) is inspection's, when it applies the batch. */
export const TPL = {
  duplicateRow: -20002,
  missingColumn: -20003,
  missingValue: -20004,
  invalidValue: -20005,
  tooLong: -20006,
  empty: -20007,
  minMax: -20008,
} as const;

/** Severity levels a severity result may stand for (inspection's template_item_level_check). */
const LEVEL_MAX = 5;

export interface TemplateVerifyResult {
  findings: SheetFinding[];
  total: number;
  tables: ReadTable[];
  /** Set only when there is no finding. */
  batch: { items: TemplateImportItem[]; lpsTemplates: TemplateImportLps[] } | null;
}

/** The template workbook: defect template rows (kind, name, level) and LPS templates (name, min, max). */
export function verifyTemplateWorkbook(wb: ExcelJS.Workbook): TemplateVerifyResult {
  const out = new Findings();
  const tables = readTables(wb, TEMPLATE_IMPORT_SHEETS, TPL.missingColumn, out);
  const items: TemplateImportItem[] = [];
  const lpsTemplates: TemplateImportLps[] = [];
  const defects = tables.get(DEFECT_TEMPLATE_IMPORT_SHEET.key);
  const lps = tables.get(LPS_TEMPLATE_IMPORT_SHEET.key);
  if (!defects?.rows.length && !lps?.rows.length)
    out.add({ code: TPL.empty, sheet: defects?.name ?? lps?.name ?? DEFECT_TEMPLATE_IMPORT_SHEET.en_us, row: null, column: null, value: null });

  const seen = new Map<string, number>();
  for (const r of defects?.rows ?? []) {
    const t = defects!;
    const c = (k: string): TableCell => r.cells[k] ?? { value: undefined, text: '' };
    const bad = (k: string, code: number, params?: Record<string, string | number>) => (out.at(t, r, k, code, params), null);
    const kindText = c('kind').text;
    const kind = kindText ? (templateImportKind(kindText) ?? bad('kind', TPL.invalidValue)) : bad('kind', TPL.missingValue);
    let name: string | null = c('name').text || bad('name', TPL.missingValue);
    if (name && kind && name.length > TEMPLATE_IMPORT_KINDS[kind].maxLength) name = bad('name', TPL.tooLong, { max: TEMPLATE_IMPORT_KINDS[kind].maxLength });
    let level: number | null = null;
    const levelText = c('level').text;
    if (kind === 'severity') {
      const n = Number(levelText);
      if (!levelText) bad('level', TPL.missingValue);
      else if (Number.isInteger(n) && n >= 0 && n <= LEVEL_MAX) level = n;
      else bad('level', TPL.invalidValue);
    } else if (levelText && kind) bad('level', TPL.invalidValue);
    if (kind && name) {
      const key = `${kind}|${name.toLowerCase()}`;
      if (seen.has(key)) bad('name', TPL.duplicateRow, { row: seen.get(key)! });
      else seen.set(key, r.row);
      items.push({ row: r.row, kind, name, level });
    }
  }

  const lpsSeen = new Map<string, number>();
  for (const r of lps?.rows ?? []) {
    const t = lps!;
    const c = (k: string): TableCell => r.cells[k] ?? { value: undefined, text: '' };
    const bad = (k: string, code: number, params?: Record<string, string | number>) => (out.at(t, r, k, code, params), null);
    let name: string | null = c('name').text || bad('name', TPL.missingValue);
    if (name && name.length > 100) name = bad('name', TPL.tooLong, { max: 100 });
    const bound = (k: string) => (c(k).text ? (ohmBound(c(k)) ?? bad(k, TPL.invalidValue)) : null);
    const minOhm = bound('minOhm');
    const maxOhm = bound('maxOhm');
    if (minOhm !== null && maxOhm !== null && minOhm > maxOhm) bad('minOhm', TPL.minMax);
    if (name) {
      if (lpsSeen.has(name.toLowerCase())) bad('name', TPL.duplicateRow, { row: lpsSeen.get(name.toLowerCase())! });
      else lpsSeen.set(name.toLowerCase(), r.row);
      lpsTemplates.push({ row: r.row, name, minOhm, maxOhm });
    }
  }
  return { findings: out.list, total: out.total, tables: [...tables.values()], batch: out.total === 0 ? { items, lpsTemplates } : null };
}
