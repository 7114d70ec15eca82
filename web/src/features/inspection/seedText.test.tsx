import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEED_TEXTS } from '@windward/contracts';
import type { RightEntry } from '@/shared/contracts';
import { readySession, renderApp } from '@/test/renderApp';
import { CUSTOMER_ID, assetFetch } from '@/test/fixtures/asset';
import { inspectionAnswer } from '@/test/fixtures/inspection';
import { FakeInspectionServer } from './testing/server';

// OpenSeadragon needs a real canvas: the viewer chunk is replaced by the overlay alone (same props).
vi.mock('@/shared/viewer/OsdViewer', () => import('@/test/osdViewerMock'));

configure({ asyncUtilTimeout: 20000 });
afterEach(() => vi.unstubAllGlobals());

const grant = (...keys: string[]): RightEntry[] => keys.map((key) => ({ key, value: true }));
/** The seeds' English words (model codes such as "SG 14" and compass letters aside). */
const ENGLISH_SEED_WORDS = Object.keys(SEED_TEXTS).filter((en) => /[a-z]{3,}/.test(en));
/** Proper names (customers, parks) stay as named, even where a seed word is part of them. */
const PROPER_NAMES = /North Sea Wind|Gobi Renewables|Dogger Bank North|Hornsea Edge|Bayan Obo Steppe/g;
const englishSeedWordsIn = (el: HTMLElement) => {
  const text = (el.textContent ?? '').replace(PROPER_NAMES, '');
  return ENGLISH_SEED_WORDS.filter((w) => text.includes(w));
};

describe('seed data in the reader language (contracts SEED_TEXTS)', { timeout: 60000 }, () => {
  it('turbine page in Chinese: component types, devices, the defect list and detail hold no English seed words', async () => {
    localStorage.setItem('access_token', 'acc');
    const { fetchMock } = assetFetch((c) => inspectionAnswer(c));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/inspection/turbine?windFarmId=p-dogger&turbineId=t-1&inspectionType=1', locale: 'zh_cn', session: readySession({ accessDeniedModules: [] }) });
    const details = await screen.findByTestId('turbine-details');
    await within(details).findByText('海上管式塔筒 115 米');
    expect(within(details).getAllByText('巡检无人机').length).toBeGreaterThan(0);
    const table = await screen.findByTestId('defect-table');
    await within(table).findByText('前缘腐蚀');
    fireEvent.click(within(await screen.findByTestId('blade-views')).getAllByTestId('diagram-defect')[0]!);
    const detail = await screen.findByTestId('defect-detail');
    within(detail).getByText('3个月内修复');
    within(detail).getByText('涂层');
    for (const el of [details, table, detail]) expect(englishSeedWordsIn(el)).toEqual([]);
  });

  it('config center templates in Chinese show the seeded names in Chinese and a typed name as typed', async () => {
    localStorage.setItem('access_token', 'acc');
    const server = new FakeInspectionServer();
    server.templates[CUSTOMER_ID]!.types.push({ id: 'tt-typed', customerId: CUSTOMER_ID, kind: 'type', name: 'Blade split at root', level: null });
    const { fetchMock } = assetFetch((c) => server.respond(c));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/configuration/defectConfig', locale: 'zh_cn', session: readySession({ accessDeniedModules: grant('defectConfig.edit') }) });
    const names = (kind: string) =>
      within(screen.getByTestId(`template-table-${kind}`))
        .queryAllByRole('row')
        .slice(1)
        .map((r) => r.firstChild?.textContent);
    await waitFor(() => expect(names('types')).toEqual(['前缘腐蚀', 'Blade split at root']));
    expect(englishSeedWordsIn(screen.getByTestId('page-defectConfig'))).toEqual([]);
    fireEvent.click(screen.getByTestId('tab-severities'));
    await waitFor(() => expect(names('severities')).toEqual(['轻微']));
    fireEvent.click(screen.getByTestId('tab-recommendations'));
    await waitFor(() => expect(names('recommendations')).toEqual(['3个月内修复']));
    expect(englishSeedWordsIn(screen.getByTestId('page-defectConfig'))).toEqual([]);
  });
});
