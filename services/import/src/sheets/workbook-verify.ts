import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import {
  BLADES_PER_TURBINE,
  BLADE_ROOT_LOWER_BOUND_M,
  DISTANCE_TO_ROOT_MAX_DECIMALS,
  IMPORT_MAX_INSPECTIONS,
  IMPORT_WORKBOOK_UNPACKED_MAX_BYTES,
  IMPORT_SHEETS,
  NUMERIC_INPUT_MAX_DECIMALS,
  SHEET_BLADE_LETTERS,
  SHEET_SEVERITY_MAX,
  SHEET_SEVERITY_MIN,
  sheetOfName,
  type Locale,
  type ResolvedImportMapping,
  type SheetColumn,
  type SheetDefinition,
  type SheetFinding,
  type SheetInspectionPayload,
  type SheetKey,
} from '@windward/contracts';

/** What verification needs to know about the chosen park (import's read copies of asset's data). */
export interface VerifyContext {
  parkName: string;
  /** Live turbines of the park by lower-case name, with asset's blade configuration (null = asset never said). */
  turbines: Map<string, { id: string; name: string; blades?: ConfiguredBlade[] | null }>;
  /** 'turbineId|YYYY-MM-DD' of inspections already known (earlier imports and drone uploads). */
  existingDays: Set<string>;
  /** A saved vendor mapping (issue #20 item 7): sheet and column names, severity scale. */
  mapping?: ResolvedImportMapping | null;
  /**
   * The park's inspection projects (delivery's, as import keeps them) and the one step 1 chose:
   * each inspection date must lie in the chosen project's time range, or, with none chosen and the
   * park's work in projects, in exactly one of them (-10038 none, -10039 several).
   */
  projects?: { chosen: ProjectRange | null; ofPark: ProjectRange[] };
  /**
   * The run's defect template (a customer's, by the customer's id): an inspection in a project
   * whose data use another template is -10030.
   */
  defectTemplateId?: string | null;
  /**
   * The customer's defect template as inspection announced it (null = none): a defect type it
   * does not list, or a severity level none of its results stands for, is -10019.
   */
  template?: { types: string[]; severityLevels: number[] } | null;
}

/** A blade of a turbine's configuration in asset (position 1..3, blade id = asset's blade name). */
export interface ConfiguredBlade {
  position: number;
  name: string;
  serialNumber: string;
}

/** A project's time range, days (YYYY-MM-DD); null = open. */
export interface ProjectRange {
  name: string;
  start: string | null;
  end: string | null;
  /** The defect template the project's data use; null = none chosen. */
  defectTemplateId?: string | null;
}

const covers = (p: ProjectRange, day: string) => (!p.start || p.start <= day) && (!p.end || day <= p.end);

export interface VerifyResult {
  findings: SheetFinding[];
  /** Set (and complete) only when there is no finding. */
  inspections: SheetInspectionPayload[] | null;
  summary: { inspections: number; blades: number; defects: number; findings: number; truncated: boolean };
}

/** More findings than this are counted but not kept (a broken 10 MB file could list millions). */
export const MAX_FINDINGS = 2000;

type Value = string | number | null;
interface ParsedRow {
  row: number;
  values: Record<string, Value>;
  raw: Record<string, string>;
}
interface ReadSheet {
  def: SheetDefinition;
  name: string;
  locale: Locale;
  headers: Map<string, string>;
  rows: ParsedRow[];
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z]/;

/** The text of any exceljs cell value (rich text, hyperlinks, formulas by their result). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as { result?: ExcelJS.CellValue }).result);
    if ('text' in v) return String((v as { text: unknown }).text);
    if ('error' in v) return String((v as { error: unknown }).error);
    return '';
  }
  return String(v).trim();
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

export function toDay(v: ExcelJS.CellValue | undefined, text: string): string | null {
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.toISOString().slice(0, 10) : null;
  if (typeof v === 'number' && v > 0 && v < 2958466) return new Date(EXCEL_EPOCH + Math.floor(v) * 86400000).toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!m) return null;
  const s = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : null;
}

export function decimals(text: string): number {
  const i = text.indexOf('.');
  return i < 0 ? 0 : text.length - i - 1;
}

export function toNumber(v: ExcelJS.CellValue | undefined, text: string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/**
 * Reads an .xlsx with exceljs' streaming reader (rows are never all in exceljs' model at once)
 * and checks it against the template (contracts IMPORT_SHEETS) and the chosen park. Every
 * finding is located (sheet, row, column, value); all of them are returned, not the first only.
 */
