import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// The user center first, as the shell loads it (its user menu and customer lookups): its paged
// `organizations` endpoint once took the place of the task screens' one, whose filter then showed
// "No data" and threw "Cannot read properties of undefined (reading 'organizationName')".
import '@/features/user-center';
import { renderTasks, ADMIN_RIGHTS } from './testing/render';
import type { Call } from './testing/fakeServer';
import { pickOption } from '@/test/antd';

vi.setConfig({ testTimeout: 120000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const gets = (calls: Call[], p: string) => calls.filter((c) => c.method === 'GET' && c.path.endsWith(p));

async function pickOrganization(container: HTMLElement) {
  await pickOption(within(container).getByLabelText('Organization'), 'Sky Pilots');
}

describe('the organization filter, whatever screen was visited before', () => {
  it('task history offers the organizations and filters by one', async () => {
    const errors = vi.spyOn(console, 'error');
    const { calls } = await renderTasks({ path: '/qaCenter/history', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('task-table')).findByText('DBN-05');
    await pickOrganization(screen.getByTestId('task-filters'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(gets(calls, '/task/api/v2/tasks').at(-1)!.query.get('organizationId')).toBe('o-1'));
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/organizationName/);
  });

  it('approval tasks offer the organizations and filter by one', async () => {
    const { calls } = await renderTasks({ path: '/deliveryManagement/approvalTasks', rights: ADMIN_RIGHTS });
    await within(await screen.findByTestId('approval-table')).findByText('DBN-03');
    const filters = screen.getByTestId('approval-filters');
    await pickOrganization(filters);
    fireEvent.click(within(filters).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(gets(calls, '/approval-tasks').at(-1)!.query.get('orgId')).toBe('o-1'));
  });
});

/** Every file that declares endpoints of the shared api: the features' and shared's, and the generated ones (injected when imported). */
function endpointFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return endpointFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('endpoint names', () => {
  // `npm run openapi` prefixes a name two services' documents share with the service's name.
  it('are unique across the features and the generated files: a second endpoint of the same name would silently be dropped', () => {
    const src = path.resolve(__dirname, '../..');
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of endpointFiles(src).sort()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm)) {
        const other = seen.get(m[1]!);
        if (other && other !== file) clashes.push(`${m[1]}: ${path.relative(src, other).split(path.sep).join('/')} and ${path.relative(src, file).split(path.sep).join('/')}`);
        seen.set(m[1]!, file);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(clashes).toEqual([]);
  });
});
