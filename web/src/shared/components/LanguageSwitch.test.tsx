import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderApp } from '@/test/renderApp';

describe('language switch', () => {
  it('switches in place, keeps the choice in localStorage and follows with antd and dayjs', async () => {
    const { store, router } = await renderApp({ path: '/login', locale: 'en_us' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();

    const combobox = screen.getByRole('combobox', { name: 'Language' });
    await act(async () => {
      fireEvent.mouseDown(combobox);
    });
    const option = await screen.findByTitle('中文');
    await act(async () => {
      fireEvent.click(option);
    });

    await waitFor(() => expect(screen.getByRole('heading', { name: '登录' })).toBeTruthy());
    expect(localStorage.getItem('locale')).toBe('zh_cn');
    expect(store.getState().app.locale).toBe('zh_cn');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(router.state.location.pathname).toBe('/login');
  });
});
