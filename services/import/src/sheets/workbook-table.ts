import ExcelJS from 'exceljs';
import { AppError, IMPORT_FILE_MAX_BYTES, fileExtension, type Locale, type SheetFinding, type TableDefinition } from '@windward/contracts';
import { MAX_FINDINGS, WorkbookUnreadable, cellText, loadWorkbook } from './workbook-verify.js';

/**
 * Single-table sheets (LPS readings, templates) read with the wizard's workbook code: the same
 * file checks (.xlsx only, 10 MB, bounded unpacking) and the same cell reading; each kind brings
 * its own codes for a missing sheet/column and its own cell checks.
 */

/** The uploaded file → the workbook, or the wizard's refusals (-10001, .xls, FILE_TOO_LARGE). */
export async function openUploadedWorkbook(file: Express.Multer.File | undefined): Promise<ExcelJS.Workbook> {
  if (!file) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { required: 'an .xlsx workbook' } }] });
  const ext = fileExtension(file.originalname);
  if (ext === '.xls') throw new AppError('SPREADSHEET_XLS_NOT_SUPPORTED');
  if (ext !== '.xlsx') throw new AppError(-10001);
  if (file.size > IMPORT_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { params: { maxMb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 } });
  try {
    return await loadWorkbook(file.path);
  } catch (err) {
    throw new AppError(-10001, { details: { reason: err instanceof WorkbookUnreadable ? err.reason : 'the file is not a readable .xlsx workbook' } });
  }
}

export interface TableCell {
  value: ExcelJS.CellValue | undefined;
  text: string;
}
export interface TableRow {
  row: number;
  cells: Record<string, TableCell>;
}
export interface ReadTable {
  def: TableDefinition;
  name: string;
  locale: Locale;
  /** Column key → header as written. */
  headers: Record<string, string>;
  rows: TableRow[];
}

/** Collects located findings; all are counted, the first MAX_FINDINGS kept. */
export class Findings {
  readonly list: SheetFinding[] = [];
  total = 0;
  add(f: SheetFinding) {
    this.total++;
    if (this.list.length < MAX_FINDINGS) this.list.push(f);
  }
  /** A finding at a cell of a read table. */
  at(t: ReadTable, r: TableRow, key: string, code: number | string, params?: Record<string, string | number>) {
    // A missing column is reported once, at its header, not again in every row.
    if (!(key in t.headers)) return;
    const text = r.cells[key]?.text ?? '';
    this.add({ code, sheet: t.name, row: r.row, column: t.headers[key] ?? null, value: text || null, ...(params ? { params } : {}) });
  }
}

/**
 * Finds each definition's sheet (by its English or Chinese name, any case) and reads it: row 1
 * the headers (unknown headers are ignored; a missing column is `missingColumn`, located at row 1
 * under its name in the sheet's language), then the non-blank rows.
 */
export function readTables(wb: ExcelJS.Workbook, defs: readonly TableDefinition[], missingColumn: number, out: Findings): Map<string, ReadTable> {
  const tables = new Map<string, ReadTable>();
  for (const ws of wb.worksheets) {
    const n = ws.name.trim().toLowerCase();
    let locale: Locale | null = null;
    const def = defs.find((d) => (d.en_us.toLowerCase() === n ? (locale = 'en_us') : d.zh_cn === ws.name.trim() ? (locale = 'zh_cn') : false));
    if (!def || !locale || tables.has(def.key)) continue;
    const t: ReadTable = { def, name: ws.name, locale, headers: {}, rows: [] };
    tables.set(def.key, t);
    const byIndex = new Map<number, string>();
    ws.eachRow((row) => {
      const values = row.values as ExcelJS.CellValue[];
      if (row.number === 1) {
        values.forEach((v, i) => {
          const text = cellText(v);
          const col = def.columns.find((c) => c.en_us.toLowerCase() === text.toLowerCase() || c.zh_cn === text);
          if (col && !(col.key in t.headers)) {
            byIndex.set(i, col.key);
            t.headers[col.key] = text;
          }
        });
        return;
      }
      if (values.every((v) => cellText(v) === '')) return;
      const cells: Record<string, TableCell> = {};
      for (const [i, key] of byIndex) cells[key] = { value: values[i], text: cellText(values[i]) };
      t.rows.push({ row: row.number, cells });
    });
    for (const c of def.columns) if (!(c.key in t.headers)) out.add({ code: missingColumn, sheet: t.name, row: 1, column: c[t.locale], value: null });
  }
  return tables;
}

/** A workbook with a "Read me" sheet and each definition's headers (plus example rows), in one language. */
export async function tableTemplateWorkbook(
  locale: Locale,
  readme: { name: string; lines: string[] },
  sheets: { def: TableDefinition; example: (string | number)[][] }[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Windward';
  const r = wb.addWorksheet(readme.name);
  r.getColumn(1).width = 110;
  readme.lines.forEach((l) => r.addRow([l]));
  for (const { def, example } of sheets) {
    const ws = wb.addWorksheet(def[locale]);
    ws.addRow(def.columns.map((c) => c[locale]));
    ws.getRow(1).font = { bold: true };
    def.columns.forEach((c, i) => (ws.getColumn(i + 1).width = Math.max(14, c[locale].length + 4)));
    example.forEach((e) => ws.addRow(e));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
