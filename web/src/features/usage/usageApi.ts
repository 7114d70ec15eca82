import { api } from '@/core/api/api';

export interface UsageLog {
  method: string;
  triggerTimestamp: number;
  url: string;
  userId: string;
}

/** Usage logging (SPEC §7): one entry per route change when `logSwitch` is "on". */
export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    logUsage: build.mutation<unknown, { logs: UsageLog[] }>({
      query: (body) => ({ url: '/gw/user/api/v2/user/metric/log', method: 'POST', body, silent: true }),
    }),
  }),
});
