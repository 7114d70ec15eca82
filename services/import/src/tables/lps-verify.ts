import type ExcelJS from 'exceljs';
import {
  BLADES_PER_TURBINE,
  LPS_IMPORT_SHEET,
  NUMERIC_INPUT_MAX_DECIMALS,
  SHEET_BLADE_LETTERS,
  checkNonNegativeInteger,
  parseOhmReading,
  type LpsImportReading,
  type SheetFinding,
} from '@windward/contracts';
import { decimals, toDay, toNumber } from '../sheets/workbook-verify.js';
import { Findings, readTables, type ReadTable, type TableCell } from '../sheets/workbook-table.js';

/** SPEC §8 LPS import codes (-12002…-120012) as this check raises them (docs/import.md). */
export const LPS = {
  inspectionNotFound: -12002,
  templateNotFound: -12004,
  turbineNotFound: -12005,
  bladeNotFound: -12006,
  typeNotFound: -12007,
  invalidValue: -12008,
  notMatchingTemplate: -12009,
  empty: -120011,
  missingColumn: -120012,
} as const;

export interface LpsVerifyResult {
  findings: SheetFinding[];
  total: number;
  table: ReadTable | null;
  /** Set only when there is no finding. */
  readings: LpsImportReading[] | null;
}

/** A bound or reading: ≥ 0 with at most 3 decimals. */
export function ohmBound(c: TableCell): number | null {
  const n = toNumber(c.value, c.text);
  return n !== null && n >= 0 && decimals(typeof c.value === 'number' ? String(c.value) : c.text) <= NUMERIC_INPUT_MAX_DECIMALS ? n : null;
}

/** Side column: PS/SS, or the Chinese names of the pressure and suction sides. */
const SIDES: Record<string, 'PS' | 'SS'> = { ps: 'PS', ss: 'SS', 压力面: 'PS', 吸力面: 'SS' };

/**
 * The LPS sheet against the chosen park (import's turbine copies). Everything import can know
 * is checked here, every finding located; the LPS inspection of each turbine and day, the
 * templates and the stored readings are checked by inspection when it applies the batch.
 */
export function verifyLpsWorkbook(wb: ExcelJS.Workbook, turbines: Map<string, { id: string; name: string }>): LpsVerifyResult {
  const out = new Findings();
  const table = readTables(wb, [LPS_IMPORT_SHEET], LPS.missingColumn, out).get(LPS_IMPORT_SHEET.key) ?? null;
  if (!table || table.rows.length === 0) out.add({ code: LPS.empty, sheet: table?.name ?? LPS_IMPORT_SHEET.en_us, row: null, column: null, value: null });
  const readings: LpsImportReading[] = [];
  const seen = new Map<string, number>();
  for (const r of table?.rows ?? []) {
    const c = (k: string): TableCell => r.cells[k] ?? { value: undefined, text: '' };
    const bad = (k: string, code: number | string, params?: Record<string, string | number>) => (out.at(table!, r, k, code, params), null);
    const turbineText = c('turbine').text;
    const turbine = turbineText ? turbines.get(turbineText.toLowerCase()) : undefined;
    if (!turbine) bad('turbine', LPS.turbineNotFound);
    const day = c('inspectionDate').text ? toDay(c('inspectionDate').value, c('inspectionDate').text) : null;
    if (!day) bad('inspectionDate', LPS.inspectionNotFound);
    const bladeText = c('bladePosition').text.toUpperCase();
    const bladeN = Number(bladeText);
    const blade =
      bladeText && Number.isInteger(bladeN) && bladeN >= 1 && bladeN <= BLADES_PER_TURBINE
        ? bladeN
        : SHEET_BLADE_LETTERS.indexOf(bladeText as (typeof SHEET_BLADE_LETTERS)[number]) + 1 || bad('bladePosition', LPS.bladeNotFound);
    const receptorId = c('receptorId').text;
    if (!receptorId || receptorId.length > 50) bad('receptorId', LPS.invalidValue);
    const side = SIDES[c('side').text.toLowerCase()] ?? bad('side', LPS.typeNotFound);
    const rc = c('reading');
    const reading = rc.text ? parseOhmReading(typeof rc.value === 'number' ? rc.value : rc.text) : null;
    if (!reading) bad('reading', LPS.invalidValue);
    let ringCount: number | null = null;
    if (c('ringCount').text) {
      if (checkNonNegativeInteger(c('ringCount').text).ok) ringCount = Number(c('ringCount').text);
      else bad('ringCount', LPS.invalidValue);
    }
    const template = c('template').text || null;
    if (template && template.length > 100) bad('template', LPS.templateNotFound);
    const bound = (k: string) => (c(k).text ? (ohmBound(c(k)) ?? bad(k, LPS.invalidValue)) : null);
    const minOhm = bound('minOhm');
    const maxOhm = bound('maxOhm');
    if (minOhm !== null && maxOhm !== null && minOhm > maxOhm) bad('minOhm', LPS.notMatchingTemplate);
    if (turbine && day && blade && receptorId && side) {
      const key = [turbine.id, day, blade, receptorId.toLowerCase(), side].join('|');
      if (seen.has(key)) bad('receptorId', 'DUPLICATE_VALUES', { row: seen.get(key)! });
      else seen.set(key, r.row);
    }
    if (turbine && day && blade && side && reading && receptorId)
      readings.push({
        row: r.row,
        turbineId: turbine.id,
        turbineName: turbine.name,
        inspectionDate: day,
        bladePosition: blade,
        receptorId,
        side,
        ohm: reading.kind === 'ohm' ? reading.value : null,
        openCircuit: reading.kind === 'open-circuit',
        ringCount,
        template,
        minOhm,
        maxOhm,
      });
  }
  return { findings: out.list, total: out.total, table, readings: out.total === 0 ? readings : null };
}
