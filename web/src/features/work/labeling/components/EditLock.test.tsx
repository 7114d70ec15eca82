import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '@/core/i18n';
import { EditLockBanner, lockedHolder } from './EditLock';

async function renderBanner(locale: 'en_us' | 'zh_cn', onRetry = vi.fn()) {
  initI18n(locale);
  await act(async () => {
    await i18n.changeLanguage(locale);
  });
  render(
    <I18nextProvider i18n={i18n}>
      <EditLockBanner holderName="Alice" onRetry={onRetry} />
    </I18nextProvider>,
  );
  return onRetry;
}

describe('edit lock banner', () => {
  it('names the holder in English and retries', async () => {
    const onRetry = await renderBanner('en_us');
    expect(screen.getByTestId('edit-lock-banner').textContent).toContain('Alice is editing the labels of this inspection');
    fireEvent.click(screen.getByTestId('edit-lock-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('edit-lock-retry').textContent).toContain('Retry');
  });

  it('names the holder in Chinese', async () => {
    await renderBanner('zh_cn');
    expect(screen.getByTestId('edit-lock-banner').textContent).toContain('Alice正在编辑该巡检的标注');
    // antd spaces out a two-character Chinese button label.
    expect(screen.getByTestId('edit-lock-retry').textContent!.replace(/\s/g, '')).toBe('重试');
  });

  it('only EDIT_LOCKED is someone else holding the lock', () => {
    expect(lockedHolder({ status: 409, message: '', data: { code: 'EDIT_LOCKED', details: { holderName: 'Bob' } } })).toBe('Bob');
    expect(lockedHolder({ status: 404, message: '', data: { code: 'NOT_FOUND' } })).toBeNull();
    expect(lockedHolder({ status: 'NETWORK', message: '' })).toBeNull();
  });
});
