import { describe, expect, it } from 'vitest';
import { newDraft } from './draft';
import { clearDraft, draftKey, readDraft, worthKeeping, writeDraft } from './draftStore';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const TRI: [number, number][] = [
  [1, 2],
  [30, 2],
  [30, 40],
];

describe('labeling draft autosave store', () => {
  it('keys are per task and image', () => {
    expect(draftKey('t1', 'i1')).not.toBe(draftKey('t1', 'i2'));
    expect(draftKey('t1', 'i1')).not.toBe(draftKey('t2', 'i1'));
  });

  it('keeps an unsaved draft with its values and outline and reads it back', () => {
    const s = new MemoryStorage();
    const key = draftKey('t1', 'img');
    const draft = { ...newDraft('img', { defectType: 'Erosion', severity: 3 }), polygon: TRI };
    writeDraft(s, key, draft, true, [], 42);
    expect(readDraft(s, key)).toEqual({ v: 1, draft, drawing: [], savedAt: 42 });
  });

  it('keeps an outline still being drawn without a draft', () => {
    const s = new MemoryStorage();
    writeDraft(s, 'k', null, false, TRI.slice(0, 2), 1);
    expect(readDraft(s, 'k')).toEqual({ v: 1, draft: null, drawing: TRI.slice(0, 2), savedAt: 1 });
  });

  it('nothing unsaved (saved, discarded or untouched) forgets the key', () => {
    const s = new MemoryStorage();
    const draft = { ...newDraft('img', { defectType: 'Crack' }), polygon: TRI };
    writeDraft(s, 'k', draft, true, []);
    expect(s.map.has('k')).toBe(true);
    writeDraft(s, 'k', draft, false, []);
    expect(s.map.has('k')).toBe(false);
    expect(worthKeeping(null, false, [])).toBe(false);
    expect(worthKeeping(draft, false, [])).toBe(false);
    expect(worthKeeping(draft, true, [])).toBe(true);
  });

  it('clearDraft removes it; unreadable or foreign content is dropped, not restored', () => {
    const s = new MemoryStorage();
    writeDraft(s, 'k', null, false, TRI);
    clearDraft(s, 'k');
    expect(readDraft(s, 'k')).toBeNull();
    for (const bad of [
      '{not json',
      JSON.stringify({ v: 2, draft: null, drawing: TRI }),
      JSON.stringify({ v: 1, draft: { imageId: 5 }, drawing: [] }),
    ]) {
      s.setItem('k', bad);
      expect(readDraft(s, 'k')).toBeNull();
      expect(s.map.has('k')).toBe(false);
    }
  });

  it('a storage that throws does not break editing', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => writeDraft(broken, 'k', null, false, TRI)).not.toThrow();
    expect(readDraft(broken, 'k')).toBeNull();
  });
});
