import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppState } from '@/core/appSlice';
import { TestProviders } from '@/test/TestProviders';
import { i18n, initI18n } from '@/core/i18n';
import { createStore } from '@/test/store';
import { readySession, TEST_CONFIG } from '@/test/renderApp';
import type { Locale, RightEntry } from '../contracts';
import { Component as TaskPoolPage } from '../pool/TaskPoolPage';
import { Component as MyTasksPage } from '../mine/MyTasksPage';
import { Component as DataManagementPage } from '../stageCenter/DataManagementPage';
import { Component as TodayTasksPage } from '../today/TodayTasksPage';
import { Component as TaskHistoryPage } from '../history/TaskHistoryPage';
import { Component as ApprovalTasksPage } from '../approval/ApprovalTasksPage';
import { Component as FlowManagementPage } from '../flow/FlowManagementPage';
import { tasksFetch } from './fakeServer';

const entries = (keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
export const QA_RIGHTS: RightEntry[] = entries(['qa.show', 'qa.edit', 'dataManagement.show']);
/** A data administrator: everything of the task screens. */
export const ADMIN_RIGHTS: RightEntry[] = entries([
  'qa.show',
  'qa.edit',
  'dataManagement.show',
  'dataManagement.edit',
  'approvalTasks.show',
  'approvalTasks.edit',
  'tab.changeRateStatistics',
  'customerList.show',
]);

export async function renderTasks(options: { path: string; locale?: Locale; rights?: RightEntry[] }) {
  const locale = options.locale ?? 'en_us';
  localStorage.setItem('access_token', 'acc-token');
  localStorage.setItem('refresh_token', 'ref');
  const server = tasksFetch();
  vi.stubGlobal('fetch', server.fetchMock);
  initI18n(locale);
  await i18n.changeLanguage(locale);
  const base = readySession();
  const session = readySession({ accessDeniedModules: options.rights ?? QA_RIGHTS, personalInfo: { ...base.personalInfo!, id: 'u-1' } });
  const store = createStore({ app: createAppState({ ...TEST_CONFIG, appLocale: locale }, locale), session });
  const routes: RouteObject[] = [
    { path: '/qaCenter/taskPool', Component: TaskPoolPage },
    { path: '/qaCenter/myTasks', Component: MyTasksPage },
    { path: '/dataFlowManagement/dataManagement', Component: DataManagementPage },
    { path: '/qaCenter/todayTasks', Component: TodayTasksPage },
    { path: '/qaCenter/history', Component: TaskHistoryPage },
    { path: '/deliveryManagement/approvalTasks', Component: ApprovalTasksPage },
    { path: '/dataFlowManagement/flowManagement', Component: FlowManagementPage },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  await act(async () => {
    render(
      <TestProviders store={store}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  });
  return { store, router, ...server };
}
