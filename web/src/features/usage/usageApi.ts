import { identityApi as generated } from '@/core/api/generated/identity';
import { withFlags } from '@/core/api/requestFlags';

export type { RouteLogBatchDto, RouteLogDto } from '@/core/api/generated/identity';

/**
 * Usage logging (SPEC §7): one entry per route change when `logSwitch` is "on" — identity's
 * generated `usageLogsLog`, silent (a lost log entry is not the user's business) and making
 * nothing stale (the console shows no usage log).
 */
export const usageApi = generated
  .enhanceEndpoints({ endpoints: { usageLogsLog: { invalidatesTags: [] } } })
  .enhanceEndpoints({ endpoints: { usageLogsLog: withFlags() } });
