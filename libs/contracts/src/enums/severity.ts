import type { Labels } from './locale.js';

/** Defect severities in use: 0..5 (SPEC §3, §9). Severities above 5 are shown like the top colour. */
export const SEVERITY_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

/** "To be determined": a defect whose severity is not yet rated. */
export const SEVERITY_TBD = 'TBD' as const;

/**
 * Blade colour scheme levels 0..8 (SPEC §3): 0 empty, 1 TBD, 2 severity 0,
 * 3..8 severity 1..5 and upward (severity 6 or more all use level 8).
 */
export const BladeColorLevel = {
  EMPTY: 0,
  TBD: 1,
  SEVERITY_0: 2,
  SEVERITY_1: 3,
  SEVERITY_2: 4,
  SEVERITY_3: 5,
  SEVERITY_4: 6,
  SEVERITY_5: 7,
  SEVERITY_ABOVE_5: 8,
} as const;
export type BladeColorLevel = (typeof BladeColorLevel)[keyof typeof BladeColorLevel];

/** Colour level of a severity; null/undefined/invalid = no defect (empty). */
export function bladeColorLevel(severity: number | string | null | undefined): BladeColorLevel {
  if (typeof severity === 'string') {
    if (severity.trim().toUpperCase() === SEVERITY_TBD) return BladeColorLevel.TBD;
    if (severity.trim() === '') return BladeColorLevel.EMPTY;
    severity = Number(severity);
  }
  if (typeof severity !== 'number' || !Number.isFinite(severity) || severity < 0) return BladeColorLevel.EMPTY;
  return Math.min(Math.floor(severity) + 2, 8) as BladeColorLevel;
}

/** 9 colours indexed by BladeColorLevel: grey, blue (TBD), green → yellow → orange → red → dark red. */
export const SEVERITY_PALETTE_9 = [
  '#D9D9D9', // 0 empty
  '#1890FF', // 1 TBD
  '#52C41A', // 2 severity 0
  '#A0D911', // 3 severity 1
  '#FADB14', // 4 severity 2
  '#FAAD14', // 5 severity 3
  '#FA8C16', // 6 severity 4
  '#F5222D', // 7 severity 5
  '#A8071A', // 8 above 5
] as const;

/** 5 colours for values 0..4 (e.g. compact severity legends, health charts). */
export const SEVERITY_PALETTE_5 = ['#52C41A', '#FADB14', '#FA8C16', '#F5222D', '#A8071A'] as const;

export function severityColor(severity: number | string | null | undefined): string {
  return SEVERITY_PALETTE_9[bladeColorLevel(severity)];
}

export const BLADE_COLOR_LEVEL_LABELS = {
  en_us: {
    0: 'No defect',
    1: 'TBD',
    2: 'Severity 0',
    3: 'Severity 1',
    4: 'Severity 2',
    5: 'Severity 3',
    6: 'Severity 4',
    7: 'Severity 5',
    8: 'Severity 5+',
  },
  zh_cn: {
    0: '无缺陷',
    1: '待定',
    2: '严重等级0',
    3: '严重等级1',
    4: '严重等级2',
    5: '严重等级3',
    6: '严重等级4',
    7: '严重等级5',
    8: '严重等级5以上',
  },
} as const satisfies Labels<BladeColorLevel>;

/** Park health levels (SPEC §9). */
export const HealthLevel = {
  EXCELLENT: 'EXCELLENT',
  ADEQUATE: 'ADEQUATE',
  POOR: 'POOR',
  UNKNOWN: 'UNKNOWN',
} as const;
export type HealthLevel = (typeof HealthLevel)[keyof typeof HealthLevel];

export const HEALTH_LEVEL_LABELS = {
  en_us: { EXCELLENT: 'Excellent', ADEQUATE: 'Adequate', POOR: 'Poor', UNKNOWN: 'Unknown' },
  zh_cn: { EXCELLENT: '优秀', ADEQUATE: '一般', POOR: '较差', UNKNOWN: '未知' },
} as const satisfies Labels<HealthLevel>;

/** Severity strictly above this makes a park no longer excellent. */
export const HEALTH_EXCELLENT_MAX_SEVERITY = 2;
/** Turbines with a defect at or above this severity count towards "poor". */
export const HEALTH_POOR_SEVERITY = 4;
/** Share of such turbines from which a park is poor. */
export const HEALTH_POOR_SHARE = 0.3;

export interface HealthScoreInput {
  /**
   * Highest defect severity of each turbine of the park, from the past year's O&M
   * data; null/undefined for a turbine without defects. One entry per turbine.
   */
  turbineMaxSeverities: ReadonlyArray<number | null | undefined>;
  /** false when the park had no O&M in the past year (→ unknown). Defaults to true. */
  hasOmInPastYear?: boolean;
}

/**
 * SPEC §9: excellent = no defect above level 2; adequate = defects above level 2 but
 * fewer than 30% of turbines at level 4 or higher; poor = 30% or more at level 4 or
 * higher; unknown = no O&M in the past year (or no turbines to judge).
 */
export function healthScore(input: HealthScoreInput): HealthLevel {
  const list = input.turbineMaxSeverities;
  if (input.hasOmInPastYear === false || list.length === 0) return HealthLevel.UNKNOWN;
  const sev = list.map((s) => (typeof s === 'number' && Number.isFinite(s) ? s : -1));
  if (!sev.some((s) => s > HEALTH_EXCELLENT_MAX_SEVERITY)) return HealthLevel.EXCELLENT;
  const high = sev.filter((s) => s >= HEALTH_POOR_SEVERITY).length;
  return high / list.length >= HEALTH_POOR_SHARE ? HealthLevel.POOR : HealthLevel.ADEQUATE;
}
