import ExcelJS from 'exceljs';
import { IMPORT_SHEETS, errorText, type Locale, type SheetFinding } from '@windward/contracts';

const README: Record<Locale, { name: string; lines: string[] }> = {
  en_us: {
    name: 'Read me',
    lines: [
      'Windward import template. Fill in the sheets Inspections, Blades and Defects; keep the header rows.',
      'One row per inspection (at most 30 per file); the wind park is the one chosen in the wizard.',
      'Exactly 3 blades per turbine (Blade: 1, 2, 3 or A, B, C) with unique blade IDs and serial numbers.',
      'Defect ID: 6 digits, unique. Severity: 0 to 8. Distance to root: metres, at least -5, 2 decimals.',
      'Save as .xlsx (at most 10 MB). Do not rename the sheets or mix English and Chinese sheet names.',
    ],
  },
  zh_cn: {
    name: '说明',
    lines: [
      'Windward导入模板。请填写“巡检”“叶片”“缺陷”三个工作表，保留表头行。',
      '每次巡检一行（每个文件最多30次巡检）；风场为向导中所选的风场。',
      '每台风机恰好3支叶片（叶片：1、2、3或A、B、C），叶片编号和序列号不得重复。',
      '缺陷编号：6位数字，不得重复。严重等级：0到8。距叶根距离：米，不小于-5，最多2位小数。',
      '请保存为.xlsx格式（不超过10MB）。请勿重命名工作表，也不要混用中英文工作表名称。',
    ],
  },
};

const EXAMPLE: Record<string, (string | number)[][]> = {
  inspections: [['WTG-01', 'Example Park', '2026-05-01']],
  blades: [
    ['WTG-01', 'A', 'B-01', 'SN-0001'],
    ['WTG-01', 'B', 'B-02', 'SN-0002'],
    ['WTG-01', 'C', 'B-03', 'SN-0003'],
  ],
  defects: [['WTG-01', '2026-05-01', '000001', 'A', 'Erosion', 2, 12.5, 120, 30, '', '']],
};

/** The template workbook in one language (the layout verifyWorkbook reads back); `example` adds sample rows. */
export async function templateWorkbook(locale: Locale, example = true): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Windward';
  const readme = wb.addWorksheet(README[locale].name);
  readme.getColumn(1).width = 110;
  README[locale].lines.forEach((l) => readme.addRow([l]));
  for (const def of IMPORT_SHEETS) {
    const ws = wb.addWorksheet(def[locale]);
    ws.addRow(def.columns.map((c) => c[locale]));
    ws.getRow(1).font = { bold: true };
    def.columns.forEach((c, i) => (ws.getColumn(i + 1).width = Math.max(14, c[locale].length + 4)));
    if (example) for (const r of EXAMPLE[def.key]!) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The downloadable error report: one row per finding, the message in the reader's language. */
export async function errorReportWorkbook(findings: SheetFinding[], locale: Locale): Promise<Buffer> {
  const head =
    locale === 'zh_cn'
      ? ['工作表', '行', '列', '错误值', '错误码', '说明']
      : ['Sheet', 'Row', 'Column', 'Value', 'Code', 'Message'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(locale === 'zh_cn' ? '错误报告' : 'Errors');
  ws.addRow(head);
  ws.getRow(1).font = { bold: true };
  [16, 8, 22, 24, 10, 70].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  for (const f of findings) ws.addRow([f.sheet ?? '', f.row ?? '', f.column ?? '', f.value ?? '', f.code, errorText(f.code as never, locale, f.params)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
