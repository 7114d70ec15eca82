import {
  DEFECT_TIMELINE_STATUS_LABELS,
  DPS_STATUS_LABELS,
  REPAIR_CAMPAIGN_STATUS_LABELS,
  REPAIR_PRIORITY_LABELS,
  REPAIR_STATUS_LABELS,
  VIEW_INDEX_LABELS,
  labelOf,
  severityColor,
  type DefectTimelineStatus,
  type DpsStatus,
  type RepairCampaignStatus,
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
  inspectionId?: string;
  /** Versus the previous inspection (contracts DefectTimelineStatus); null = never announced. */
  timelineStatus?: string | null;
  /** The defect across inspections, oldest first, ending with itself (filled for the timeline pages). */
  timeline?: TimelineEntry[];
}

/** One inspection in a defect's history (inspection.timeline.changed chains). */
export interface TimelineEntry {
  /** YYYY-MM-DD */
  inspectionDate: string;
  defectNo: string | null;
  severity: number | null;
  sizeLength: number | null;
  sizeWidth: number | null;
  timelineStatus: string | null;
  repairStatus: number | null;
  repairedAt: string | null;
}

/** A defect of the previous inspection that was not found again (repaired, inspection's timeline rule). */
export interface VanishedDefect {
  defectNo: string | null;
  /** Of the previous inspection, YYYY-MM-DD. */
  inspectionDate: string;
  defectType: string | null;
  bladePosition: number | null;
  distanceToRoot: number | null;
  severity: number | null;
  sizeLength: number | null;
  sizeWidth: number | null;
  repairStatus: number | null;
  repairedAt: string | null;
}

/** The repair campaign of a campaign report. */
export interface ReportCampaign {
  name: string;
  /** contracts RepairCampaignStatus */
  status: number;
  startDate: string | null;
  endDate: string | null;
  /** Defects per repair status (1…6). */
  byRepairStatus: Record<string, number>;
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
  /** The previous inspection's defects not found again (repaired). */
  vanished: VanishedDefect[];
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
  /** Set for a repair-campaign report: the summary shows it and the defect lists the repair status. */
  campaign?: ReportCampaign | null;
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
    timeline: 'Timeline across inspections',
    timelineStatus: 'Timeline status',
    defectNoThen: 'Defect ID then',
    firstSeen: 'First seen',
    notFoundAgain: 'Not found again since the previous inspection (repaired)',
    repairCampaign: 'Repair campaign',
    campaignStatus: 'Campaign status',
    period: 'Period',
    repairProgress: 'Repair progress',
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
    timeline: '跨巡检缺陷时间线',
    timelineStatus: '时间线状态',
    defectNoThen: '当次缺陷编号',
    firstSeen: '首次发现',
    notFoundAgain: '上次巡检后未再发现的缺陷(已修复)',
    repairCampaign: '维修活动',
    campaignStatus: '活动状态',
    period: '时间段',
    repairProgress: '维修进度',
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

export const repairStatusName = (d: ReportData, x: { repairStatus?: number | null }): string =>
  x.repairStatus ? labelOf(REPAIR_STATUS_LABELS, x.repairStatus as RepairStatus, d.locale) : REPORT_TEXTS[d.locale].notRepaired;

/** A timeline status in the report's language; unknown (never announced) = not applicable. */
export const timelineStatusName = (d: ReportData, s: string | null | undefined): string =>
  labelOf(DEFECT_TIMELINE_STATUS_LABELS, (s ?? 'NOT_APPLICABLE') as DefectTimelineStatus, d.locale);

export const campaignStatusName = (d: ReportData, s: number): string =>
  labelOf(REPAIR_CAMPAIGN_STATUS_LABELS, s as RepairCampaignStatus, d.locale);

/**
 * The timeline rows of a turbine's defects: per defect each inspection it was seen in, oldest
 * first (a defect without history is one row: itself).
 */
export function timelineRows(
  d: ReportData,
  defects: readonly ReportDefect[],
): { defect: ReportDefect; entry: TimelineEntry; first: boolean; status: string }[] {
  return defects.flatMap((x) => {
    const entries: TimelineEntry[] = x.timeline?.length
      ? x.timeline
      : [
          {
            inspectionDate: x.inspectionDate,
            defectNo: x.defectNo,
            severity: x.severity,
            sizeLength: x.sizeLength,
            sizeWidth: x.sizeWidth,
            timelineStatus: x.timelineStatus ?? null,
            repairStatus: x.repairStatus ?? null,
            repairedAt: x.repairedAt ?? null,
          },
        ];
    // The oldest sighting of a chain had nothing to compare with: "first seen" unless a status says more.
    const firstSeen = (entry: TimelineEntry, i: number) =>
      i === 0 && entries.length > 1 && (!entry.timelineStatus || entry.timelineStatus === 'NOT_APPLICABLE');
    return entries.map((entry, i) => ({
      defect: x,
      entry,
      first: i === 0,
      status: firstSeen(entry, i) ? REPORT_TEXTS[d.locale].firstSeen : timelineStatusName(d, entry.timelineStatus),
    }));
  });
}

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

export const sizeText = (x: { sizeLength: number | null; sizeWidth: number | null }): string =>
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
