import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { createAppState } from '@/core/appSlice';
import { TestProviders } from '@/test/TestProviders';
import { TEST_CONFIG } from '@/test/renderApp';
import { createStore } from '@/shell/store';

/** A system setting the test can switch, as the browser's media query list would report it. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) =>
    q === '(prefers-reduced-motion: reduce)' ? (list as unknown as MediaQueryList) : ({ matches: false, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList),
  );
  return {
    set(next: boolean) {
      reduce = next;
      listeners.forEach((l) => l());
    },
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function renderConsoleTheme() {
  const store = createStore({ app: createAppState(TEST_CONFIG, 'en_us') });
  render(
    <TestProviders store={store}>
      <Motion />
    </TestProviders>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('reduced motion (WCAG 2.3.3)', () => {
  it("keeps antd's motion when the system does not ask for less", () => {
    systemMotionSetting(false);
    renderConsoleTheme();
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('turns antd motion off when the system asks for less, and follows a change of the setting live', () => {
    const setting = systemMotionSetting(true);
    renderConsoleTheme();
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => setting.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });
});
