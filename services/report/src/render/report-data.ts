import {
  DPS_STATUS_LABELS,
  REPAIR_PRIORITY_LABELS,
  REPAIR_STATUS_LABELS,
  VIEW_INDEX_LABELS,
  labelOf,
  severityColor,
  type DpsStatus,
  type Locale,
  type LpsReadingPayload,
  type RepairPriority,
  type RepairStatus,
  type ReportSection,
  type ViewIndex,
} from '@windward/contracts';

/** One defect as every format prints it. */
export interface ReportDefect {
  defectId: string;
  defectNo: string | null;
  parkName: string;
  turbineName: string;
  /** YYYY-MM-DD */
  inspectionDate: string;
  bladePosition: number | null;
  position: number | null;
  distanceToRoot: number | null;
  defectType: string | null;
  severity: number | null;
  sizeLength: number | null;
  sizeWidth: number | null;
  repairPriority: number | null;
  dpsStatus: number;
  recommendation: string | null;
  turbineId?: string;
  /** Outline on the photo, pixel points [x, y]. */
  polygon?: [number, number][] | null;
  /** The photo in the shared file store (`filestore:` URI) and its size. */
  image?: { uri: string; width: number; height: number } | null;
  /** contracts RepairStatus (repair.defect.repaired); null = no repair recorded. */
  repairStatus?: number | null;
  /** YYYY-MM-DD */
  repairedAt?: string | null;
}

/** One LPS reading as inspection.lps.changed carries it. */
export type LpsReading = LpsReadingPayload;

/** The per-turbine pages: blade map, photo crops (polygon drawn in), LPS readings, repair status. */
export interface TurbineDetail {
  turbineId: string;
  parkName: string;
  turbineName: string;
  defects: ReportDefect[];
  /** The blade map as SVG (the PDF inlines it, the DOCX embeds it as PNG). */
  bladeMapSvg: string;
  /** JPEG crops by defect id. */
  crops: Map<string, { jpeg: Buffer; width: number; height: number }>;
  lps: { inspectionDate: string; readings: LpsReading[] } | null;
}

/** Everything a renderer needs: the texts are already in the report's language. */
export interface ReportData {
  locale: Locale;
  scopeName: string;
  customerName: string | null;
  /** A PNG/JPEG data URL. */
  logo: string | null;
  generatedAt: Date;
  sections: ReadonlySet<ReportSection>;
  severityLabels: Record<string, string>;
  defects: ReportDefect[];
  /** Filled when the turbineDetails section is on. */
  turbines?: TurbineDetail[];
}

/** The report's own words, in both languages (independent of the console's bundles). */
export const REPORT_TEXTS = {
  en_us: {
    title: 'Inspection Report',
    customer: 'Customer',
    scope: 'Scope',
    generatedAt: 'Generated',
    summary: 'Summary',
    turbineSummary: 'Defects per turbine',
    defectTable: 'Defect list',
    recommendations: 'Recommendations',
    park: 'Wind park',
    turbine: 'Turbine',
    inspectionDate: 'Inspection date',
    defectNo: 'Defect ID',
    blade: 'Blade',
    position: 'Position',
    distance: 'Distance to root (m)',
    type: 'Defect type',
    severity: 'Severity',
    severityLabel: 'Severity name',
    length: 'Length (mm)',
    width: 'Width (mm)',
    size: 'Size L×W (mm)',
    priority: 'Repair priority',
    status: 'Status',
    recommendation: 'Recommendation',
    total: 'Total',
    defects: 'Defects',
    turbines: 'Turbines',
    turbineDetails: 'Turbine details',
    bladeMap: 'Blade map',
    photos: 'Defect photos',
    noPhoto: 'No photo',
    lps: 'LPS readings',
    noLps: 'No LPS readings',
    receptor: 'Receptor',
    side: 'Side',
    reading: 'Resistance (Ω)',
    range: 'Allowed range (Ω)',
    result: 'Result',
    withinRange: 'Within range',
    outOfRange: 'Out of range',
    openCircuit: 'Open circuit',
    repairStatus: 'Repair status',
    repairedAt: 'Repaired on',
    notRepaired: 'No repair recorded',
    root: 'Root',
    tip: 'Tip',
    notPlaced: 'Not placed (blade or distance unknown)',
    none: '—',
  },
  zh_cn: {
    title: '巡检报告',
    customer: '客户',
    scope: '范围',
    generatedAt: '生成时间',
    summary: '概要',
    turbineSummary: '各风机缺陷统计',
    defectTable: '缺陷列表',
    recommendations: '维修建议',
    park: '风场',
    turbine: '风机',
    inspectionDate: '巡检日期',
    defectNo: '缺陷编号',
    blade: '叶片',
    position: '位置',
    distance: '距叶根距离(米)',
    type: '缺陷类型',
    severity: '严重等级',
    severityLabel: '严重等级名称',
    length: '长度(毫米)',
    width: '宽度(毫米)',
    size: '尺寸 长×宽(毫米)',
    priority: '维修优先级',
    status: '状态',
    recommendation: '建议',
    total: '合计',
    defects: '缺陷',
    turbines: '风机',
    turbineDetails: '风机详情',
    bladeMap: '叶片缺陷分布图',
    photos: '缺陷照片',
    noPhoto: '无照片',
    lps: 'LPS 防雷测量',
    noLps: '无 LPS 测量数据',
    receptor: '接闪器',
    side: '面',
    reading: '电阻(Ω)',
    range: '允许范围(Ω)',
    result: '结果',
    withinRange: '合格',
    outOfRange: '不合格',
    openCircuit: '开路',
    repairStatus: '维修状态',
    repairedAt: '维修日期',
    notRepaired: '无维修记录',
    root: '叶根',
    tip: '叶尖',
    notPlaced: '未定位(叶片或距离未知)',
    none: '—',
  },
} as const;
export type ReportTexts = (typeof REPORT_TEXTS)[Locale];

