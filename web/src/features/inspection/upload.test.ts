import { describe, expect, it } from 'vitest';
import { fileProgress, precheckPhoto, tilesPending, uploadFields, uploadPercent } from './upload';

const MB = 1024 * 1024;

describe('upload progress (pure)', () => {
  it('turns bytes sent into a whole percent within 0..100', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(1200, 1000)).toBe(100);
    // unknown total (no lengthComputable event yet)
    expect(uploadPercent(500, 0)).toBe(0);
    expect(uploadPercent(Number.NaN, 1000)).toBe(0);
  });

  it('holds the upload below 100 until the server answered, then follows the tile job to done or failed', () => {
    const item = { state: 'uploading' as const, loaded: 0, total: 5 * MB };
    expect(fileProgress({ ...item, state: 'queued' })).toEqual({ stage: 'queued', percent: 0, status: 'normal' });
    expect(fileProgress({ ...item, loaded: 2.5 * MB })).toEqual({ stage: 'uploading', percent: 50, status: 'active' });
    expect(fileProgress({ ...item, loaded: 5 * MB })).toEqual({ stage: 'uploading', percent: 99, status: 'active' });
    const uploaded = { ...item, state: 'uploaded' as const, loaded: 5 * MB, imageId: 'img-9' };
    expect(fileProgress(uploaded)).toEqual({ stage: 'tiling', percent: 0, status: 'active' });
    expect(fileProgress(uploaded, { tileStatus: 'pending', percent: 60 })).toEqual({ stage: 'tiling', percent: 60, status: 'active' });
    // a job at 100 % whose image is not yet marked done is still tiling
    expect(fileProgress(uploaded, { tileStatus: 'processing', percent: 100 })).toEqual({ stage: 'tiling', percent: 99, status: 'active' });
    expect(fileProgress(uploaded, { tileStatus: 'done', percent: 100 })).toEqual({ stage: 'done', percent: 100, status: 'success' });
    expect(fileProgress(uploaded, { tileStatus: 'failed', percent: 20 })).toEqual({ stage: 'failed', percent: 20, status: 'exception' });
    expect(fileProgress({ ...item, state: 'refused', loaded: 5 * MB })).toEqual({ stage: 'refused', percent: 100, status: 'exception' });
  });

  it('keeps polling the tile jobs only while an uploaded file waits for its tiles', () => {
    const items = [{ state: 'uploaded' as const, imageId: 'a' }, { state: 'refused' as const }, { state: 'queued' as const }];
    expect(tilesPending(items, undefined)).toBe(true);
    expect(tilesPending(items, [{ imageId: 'a', tileStatus: 'pending' }])).toBe(true);
    expect(tilesPending(items, [{ imageId: 'a', tileStatus: 'done' }])).toBe(false);
    expect(tilesPending(items, [{ imageId: 'a', tileStatus: 'failed' }])).toBe(false);
    expect(tilesPending([{ state: 'refused' }], undefined)).toBe(false);
  });

  it('pre-checks name and size with the contracts photo rule', () => {
    expect(precheckPhoto({ name: 'blade.JPG', size: 20 * MB })).toEqual({ ok: true });
    expect(precheckPhoto({ name: 'blade.png.exe', size: 1000 })).toEqual({ ok: false, code: -11003 });
    expect(precheckPhoto({ name: 'blade.jpeg', size: 20 * MB + 1 })).toEqual({ ok: false, code: 'FILE_TOO_LARGE', params: { maxMb: 20 } });
  });

  it('sends the batch fields with the sort index counting up per file and leaves empty fields out', () => {
    const fields = { bladePosition: 2, path: 5, chamber: 0, section: null, sortIndex: 4, distanceToRoot: '12.5', keyPartTag: null };
    expect(uploadFields(fields, 0)).toEqual([
      ['bladePosition', '2'],
      ['path', '5'],
      ['chamber', '0'],
      ['sortIndex', '4'],
      ['distanceToRoot', '12.5'],
    ]);
    expect(uploadFields(fields, 2)).toContainEqual(['sortIndex', '6']);
    expect(uploadFields({ bladePosition: null }, 3)).toEqual([]);
  });
});
