import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  positionName,
  repairStatusName,
  timelineRows,
  priorityName,
  severityHex,
  severityName,
  statusName,
  texts,
  turbineSummaries,
  type ReportData,
} from './report-data.js';

/**
 * The defect list as a workbook, written with exceljs's streaming writer (rows are committed as
 * they are written, so 2,500 defects do not sit in memory as cell objects): typed cells (numbers
 * and dates), a frozen header row and filters; a second sheet counts defects per turbine.
 */
export async function renderXlsx(d: ReportData): Promise<Buffer> {
  const t = texts(d);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Windward';
  wb.created = d.generatedAt;

  const columns = [
    { header: t.defectNo, key: 'defectNo', width: 12 },
    { header: t.park, key: 'park', width: 20 },
    { header: t.turbine, key: 'turbine', width: 16 },
    { header: t.inspectionDate, key: 'date', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
    { header: t.blade, key: 'blade', width: 8 },
    { header: t.position, key: 'position', width: 12 },
    { header: t.distance, key: 'distance', width: 12, style: { numFmt: '0.00' } },
    { header: t.type, key: 'type', width: 20 },
    { header: t.severity, key: 'severity', width: 10 },
    { header: t.severityLabel, key: 'severityName', width: 12 },
    { header: t.length, key: 'length', width: 10 },
    { header: t.width, key: 'width', width: 10 },
    { header: t.priority, key: 'priority', width: 16 },
    { header: t.status, key: 'status', width: 16 },
    { header: t.recommendation, key: 'recommendation', width: 40 },
    ...(d.campaign ? [{ header: t.repairStatus, key: 'repairStatus', width: 16 }] : []),
  ];
  const ws = wb.addWorksheet(t.defectTable, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns;
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const x of d.defects) {
    const row = ws.addRow({
      defectNo: x.defectNo,
      park: x.parkName,
      turbine: x.turbineName,
      date: new Date(`${x.inspectionDate}T00:00:00Z`),
      blade: x.bladePosition,
      position: positionName(d, x.position),
      distance: x.distanceToRoot,
      type: x.defectType,
      severity: x.severity,
      severityName: severityName(d, x.severity),
      length: x.sizeLength,
      width: x.sizeWidth,
      priority: priorityName(d, x.repairPriority),
      status: statusName(d, x.dpsStatus),
      recommendation: x.recommendation,
      ...(d.campaign ? { repairStatus: repairStatusName(d, x) } : {}),
    });
    row.getCell('severity').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${severityHex(x.severity).slice(1)}` } };
    row.commit();
  }
  ws.commit();

  const summary = wb.addWorksheet(t.turbineSummary.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const levels = [0, 1, 2, 3, 4, 5];
  summary.columns = [
    { header: t.park, key: 'park', width: 20 },
    { header: t.turbine, key: 'turbine', width: 16 },
    { header: t.inspectionDate, key: 'date', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
    ...levels.map((s) => ({ header: severityName(d, s), key: `s${s}`, width: 8 })),
    { header: t.total, key: 'total', width: 8 },
  ];
  summary.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 4 + levels.length } };
  summary.getRow(1).font = { bold: true };
  summary.getRow(1).commit();
  for (const s of turbineSummaries(d.defects)) {
    summary
      .addRow({
        park: s.parkName,
        turbine: s.turbineName,
        date: new Date(`${s.inspectionDate}T00:00:00Z`),
        ...Object.fromEntries(levels.map((l) => [`s${l}`, s.bySeverity[l]])),
        total: s.total,
      })
      .commit();
  }
  summary.commit();

  // Each defect across inspections, oldest first: one typed row per (defect, inspection).
  const tl = wb.addWorksheet(t.timeline.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  tl.columns = [
    { header: t.defectNo, key: 'defectNo', width: 12 },
    { header: t.turbine, key: 'turbine', width: 16 },
    { header: t.inspectionDate, key: 'date', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
    { header: t.defectNoThen, key: 'entryNo', width: 14 },
    { header: t.severity, key: 'severity', width: 10 },
    { header: t.length, key: 'length', width: 10 },
    { header: t.width, key: 'width', width: 10 },
    { header: t.timelineStatus, key: 'status', width: 14 },
    { header: t.repairStatus, key: 'repair', width: 16 },
    { header: t.repairedAt, key: 'repairedAt', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  ];
  tl.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: tl.columns.length } };
  tl.getRow(1).font = { bold: true };
  tl.getRow(1).commit();
  for (const { defect, entry, status } of timelineRows(d, d.defects)) {
    const row = tl.addRow({
      defectNo: defect.defectNo,
      turbine: defect.turbineName,
      date: new Date(`${entry.inspectionDate}T00:00:00Z`),
      entryNo: entry.defectNo,
      severity: entry.severity,
      length: entry.sizeLength,
      width: entry.sizeWidth,
      status,
      repair: entry.repairStatus ? repairStatusName(d, entry) : null,
      repairedAt: entry.repairedAt ? new Date(`${entry.repairedAt}T00:00:00Z`) : null,
    });
    row.getCell('severity').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${severityHex(entry.severity).slice(1)}` } };
    row.commit();
  }
  tl.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}
