import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce, isScrolledToEnd, scheduleRechecks, shouldShowGoToBottom } from './scroll';

afterEach(() => vi.useRealTimers());

describe('go-to-bottom visibility', () => {
  it('shows while content is not scrolled to the end', () => {
    expect(shouldShowGoToBottom({ scrollTop: 0, scrollHeight: 2000, clientHeight: 800 })).toBe(true);
    expect(shouldShowGoToBottom({ scrollTop: 1200, scrollHeight: 2000, clientHeight: 800 })).toBe(false);
    expect(shouldShowGoToBottom({ scrollTop: 1199, scrollHeight: 2000, clientHeight: 800 })).toBe(false); // 1px tolerance
    expect(shouldShowGoToBottom({ scrollTop: 1100, scrollHeight: 2000, clientHeight: 800 })).toBe(true);
  });

  it('hides when the content does not scroll or there is no element', () => {
    expect(shouldShowGoToBottom({ scrollTop: 0, scrollHeight: 500, clientHeight: 800 })).toBe(false);
    expect(shouldShowGoToBottom(null)).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 0, scrollHeight: 800, clientHeight: 800 })).toBe(true);
  });
});

describe('debounce', () => {
  it('runs once, 200 ms after the last call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d();
    vi.advanceTimersByTime(150);
    d();
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 200);
    d();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('re-checks after a route change', () => {
  it('checks every 500 ms, 10 times, then stops', () => {
    vi.useFakeTimers();
    const check = vi.fn();
    scheduleRechecks(check);
    vi.advanceTimersByTime(499);
    expect(check).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4500);
    expect(check).toHaveBeenCalledTimes(10);
    vi.advanceTimersByTime(5000);
    expect(check).toHaveBeenCalledTimes(10);
  });

  it('stops early when cancelled (next route change)', () => {
    vi.useFakeTimers();
    const check = vi.fn();
    const cancel = scheduleRechecks(check);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
