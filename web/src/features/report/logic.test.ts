import { describe, expect, it } from 'vitest';
import { loadedReports, openReportWindow, rememberLoaded, canReport, templateGrants, fileSize } from './logic';

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
