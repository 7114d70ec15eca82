import { DEFAULT_FEATURE_SWITCHES, type FeatureSwitches } from '@/shared/contracts';

export type { FeatureSwitches };

type EnvLike = Partial<Record<string, string | boolean | undefined>>;

function flag(value: string | boolean | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/** Build-time feature switches (SPEC §1): VITE_FEATURE_* env variables over the contract defaults. */
export function readFeatureSwitches(env: EnvLike): FeatureSwitches {
  return {
    stitching: flag(env.VITE_FEATURE_STITCHING, DEFAULT_FEATURE_SWITCHES.stitching),
    insights: flag(env.VITE_FEATURE_INSIGHTS, DEFAULT_FEATURE_SWITCHES.insights),
    advancedSearch: flag(env.VITE_FEATURE_ADVANCED_SEARCH, DEFAULT_FEATURE_SWITCHES.advancedSearch),
    dataImport: flag(env.VITE_FEATURE_DATA_IMPORT, DEFAULT_FEATURE_SWITCHES.dataImport),
    turbineReportDownload: flag(
      env.VITE_FEATURE_TURBINE_REPORT_DOWNLOAD,
      DEFAULT_FEATURE_SWITCHES.turbineReportDownload,
    ),
  };
}

export const featureSwitches: FeatureSwitches = readFeatureSwitches(import.meta.env as EnvLike);