/** An .xlsx that cannot be read; `reason` goes to the answer's details. */
export class WorkbookUnreadable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The workbook, unpacked in memory within limits. fflate inflates each part into a buffer of the
 * size its directory entry declares, so a part cannot grow past what it claims, and the claims
 * together must stay under IMPORT_WORKBOOK_UNPACKED_MAX_BYTES (zip bombs). exceljs then reads a
 * stored (uncompressed) copy of exactly those parts. Its streaming reader was dropped: it lost
 * the zip's last entry now and then (about 1 read in 60 of the same file), and the sheet names
 * with it.
 */
export async function loadWorkbook(filePath: string): Promise<ExcelJS.Workbook> {
  let parts: Record<string, Uint8Array>;
  try {
    let declared = 0;
    parts = unzipSync(await readFile(filePath), {
      filter: (f) => {
        declared += f.originalSize;
        if (declared > IMPORT_WORKBOOK_UNPACKED_MAX_BYTES) throw new WorkbookUnreadable(`the workbook unpacks to more than ${IMPORT_WORKBOOK_UNPACKED_MAX_BYTES / 1024 / 1024} MB`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof WorkbookUnreadable) throw err;
    throw new WorkbookUnreadable('the file is not a readable .xlsx workbook');
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(zipSync(parts, { level: 0 })) as unknown as ExcelJS.Buffer);
  } catch {
    throw new WorkbookUnreadable('the file is not a readable .xlsx workbook');
  }
  return wb;
}

export async function verifyWorkbook(filePath: string, ctx: VerifyContext): Promise<VerifyResult> {
  const findings: SheetFinding[] = [];
  let total = 0;
  const add = (f: SheetFinding) => {
    total++;
    if (findings.length < MAX_FINDINGS) findings.push(f);
  };
  const sheets = new Map<SheetKey, ReadSheet>();
  const sheetLocales = new Set<Locale>();

  const wb = await loadWorkbook(filePath);
  const mapping = ctx.mapping ?? null;
  for (const ws of wb.worksheets) {
    const name = ws.name;
    // A vendor's sheet name is theirs: the language rule (-10037) is about the template's names.
    const vendorSheet = mapping?.sheetOf(name) ?? null;
    if (!vendorSheet && CJK.test(name) && LATIN.test(name)) add({ code: -10037, sheet: name, row: null, column: null, value: name });
    const known = vendorSheet ? { sheet: vendorSheet, locale: null } : sheetOfName(name);
    // Other sheets (instructions, notes) are not read; a sheet renamed by the mapping is not looked for under our name.
    if (!known || sheets.has(known.sheet.key) || (!vendorSheet && mapping?.sheetName(known.sheet.key))) continue;
    if (known.locale) sheetLocales.add(known.locale);
    const read: ReadSheet = { def: known.sheet, name, locale: known.locale ?? 'en_us', headers: new Map(), rows: [] };
    sheets.set(known.sheet.key, read);
    const byIndex = new Map<number, SheetColumn>();
    let headerSeen = false;
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => rows.push(row));
    for (const row of rows) {
      const values = row.values as ExcelJS.CellValue[];
      if (!headerSeen) {
        headerSeen = true;
        values.forEach((v, i) => {
          const text = cellText(v);
          if (!text) return;
          const col = known.sheet.columns.find((c) => {
            const vendor = mapping?.header(known.sheet.key, c.key);
            return vendor != null ? vendor.trim().toLowerCase() === text.toLowerCase() : c.en_us.toLowerCase() === text.toLowerCase() || c.zh_cn === text;
          });
          // A vendor's sheet may carry columns the template does not know; the mapping says whether to skip them.
          if (!col && mapping?.ignoreOtherColumns) return;
          if (!col || read.headers.has(col.key)) {
            add({ code: -10004, sheet: name, row: row.number, column: text, value: text });
            return;
          }
          byIndex.set(i, col);
          read.headers.set(col.key, text);
        });
        for (const c of known.sheet.columns)
          if (!read.headers.has(c.key))
            add({ code: -10003, sheet: name, row: row.number, column: mapping?.header(known.sheet.key, c.key) ?? c[read.locale], value: null });
        continue;
      }
      if (values.every((v) => cellText(v) === '')) continue;
      const parsed: ParsedRow = { row: row.number, values: {}, raw: {} };
      for (const [i, col] of byIndex)
        parsed.values[col.key] = checkCell(col, values[i], read.headers.get(col.key)!, name, row.number, parsed, add, mapping);
      read.rows.push(parsed);
    }
    if (!headerSeen || read.rows.length === 0) add({ code: -10025, sheet: name, row: null, column: null, value: null });
  }
  const locale: Locale = sheetLocales.size === 1 ? [...sheetLocales][0]! : 'en_us';
  if (sheetLocales.size > 1) add({ code: -10037, sheet: [...sheets.values()].map((s) => s.name).join(', '), row: null, column: null, value: null });
  for (const def of IMPORT_SHEETS)
    if (!sheets.has(def.key)) add({ code: -10002, sheet: mapping?.sheetName(def.key) ?? def[locale], row: null, column: null, value: null });

  const inspections = crossCheck(sheets, ctx, add);
  const bladeCount = sheets.get('blades')?.rows.length ?? 0;
  const defectCount = sheets.get('defects')?.rows.length ?? 0;
  return {
    findings,
    inspections: total === 0 ? inspections : null,
    summary: { inspections: inspections.length, blades: bladeCount, defects: defectCount, findings: total, truncated: total > findings.length },
  };
}

/** Parses one cell by its column type; a bad value is a finding and parses to null. */
function checkCell(
  col: SheetColumn,
  v: ExcelJS.CellValue | undefined,
  header: string,
  sheet: string,
  row: number,
  out: ParsedRow,
  add: (f: SheetFinding) => void,
  mapping: ResolvedImportMapping | null = null,
): Value {
  const text = cellText(v);
  out.raw[col.key] = text;
  const at = (code: number, params?: Record<string, string | number>) => {
    add({ code, sheet, row, column: header, value: text || null, ...(params ? { params } : {}) });
    return null;
  };
  if (text === '') return col.required ? at(-10005) : null;
  if (col.maxLength !== undefined && text.length > col.maxLength) return at(-10034, { max: col.maxLength });
  switch (col.type) {
    case 'text':
      return text;
    case 'date':
      return toDay(v, text) ?? at(-10006);
    case 'blade': {
      const n = Number(text);
      if (Number.isInteger(n) && n >= 1 && n <= BLADES_PER_TURBINE) return n;
      const i = SHEET_BLADE_LETTERS.indexOf(text.toUpperCase() as (typeof SHEET_BLADE_LETTERS)[number]);
      return i >= 0 ? i + 1 : at(-10006);
    }
    case 'severity': {
      // A vendor's scale replaces ours: only its values are accepted, located as written.
      const mapped = mapping?.severity(text);
      if (mapped !== undefined && mapped !== null) return mapped;
      if (mapped === null) return at(-10006);
      const n = toNumber(v, text);
      return n !== null && Number.isInteger(n) && n >= SHEET_SEVERITY_MIN && n <= SHEET_SEVERITY_MAX ? n : at(-10006);
    }
    case 'distance': {
      const n = toNumber(v, text);
      if (n === null || decimals(typeof v === 'number' ? String(v) : text) > DISTANCE_TO_ROOT_MAX_DECIMALS) return at(-10006);
      return n < BLADE_ROOT_LOWER_BOUND_M ? at(-13013) : n;
    }
    case 'decimal': {
      const n = toNumber(v, text);
      return n !== null && n >= 0 && decimals(typeof v === 'number' ? String(v) : text) <= NUMERIC_INPUT_MAX_DECIMALS ? n : at(-10006);
    }
    case 'defectNo':
      return /^\d{6}$/.test(text) ? text : at(-10006);
  }
}

/** Rules across rows and sheets: park, turbines, same-day duplicates, the 30 cap, blades, defects. */
function crossCheck(sheets: Map<SheetKey, ReadSheet>, ctx: VerifyContext, add: (f: SheetFinding) => void): SheetInspectionPayload[] {
  const out: SheetInspectionPayload[] = [];
  const byKey = new Map<string, SheetInspectionPayload>();
  const ins = sheets.get('inspections');
  const f = (s: ReadSheet, r: ParsedRow, key: string, code: number, params?: Record<string, string | number>) =>
    add({ code, sheet: s.name, row: r.row, column: s.headers.get(key) ?? key, value: r.raw[key] || null, ...(params ? { params } : {}) });
  const turbineOf = (s: ReadSheet, r: ParsedRow) => {
    const name = r.values.turbine;
    if (typeof name !== 'string') return null;
    const t = ctx.turbines.get(name.toLowerCase());
    if (!t) f(s, r, 'turbine', -10010);
    return t ?? null;
  };

  const configless = new Set<string>();
  if (ins) {
    for (const r of ins.rows) {
      const park = r.values.windPark;
      if (typeof park === 'string' && park.toLowerCase() !== ctx.parkName.trim().toLowerCase()) f(ins, r, 'windPark', -10008);
      const t = turbineOf(ins, r);
      const date = r.values.inspectionDate;
      if (!t || typeof date !== 'string') continue;
      const key = `${t.id}|${date}`;
      if (byKey.has(key) || ctx.existingDays.has(key)) {
        f(ins, r, 'inspectionDate', -10009);
        continue;
      }
      if (out.length === IMPORT_MAX_INSPECTIONS) f(ins, r, 'turbine', -10036, { max: IMPORT_MAX_INSPECTIONS });
      const projects = ctx.projects;
      let project: ProjectRange | null = null;
      if (projects?.chosen) {
        if (!covers(projects.chosen, date)) f(ins, r, 'inspectionDate', -10038, { project: projects.chosen.name });
        else project = projects.chosen;
      } else if (projects?.ofPark.length) {
        const matching = projects.ofPark.filter((p) => covers(p, date));
        if (!matching.length) f(ins, r, 'inspectionDate', -10038);
        else if (matching.length > 1) f(ins, r, 'inspectionDate', -10039, { projects: matching.map((p) => p.name).join(', ') });
        else project = matching[0]!;
      }
      // The project's data keep one template (SPEC §4): rows of this file are held to the run's.
      if (project?.defectTemplateId && ctx.defectTemplateId && project.defectTemplateId !== ctx.defectTemplateId)
        f(ins, r, 'inspectionDate', -10030, { project: project.name });
      // Asset said the turbine has no blades: nothing to hold the Blades sheet to.
      if (t.blades && !t.blades.length && !configless.has(t.id)) {
        configless.add(t.id);
        f(ins, r, 'turbine', -10031);
      }
      const insp: SheetInspectionPayload = { turbineId: t.id, turbineName: t.name, inspectionDate: date, blades: [], defects: [] };
      byKey.set(key, insp);
      out.push(insp);
    }
  }

  // Blades belong to the turbine: exactly 3 (-10022 fewer, -10040 more), 3 unique id/serial pairs.
  const blades = sheets.get('blades');
  const bladesOf = new Map<string, { position: number; bladeId: string; serialNumber: string; row: ParsedRow }[]>();
  if (blades) {
    const serialOwner = new Map<string, string>();
    for (const r of blades.rows) {
      const t = turbineOf(blades, r);
      const { bladePosition: pos, bladeId, serialNumber } = r.values;
      if (!t || typeof pos !== 'number' || typeof bladeId !== 'string' || typeof serialNumber !== 'string') continue;
      const list = bladesOf.get(t.id) ?? [];
      bladesOf.set(t.id, list);
      if (list.length === BLADES_PER_TURBINE) {
        f(blades, r, 'bladeId', -10040, { max: BLADES_PER_TURBINE });
        const pairs = new Set(list.map((b) => `${b.bladeId.toLowerCase()}|${b.serialNumber.toLowerCase()}`));
        if (!pairs.has(`${bladeId.toLowerCase()}|${serialNumber.toLowerCase()}`)) f(blades, r, 'serialNumber', -10041, { max: BLADES_PER_TURBINE });
        continue;
      }
      if (list.some((b) => b.position === pos)) f(blades, r, 'bladePosition', -10021);
      else if (list.some((b) => b.bladeId.toLowerCase() === bladeId.toLowerCase())) f(blades, r, 'bladeId', -10024);
      else if (list.some((b) => b.serialNumber.toLowerCase() === serialNumber.toLowerCase())) f(blades, r, 'serialNumber', -10024);
      else {
        const owner = serialOwner.get(serialNumber.toLowerCase());
        if (owner && owner !== t.id) f(blades, r, 'serialNumber', -10028);
        serialOwner.set(serialNumber.toLowerCase(), t.id);
        list.push({ position: pos, bladeId, serialNumber, row: r });
        if (t.blades?.length) checkBladeConfig(t.blades, blades, r, pos, bladeId, serialNumber, f);
      }
    }
  }
  if (ins && blades) {
    const seen = new Set<string>();
    for (const r of ins.rows) {
      const t = typeof r.values.turbine === 'string' ? ctx.turbines.get(r.values.turbine.toLowerCase()) : undefined;
      if (!t || seen.has(t.id)) continue;
      seen.add(t.id);
      const list = bladesOf.get(t.id) ?? [];
      if (list.length < BLADES_PER_TURBINE)
        add({ code: -10022, sheet: blades.name, row: null, column: blades.headers.get('turbine') ?? null, value: t.name, params: { count: list.length } });
    }
    for (const insp of out)
      insp.blades = (bladesOf.get(insp.turbineId) ?? [])
        .map(({ position, bladeId, serialNumber }) => ({ position, bladeId, serialNumber }))
        .sort((a, b) => a.position - b.position);
  }

  // Defects: of an inspection of the sheet, on one of its turbine's blades, unique 6-digit ids.
  const defects = sheets.get('defects');
  if (defects) {
    const ids = new Set<string>();
    for (const r of defects.rows) {
      const no = r.values.defectNo;
      if (typeof no === 'string') {
        if (ids.has(no)) f(defects, r, 'defectNo', -10018);
        ids.add(no);
      }
      const t = turbineOf(defects, r);
      const date = r.values.inspectionDate;
      if (!t || typeof date !== 'string') continue;
      const insp = byKey.get(`${t.id}|${date}`);
      if (!insp) {
        f(defects, r, 'inspectionDate', -10006);
        continue;
      }
      const pos = r.values.bladePosition;
      if (typeof pos === 'number' && blades && !(bladesOf.get(t.id) ?? []).some((b) => b.position === pos)) f(defects, r, 'bladePosition', -10021);
      const template = ctx.template;
      const type = r.values.defectType;
      if (template?.types.length && typeof type === 'string' && !template.types.some((x) => x.toLowerCase() === type.toLowerCase()))
        f(defects, r, 'defectType', -10019);
      const severity = r.values.severity;
      if (template?.severityLevels.length && typeof severity === 'number' && !template.severityLevels.includes(severity))
        f(defects, r, 'severity', -10019, { levels: [...new Set(template.severityLevels)].sort((a, b) => a - b).join(', ') });
      if (typeof no !== 'string' || typeof pos !== 'number' || typeof r.values.defectType !== 'string') continue;
      const num = (k: string) => (typeof r.values[k] === 'number' ? (r.values[k] as number) : null);
      const str = (k: string) => (typeof r.values[k] === 'string' ? (r.values[k] as string) : null);
      insp.defects.push({
        defectNo: no,
        bladePosition: pos,
        defectType: r.values.defectType,
        severity: num('severity'),
        distanceToRoot: num('distanceToRoot'),
        sizeLength: num('sizeLength'),
        sizeWidth: num('sizeWidth'),
        imageId: str('imageId'),
        description: str('description'),
        row: r.row,
      });
    }
  }
  return out;
}

/**
 * A Blades row against the turbine's configuration in asset (docs/import.md "Blade configuration"):
 * the blade is found by its id (asset's blade name) or serial number, any case. Neither is
 * configured: -10011; id and serial name two configured blades: -10027; one of them differs from
 * the configured blade's: -10035 (at that column); the blade sits at another position: -10033.
 */
function checkBladeConfig(
  config: ConfiguredBlade[],
  s: ReadSheet,
  r: ParsedRow,
  position: number,
  bladeId: string,
  serialNumber: string,
  f: (s: ReadSheet, r: ParsedRow, key: string, code: number, params?: Record<string, string | number>) => void,
): void {
  const byName = config.find((b) => b.name.toLowerCase() === bladeId.toLowerCase());
  const bySerial = config.find((b) => b.serialNumber.toLowerCase() === serialNumber.toLowerCase());
  if (!byName && !bySerial) return f(s, r, 'serialNumber', -10011);
  if (byName && bySerial && byName !== bySerial) return f(s, r, 'bladeId', -10027, { positions: `${byName.position}, ${bySerial.position}` });
  const b = (byName ?? bySerial)!;
  if (!byName) f(s, r, 'bladeId', -10035, { expected: b.name });
  if (!bySerial) f(s, r, 'serialNumber', -10035, { expected: b.serialNumber });
  if (b.position !== position) f(s, r, 'bladePosition', -10033, { expected: b.position });
}
