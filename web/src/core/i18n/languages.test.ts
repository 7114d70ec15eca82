import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { antdLocaleOf, changeLocale, i18n, initI18n } from './index';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('one chunk per language', () => {
  it('starts with only the active language and loads the other before switching to it', async () => {
    await initI18n('en_us');
    expect(i18n.t('layout:logout')).toBe('Log out');
    expect(i18n.t('errors:http.tip')).toBe('Tip');
    expect(i18n.hasResourceBundle('zh_cn', 'layout')).toBe(false);
    expect(antdLocaleOf('en_us')?.locale).toBe('en');
    expect(antdLocaleOf('zh_cn')).toBeUndefined();
    expect(dayjs.locale()).toBe('en');

    const storage = memoryStorage();
    const switching = changeLocale('zh_cn', storage);
    // Not switched before the language's strings are in: nothing shows a key meanwhile.
    expect(i18n.language).toBe('en_us');
    await switching;
    expect(i18n.language).toBe('zh_cn');
    expect(i18n.t('layout:logout')).toBe('退出登录');
    expect(i18n.t('errors:http.tip')).toBe('提示');
    expect(antdLocaleOf('zh_cn')?.locale).toBe('zh-cn');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(storage.getItem('locale')).toBe('zh_cn');

    await changeLocale('en_us', storage);
    expect(i18n.t('layout:logout')).toBe('Log out');
    expect(dayjs.locale()).toBe('en');
  });
});