export const texts = (d: ReportData): ReportTexts => REPORT_TEXTS[d.locale];

export function severityName(d: ReportData, severity: number | null): string {
  if (severity === null) return 'TBD';
  return d.severityLabels[String(severity)] ?? String(severity);
}

export const severityHex = (severity: number | null): string => severityColor(severity);

export const positionName = (d: ReportData, p: number | null): string =>
  p === null ? REPORT_TEXTS[d.locale].none : labelOf(VIEW_INDEX_LABELS, p as ViewIndex, d.locale);

export const priorityName = (d: ReportData, p: number | null): string =>
  p === null ? REPORT_TEXTS[d.locale].none : labelOf(REPAIR_PRIORITY_LABELS, p as RepairPriority, d.locale);

export const repairStatusName = (d: ReportData, x: ReportDefect): string =>
  x.repairStatus ? labelOf(REPAIR_STATUS_LABELS, x.repairStatus as RepairStatus, d.locale) : REPORT_TEXTS[d.locale].notRepaired;

/** An LPS reading's verdict: an open circuit never passes; a reading passes within the bounds it has. */
export function lpsResult(d: ReportData, r: LpsReading): { text: string; ok: boolean } {
  const t = REPORT_TEXTS[d.locale];
  if (r.openCircuit || r.ohm === null) return { text: t.openCircuit, ok: false };
  const ok = (r.minOhm === null || r.ohm >= r.minOhm) && (r.maxOhm === null || r.ohm <= r.maxOhm);
  return { text: ok ? t.withinRange : t.outOfRange, ok };
}

export const lpsRange = (r: LpsReading): string =>
  r.minOhm === null && r.maxOhm === null ? '—' : `${r.minOhm ?? '—'} – ${r.maxOhm ?? '—'}`;

export const statusName = (d: ReportData, s: number): string => labelOf(DPS_STATUS_LABELS, s as DpsStatus, d.locale);

export const sizeText = (x: ReportDefect): string =>
  x.sizeLength === null && x.sizeWidth === null ? '—' : `${x.sizeLength ?? '—'} × ${x.sizeWidth ?? '—'}`;

export interface TurbineSummary {
  parkName: string;
  turbineName: string;
  inspectionDate: string;
  /** Count per severity 0..5; index 6 = not rated. */
  bySeverity: number[];
  total: number;
}

/** Defects per turbine (in the order the defects come: park, turbine). */
export function turbineSummaries(defects: readonly ReportDefect[]): TurbineSummary[] {
  const map = new Map<string, TurbineSummary>();
  for (const x of defects) {
    const k = `${x.parkName}\u0000${x.turbineName}\u0000${x.inspectionDate}`;
    let s = map.get(k);
    if (!s)
      map.set(
        k,
        (s = {
          parkName: x.parkName,
          turbineName: x.turbineName,
          inspectionDate: x.inspectionDate,
          bySeverity: [0, 0, 0, 0, 0, 0, 0],
          total: 0,
        }),
      );
    s.bySeverity[x.severity === null ? 6 : Math.min(5, Math.max(0, x.severity))]!++;
    s.total++;
  }
  return [...map.values()];
}

export function reportFileName(d: ReportData, ext: string): string {
  const safe = d.scopeName.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60) || 'report';
  return `${safe}_${d.generatedAt.toISOString().slice(0, 10)}.${ext}`;
}

export type Progress = (percent: number, step: string) => Promise<void>;
