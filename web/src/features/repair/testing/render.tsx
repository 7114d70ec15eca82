import { vi } from 'vitest';
import { readySession, renderApp } from '@/test/renderApp';
import type { Locale, RightEntry } from '@/shared/contracts';
import { repairFetch } from './fakeServer';

const entries = (keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));

/** A repair manager: every repair right. */
export const MANAGER_RIGHTS = entries([
  'menu.repairOverview',
  'menu.repairCampaign',
  'menu.repairConfiguration',
  'repairPlan.show',
  'repairPlan.edit',
  'repairCampaign.edit',
  'repairCampaignDetail.edit',
  'repairTechnician.grant',
  'technician.show',
  'repair.edit',
  'repairTemplate.edit',
]);

/** The real route table at `path` with a signed-in user of these rights and the fake repair service. */
export async function renderRepair(path: string, options: { locale?: Locale; rights?: RightEntry[]; refuse?: NonNullable<Parameters<typeof repairFetch>[0]>['refuse'] } = {}) {
  localStorage.setItem('access_token', 'acc');
  localStorage.setItem('refresh_token', 'ref');
  const server = repairFetch({ refuse: options.refuse });
  vi.stubGlobal('fetch', server.fetchMock);
  const rendered = await renderApp({
    path,
    locale: options.locale ?? 'en_us',
    session: readySession({ accessDeniedModules: options.rights ?? MANAGER_RIGHTS, menuRights: ['menu.repairOverview'] }),
  });
  return { ...rendered, ...server };
}
