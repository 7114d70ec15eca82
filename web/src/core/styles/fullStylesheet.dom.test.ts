import { afterEach, describe, expect, it } from 'vitest';
import { createStylesheetLoader } from './fullStylesheet';

afterEach(() => {
  document.head.innerHTML = '';
});

const linksOf = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')] as HTMLLinkElement[];

describe('createStylesheetLoader', () => {
  it('adds the stylesheet once, first in <head>, and is full once it has loaded', async () => {
    const own = document.createElement('style');
    document.head.append(own);
    const loader = createStylesheetLoader('/assets/antd-x.css', document, 10_000);
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.state()));
    expect(loader.state()).toBe('idle');
    const first = loader.load();
    const second = loader.load();
    expect(second).toBe(first);
    expect(linksOf()).toHaveLength(1);
    expect(document.head.firstChild).toBe(linksOf()[0]);
    expect(linksOf()[0]!.getAttribute('href')).toBe('/assets/antd-x.css');
    expect(loader.state()).toBe('loading');
    linksOf()[0]!.dispatchEvent(new Event('load'));
    await first;
    expect(loader.state()).toBe('full');
    expect(seen).toEqual(['loading', 'full']);
  });

  it('falls back to run-time styles when the file fails', async () => {
    const loader = createStylesheetLoader('/assets/antd-x.css', document, 10_000);
    const settled = loader.load();
    linksOf()[0]!.dispatchEvent(new Event('error'));
    await settled;
    expect(loader.state()).toBe('runtime');
  });

  it('falls back to run-time styles when the file is too slow, and stays there when it arrives later', async () => {
    const loader = createStylesheetLoader('/assets/antd-x.css', document, 20);
    await loader.load();
    expect(loader.state()).toBe('runtime');
    linksOf()[0]!.dispatchEvent(new Event('load'));
    expect(loader.state()).toBe('runtime');
  });

  it('starts settled when told so (the screen tests: jsdom loads no stylesheets)', async () => {
    const loader = createStylesheetLoader('/assets/antd-x.css', document, 10_000, 'runtime');
    await loader.load();
    expect(loader.state()).toBe('runtime');
    expect(linksOf()).toHaveLength(0);
  });
});
