import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { ReportSection } from '@windward/contracts';
import { svgToPng } from './turbine-details.js';
import {
  campaignStatusName,
  lpsRange,
  lpsResult,
  positionName,
  repairStatusName,
  priorityName,
  severityHex,
  severityName,
  sizeText,
  statusName,
  texts,
  timelineRows,
  timelineStatusName,
  turbineSummaries,
  type ReportData,
  type TurbineDetail,
} from './report-data.js';

const FONT = 'Noto Sans CJK SC';

function cell(text: string | number, opts: { header?: boolean; fill?: string } = {}): TableCell {
  return new TableCell({
    children: [new Paragraph({ children: [new TextRun({ text: String(text), bold: opts.header, font: FONT, size: 16 })] })],
    ...(opts.fill ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: opts.fill.replace('#', '') } } : {}),
  });
}

function table(header: string[], rows: (string | number)[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, { header: true, fill: '#F0F0F0' })) }),
      ...rows.map((r) => new TableRow({ children: r.map((v) => cell(v)) })),
    ],
  });
}

const heading2 = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text, font: FONT })] });
const repairText = (d: ReportData, x: { repairStatus: number | null; repairedAt: string | null }) =>
  x.repairStatus ? `${repairStatusName(d, x)}${x.repairedAt ? ` ${x.repairedAt}` : ''}` : texts(d).none;

/** A campaign report's campaign: name, status, period, defects per repair status. */
function campaignDocx(d: ReportData): (Paragraph | Table)[] {
  const c = d.campaign;
  if (!c) return [];
  const t = texts(d);
  return [
    heading2(`${t.repairCampaign}: ${c.name}`),
    table(
      [t.campaignStatus, t.period],
      [[campaignStatusName(d, c.status), `${c.startDate ?? t.none} – ${c.endDate ?? t.none}`]],
    ),
    heading2(t.repairProgress),
    table(
      Object.keys(c.byRepairStatus).map((s) => repairStatusName(d, { repairStatus: Number(s) })),
      [Object.values(c.byRepairStatus)],
    ),
  ];
}

/** A turbine's timeline across inspections, then the previous inspection's defects not found again (as the PDF). */
function timelineDocx(d: ReportData, tu: TurbineDetail): (Paragraph | Table)[] {
  const t = texts(d);
  const out: (Paragraph | Table)[] = [
    heading2(t.timeline),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({
          tableHeader: true,
          children: [t.defectNo, t.inspectionDate, t.defectNoThen, t.severity, t.size, t.timelineStatus, t.repairStatus].map((x) =>
            cell(x, { header: true, fill: '#F0F0F0' }),
          ),
        }),
        ...timelineRows(d, tu.defects).map(
          ({ defect, entry, first, status }) =>
            new TableRow({
              children: [
                cell(first ? (defect.defectNo ?? t.none) : ''),
                cell(entry.inspectionDate),
                cell(entry.defectNo ?? t.none),
                cell(severityName(d, entry.severity), { fill: severityHex(entry.severity) }),
                cell(sizeText(entry)),
                cell(status),
                cell(repairText(d, entry)),
              ],
            }),
        ),
      ],
    }),
  ];
  if (tu.vanished.length) {
    out.push(
      heading2(t.notFoundAgain),
      table(
        [t.defectNo, t.inspectionDate, t.blade, t.distance, t.type, t.severity, t.size, t.timelineStatus, t.repairStatus],
        tu.vanished.map((v) => [
          v.defectNo ?? t.none,
          v.inspectionDate,
          v.bladePosition ?? t.none,
          v.distanceToRoot ?? t.none,
          v.defectType ?? t.none,
          severityName(d, v.severity),
          sizeText(v),
          timelineStatusName(d, 'REPAIRED'),
          repairText(d, v),
        ]),
      ),
    );
  }
  return out;
}

