import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimHandoff, openInNewWindow, readHandoff, takeHandoff, targetHref, writeHandoff } from './windowOpen';

afterEach(() => vi.useRealTimers());

describe('window-open handoff', () => {
  it('is readable for 3 seconds, once', () => {
    writeHandoff(localStorage, { path: '/inspection/turbine', query: { id: '1' } }, 1000);
    expect(readHandoff(localStorage, 4000)).toEqual({ path: '/inspection/turbine', query: { id: '1' } });
    expect(readHandoff(localStorage, 4000)).toBeNull();
  });

  it('expires after 3 seconds', () => {
    writeHandoff(localStorage, { path: '/x' }, 1000);
    expect(readHandoff(localStorage, 4001)).toBeNull();
    expect(localStorage.getItem('window_open_handoff')).toBeNull();
  });

  it('ignores malformed data', () => {
    localStorage.setItem('window_open_handoff', '{nope');
    expect(readHandoff(localStorage, 0)).toBeNull();
    localStorage.setItem('window_open_handoff', JSON.stringify({ path: 'http://evil', expiresAt: 10 }));
    expect(readHandoff(localStorage, 0)).toBeNull();
  });

  it('opens the middle page and removes the handoff after 3 s', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    openInNewWindow({ path: '/a', query: { b: 'c d' } }, { storage: localStorage, open, now: () => 0 });
    expect(open).toHaveBeenCalledWith('#/middlePage/windowOpen');
    expect(localStorage.getItem('window_open_handoff')).not.toBeNull();
    vi.advanceTimersByTime(3000);
    expect(localStorage.getItem('window_open_handoff')).toBeNull();
    expect(targetHref({ path: '/a', query: { b: 'c d' } })).toBe('/a?b=c+d');
    expect(targetHref({ path: '/a' })).toBe('/a');
  });

  it('a tab claims the handoff as it starts; the page takes it later, however long loading took', () => {
    writeHandoff(localStorage, { path: '/inspection/turbine', query: { id: '7' } }, 1000);
    claimHandoff(localStorage, sessionStorage, 2000); // within 3 s of the hand-over
    expect(localStorage.getItem('window_open_handoff')).toBeNull();
    // Ten seconds later the middle page renders: the claimed target still opens, once.
    expect(takeHandoff(localStorage, sessionStorage, 12000)).toEqual({ path: '/inspection/turbine', query: { id: '7' } });
    expect(takeHandoff(localStorage, sessionStorage, 12000)).toBeNull();
  });

  it('a claim after 3 seconds gets nothing', () => {
    writeHandoff(localStorage, { path: '/a' }, 1000);
    claimHandoff(localStorage, sessionStorage, 4001);
    expect(takeHandoff(localStorage, sessionStorage, 4001)).toBeNull();
  });
});
