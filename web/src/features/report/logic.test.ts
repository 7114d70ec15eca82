import { describe, expect, it } from 'vitest';
import { applyReportChange, loadedReports, openReportWindow, rememberLoaded, canReport, templateGrants, fileSize } from './logic';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

/** A window double: `open` returns the named window (created blank on first use), as a browser does. */
function fakeWindow() {
  const wins = new Map<string, { location: { href: string }; focused: number; focus: () => void }>();
  const opened: string[] = [];
  return {
    wins,
    opened,
    open: (_url?: string | URL, name?: string) => {
      opened.push(name!);
      let w = wins.get(name!);
      if (!w) {
        const created = { location: { href: 'about:blank' }, focused: 0, focus: () => void created.focused++ };
        wins.set(name!, (w = created));
      }
      return w as unknown as Window;
    },
  };
}

describe('loaded-report memory (SPEC §9)', () => {
  it('keeps the last 20 opened reports, newest first, without duplicates', () => {
    const s = memoryStorage();
    for (let i = 1; i <= 25; i++) rememberLoaded(s, `r${i}`);
    rememberLoaded(s, 'r10');
    const list = loadedReports(s);
    expect(list.length).toBe(20);
    expect(list[0]).toBe('r10');
    expect(list.filter((x) => x === 'r10').length).toBe(1);
    expect(list).not.toContain('r5');
  });

  it('opens a report in its own window, brings it to the front the second time, and opens it again when forced', async () => {
    const s = memoryStorage();
    const w = fakeWindow();
    let loads = 0;
    const load = async () => `blob:http://localhost/${++loads}`;
    expect(await openReportWindow('a', load, { storage: s, win: w })).toBe('opened');
    expect(w.wins.get('report-a')!.location.href).toBe('blob:http://localhost/1');
    expect(await openReportWindow('a', load, { storage: s, win: w })).toBe('focused');
    expect(w.wins.get('report-a')!.focused).toBe(1);
    expect(loads).toBe(1);
    expect(await openReportWindow('a', load, { storage: s, win: w, force: true })).toBe('opened');
    expect(loads).toBe(2);
    // The window was closed meanwhile (a fresh blank one): loaded again.
    w.wins.get('report-a')!.location.href = 'about:blank';
    expect(await openReportWindow('a', load, { storage: s, win: w })).toBe('opened');
    expect(loadedReports(s)).toEqual(['a']);
  });

  it('rights and sizes', () => {
    expect(canReport([{ key: 'image.export', value: true }])).toBe(true);
    expect(canReport([{ key: 'image.export', value: false }])).toBe(false);
    expect(templateGrants([{ key: 'defectConfig.show', value: true }])).toEqual({ show: true, edit: false });
    expect(fileSize(2048)).toBe('2.0 KB');
    expect(fileSize(null)).toBe('–');
  });
});

describe('pushed report progress (applyReportChange)', () => {
  const page = { totalCount: 2, results: [{ id: 'a', status: 1, progress: 20, step: 'rendering' }, { id: 'b', status: 0, progress: 0, step: null }] };

  it('moves a task on the page in place; refetches only when its status changed', () => {
    const moved = applyReportChange(page, { reportTaskId: 'a', status: 1, progress: 85, step: 'storing' });
    expect(moved.refetch).toBe(false);
    expect(moved.page!.results[0]).toEqual({ id: 'a', status: 1, progress: 85, step: 'storing' });
    expect(moved.page!.results[1]).toBe(page.results[1]);
    expect(page.results[0]!.progress).toBe(20);
    const claimed = applyReportChange(page, { reportTaskId: 'b', status: 1, progress: 1, step: 'loading' });
    expect(claimed.refetch).toBe(true);
    expect(claimed.page!.results[1]!.status).toBe(1);
  });

  it('a task not on the page: refetch when new, claimed, finished or removed; not for progress of one already rendering', () => {
    expect(applyReportChange(page, { reportTaskId: 'x', status: 1, progress: 40, step: 'rendering' })).toEqual({ page: null, refetch: false });
    expect(applyReportChange(page, { reportTaskId: 'x', status: 1, progress: 1, step: 'loading' }).refetch).toBe(true);
    expect(applyReportChange(page, { reportTaskId: 'x', status: 0, progress: 0 }).refetch).toBe(true);
    expect(applyReportChange(page, { reportTaskId: 'x', status: 2, progress: 100 }).refetch).toBe(true);
    expect(applyReportChange(page, { reportTaskId: 'a', removed: true }).refetch).toBe(true);
    expect(applyReportChange(page, {}).refetch).toBe(true);
  });
});
