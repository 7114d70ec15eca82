import { describe, expect, it, vi } from 'vitest';
import { clientIdFromBasicCredential, DEFAULT_APP_CONFIG, loadAppConfig, parseAppConfig } from './appConfig';
import { readFeatureSwitches } from './featureSwitches';
import { initialLocale } from '@/core/i18n';

describe('app_config.json', () => {
  it('parses the shipped file shape', () => {
    expect(
      parseAppConfig({
        appLocale: 'zh_cn',
        logSwitch: 'on',
        loginMode: 'sso',
        basicCredential: 'abc',
        identityProviderUrl: 'https://sso',
        viewerHosts: ['v1', 3, ''],
        mapTileUrl: '',
      }),
    ).toEqual({
      appLocale: 'zh_cn',
      logSwitch: 'on',
      loginMode: 'sso',
      basicCredential: 'abc',
      identityProviderUrl: 'https://sso',
      viewerHosts: ['v1'],
      mapTileUrl: '',
    });
  });

  it('uses OpenStreetMap tiles when mapTileUrl is absent, none when it is empty', () => {
    expect(parseAppConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(parseAppConfig({ mapTileUrl: ' ' }).mapTileUrl).toBe('');
    expect(parseAppConfig({ mapTileUrl: 'http://tiles.local/{z}/{x}/{y}.png' }).mapTileUrl).toBe('http://tiles.local/{z}/{x}/{y}.png');
  });

  it('falls back to defaults for junk', () => {
    expect(parseAppConfig(null)).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig({ appLocale: 'fr', loginMode: 'magic' })).toEqual(DEFAULT_APP_CONFIG);
  });

  it('loads the file and survives its absence', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ appLocale: 'zh_cn' }), { status: 200 }));
    expect((await loadAppConfig(ok as unknown as typeof fetch)).appLocale).toBe('zh_cn');
    const missing = vi.fn(async () => new Response('', { status: 404 }));
    expect(await loadAppConfig(missing as unknown as typeof fetch)).toEqual(DEFAULT_APP_CONFIG);
  });

  it('derives the built-in client id from the Basic credential', () => {
    expect(clientIdFromBasicCredential(btoa('windward-web:windward-web-secret'))).toBe('windward-web');
    expect(clientIdFromBasicCredential('%%%')).toBe('');
  });

  it('the stored language wins over the configured default', () => {
    expect(initialLocale(localStorage, 'zh_cn')).toBe('zh_cn');
    localStorage.setItem('locale', 'en_us');
    expect(initialLocale(localStorage, 'zh_cn')).toBe('en_us');
    localStorage.setItem('locale', 'de');
    expect(initialLocale(localStorage, undefined)).toBe('en_us');
  });
});

describe('feature switches', () => {
  it('defaults: everything on except turbine report download', () => {
    expect(readFeatureSwitches({})).toEqual({
      stitching: true,
      insights: true,
      advancedSearch: true,
      dataImport: true,
      turbineReportDownload: false,
    });
  });

  it('reads VITE_FEATURE_* overrides', () => {
    const s = readFeatureSwitches({ VITE_FEATURE_STITCHING: 'false', VITE_FEATURE_TURBINE_REPORT_DOWNLOAD: 'on', VITE_FEATURE_INSIGHTS: '0' });
    expect(s).toMatchObject({ stitching: false, insights: false, turbineReportDownload: true, dataImport: true });
  });
});
