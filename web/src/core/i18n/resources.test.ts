import { describe, expect, it } from 'vitest';
import { collectResources, keySet, resources } from './resources';

describe('i18n resources', () => {
  it('has both locales with the same namespaces', () => {
    expect(Object.keys(resources).sort()).toEqual(['en_us', 'zh_cn']);
    expect(Object.keys(resources.zh_cn).sort()).toEqual(Object.keys(resources.en_us).sort());
  });

  it('has identical key sets in en_us and zh_cn', () => {
    const en = keySet('en_us');
    const zh = keySet('zh_cn');
    expect(en.length).toBeGreaterThan(100);
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty: string[] = [];
    const walk = (tree: unknown, path: string): void => {
      if (typeof tree === 'string') {
        if (!tree.trim()) empty.push(path);
      } else if (tree && typeof tree === 'object') {
        for (const [k, v] of Object.entries(tree)) walk(v, `${path}.${k}`);
      }
    };
    walk(resources, 'resources');
    expect(empty).toEqual([]);
  });

  it('the key-set comparison detects a key missing in one language', () => {
    const fake = collectResources({
      '../../locales/en_us/x.json': { a: 'A', b: { c: 'C' } },
      '../../locales/zh_cn/x.json': { a: '甲' },
    });
    expect(keySet('en_us', fake)).toEqual(['x:a', 'x:b.c']);
    expect(keySet('zh_cn', fake)).toEqual(['x:a']);
  });
});