/** The report as an editable Word document: real headings and tables, the same sections as the PDF. */
export async function renderDocx(d: ReportData): Promise<Buffer> {
  const t = texts(d);
  const body: (Paragraph | Table)[] = [];
  if (d.sections.has(ReportSection.COVER)) {
    const logo = d.logo?.match(/^data:image\/(png|jpeg);base64,(.+)$/);
    if (logo)
      body.push(
        new Paragraph({
          children: [
            new ImageRun({
              type: logo[1] === 'png' ? 'png' : 'jpg',
              data: Buffer.from(logo[2]!, 'base64'),
              transformation: { width: 160, height: 60 },
            }),
          ],
        }),
      );
    body.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: t.title, font: FONT })] }));
    body.push(new Paragraph({ children: [new TextRun({ text: d.scopeName, font: FONT, size: 28 })] }));
    if (d.customerName) body.push(new Paragraph({ children: [new TextRun({ text: `${t.customer}: ${d.customerName}`, font: FONT })] }));
    body.push(
      new Paragraph({
        children: [
          new TextRun({ text: `${t.generatedAt}: ${d.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, font: FONT }),
        ],
      }),
    );
  }
  if (d.sections.has(ReportSection.SUMMARY)) {
    const levels = [0, 1, 2, 3, 4, 5];
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: t.summary, font: FONT })] }));
    body.push(...campaignDocx(d));
    body.push(
      table(
        [t.severity, ...levels.map((s) => severityName(d, s)), t.total],
        [[t.defects, ...levels.map((s) => d.defects.filter((x) => x.severity === s).length), d.defects.length]],
      ),
    );
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: t.turbineSummary, font: FONT })] }));
    body.push(
      table(
        [t.park, t.turbine, t.inspectionDate, ...levels.map((s) => severityName(d, s)), t.total],
        turbineSummaries(d.defects).map((s) => [
          s.parkName,
          s.turbineName,
          s.inspectionDate,
          ...levels.map((l) => s.bySeverity[l]!),
          s.total,
        ]),
      ),
    );
  }
  if (d.sections.has(ReportSection.DEFECT_TABLE)) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: t.defectTable, font: FONT })] }));
    body.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          new TableRow({
            tableHeader: true,
            children: [t.defectNo, t.turbine, t.blade, t.position, t.distance, t.type, t.severity, t.size, t.priority, t.status, ...(d.campaign ? [t.repairStatus] : [])].map((h) =>
              cell(h, { header: true, fill: '#F0F0F0' }),
            ),
          }),
          ...d.defects.map(
            (x) =>
              new TableRow({
                children: [
                  cell(x.defectNo ?? t.none),
                  cell(x.turbineName),
                  cell(x.bladePosition ?? t.none),
                  cell(positionName(d, x.position)),
                  cell(x.distanceToRoot ?? t.none),
                  cell(x.defectType ?? t.none),
                  // The severity palette colours the cell, as in the PDF.
                  cell(severityName(d, x.severity), { fill: severityHex(x.severity) }),
                  cell(sizeText(x)),
                  cell(priorityName(d, x.repairPriority)),
                  cell(statusName(d, x.dpsStatus)),
                  ...(d.campaign ? [cell(repairStatusName(d, x))] : []),
                ],
              }),
          ),
        ],
      }),
    );
  }
  if (d.sections.has(ReportSection.TURBINE_DETAILS)) {
    const h = (level: (typeof HeadingLevel)[keyof typeof HeadingLevel], text: string) =>
      new Paragraph({ heading: level, children: [new TextRun({ text, font: FONT })] });
    const text = (v: string) => new Paragraph({ children: [new TextRun({ text: v, font: FONT, size: 16 })] });
    for (const tu of d.turbines ?? []) {
      body.push(h(HeadingLevel.HEADING_1, `${t.turbineDetails}: ${tu.parkName} ${tu.turbineName}`));
      body.push(h(HeadingLevel.HEADING_2, t.bladeMap));
      // 900 px wide SVG → 640 px in the page (landscape A4 text width).
      const map = await svgToPng(tu.bladeMapSvg);
      const mapHeight = Number(/height="(\d+)"/.exec(tu.bladeMapSvg)?.[1] ?? 300);
      body.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: map, transformation: { width: 640, height: Math.round((mapHeight * 640) / 900) } })] }));
      body.push(h(HeadingLevel.HEADING_2, t.repairStatus));
      body.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({
              tableHeader: true,
              children: [t.defectNo, t.blade, t.distance, t.type, t.severity, t.status, t.repairStatus, t.repairedAt].map((x) =>
                cell(x, { header: true, fill: '#F0F0F0' }),
              ),
            }),
            ...tu.defects.map(
              (x) =>
                new TableRow({
                  children: [
                    cell(x.defectNo ?? t.none),
                    cell(x.bladePosition ?? t.none),
                    cell(x.distanceToRoot ?? t.none),
                    cell(x.defectType ?? t.none),
                    cell(severityName(d, x.severity), { fill: severityHex(x.severity) }),
                    cell(statusName(d, x.dpsStatus)),
                    cell(repairStatusName(d, x)),
                    cell(x.repairedAt ?? t.none),
                  ],
                }),
            ),
          ],
        }),
      );
      body.push(...timelineDocx(d, tu));
      body.push(h(HeadingLevel.HEADING_2, t.photos));
      for (const x of tu.defects) {
        const c = tu.crops.get(x.defectId);
        const caption = `${x.defectNo ?? t.none} · ${x.defectType ?? t.none} · ${t.severity} ${severityName(d, x.severity)} · ${t.blade} ${x.bladePosition ?? t.none} · ${x.distanceToRoot ?? t.none} m`;
        if (c) {
          const w = Math.min(320, c.width);
          body.push(new Paragraph({ children: [new ImageRun({ type: 'jpg', data: c.jpeg, transformation: { width: w, height: Math.round((c.height * w) / c.width) } })] }));
        }
        body.push(text(c ? caption : `${caption} — ${t.noPhoto}`));
      }
      body.push(h(HeadingLevel.HEADING_2, t.lps));
      body.push(
        tu.lps?.readings.length
          ? table(
              [t.blade, t.receptor, t.side, t.reading, t.range, t.result],
              tu.lps.readings.map((r) => [r.bladePosition, r.receptorId, r.side, r.openCircuit ? '∞' : (r.ohm ?? t.none), lpsRange(r), lpsResult(d, r).text]),
            )
          : text(t.noLps),
      );
    }
  }
  if (d.sections.has(ReportSection.RECOMMENDATIONS)) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: t.recommendations, font: FONT })] }));
    const withText = d.defects.filter((x) => x.recommendation);
    body.push(
      withText.length
        ? table(
            [t.defectNo, t.turbine, t.recommendation],
            withText.map((x) => [x.defectNo ?? t.none, x.turbineName, x.recommendation!]),
          )
        : new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: t.none, font: FONT })] }),
    );
  }
  const doc = new Document({
    creator: 'Windward',
    title: `${t.title} ${d.scopeName}`,
    styles: { default: { document: { run: { font: FONT } } } },
    sections: [{ properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } }, children: body }],
  });
  return Packer.toBuffer(doc);
}
