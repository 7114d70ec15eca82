import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { fakeUploadXhr, type FakeXhrAnswer } from '@/test/fixtures/sheetImport';
import { sendResumable, TUS_RETRY_MS } from './upload';

const ENDPOINT = '/gw/import/api/v2/sheet-imports/r1/images/tus';

/** A tus server double: answers are scripted per request; every request is recorded. */
function tusServer(script: ((method: string, headers: Record<string, string>) => FakeXhrAnswer)[]) {
  const seen: { method: string; url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    fakeUploadXhr((url, _body, method, headers) => {
      seen.push({ method, url, headers: { ...headers } });
      const next = script.shift();
      if (!next) throw new Error(`unexpected ${method} ${url}`);
      return next(method, headers);
    }),
  );
  return seen;
}

const file = () => new File([new Uint8Array(10)], 'flight.zip', { lastModified: 1 });
const noWait = () => Promise.resolve();

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sendResumable (tus 1.0.0)', () => {
  test('a connection lost in the middle: it asks how much arrived and goes on from there; the last answer is the result', async () => {
    const seen = tusServer([
      () => ({ status: 201, body: undefined, headers: { Location: `${ENDPOINT}/u1` } }),
      () => ({ status: 0, body: null }),
      () => ({ status: 200, body: undefined, headers: { 'Upload-Offset': '6' } }),
      () => ({ status: 200, body: { imagesUploaded: 2 } }),
    ]);
    const progress: number[] = [];
    const r = await sendResumable(ENDPOINT, file(), (loaded) => progress.push(loaded), undefined, noWait);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ imagesUploaded: 2 });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(seen[0]!.headers).toMatchObject({ 'upload-length': '10', 'upload-metadata': `filename ${btoa('flight.zip')}` });
    expect(seen[3]!.headers['upload-offset']).toBe('6');
    expect(progress).toContain(6);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(STORAGE_KEYS.tusUploadPrefix))).toEqual([]);
  });

  test('sent again after leaving the page: the unfinished upload of the same file is taken up, not started anew', async () => {
    const dropped = () => ({ status: 0, body: null });
    tusServer([() => ({ status: 201, body: undefined, headers: { Location: `${ENDPOINT}/u1` } }), dropped, ...TUS_RETRY_MS.map(() => dropped)]);
    // The connection stays lost: it gives up after its waits, the upload kept for later.
    const lost = await sendResumable(ENDPOINT, file(), () => {}, undefined, noWait);
    expect(lost.status).toBe(0);
    const seen = tusServer([
      () => ({ status: 204, body: undefined, headers: { 'Upload-Offset': '4' } }),
      () => ({ status: 200, body: { imagesUploaded: 1 } }),
    ]);
    const r = await sendResumable(ENDPOINT, file(), () => {}, undefined, noWait);
    expect(r.status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([`HEAD ${ENDPOINT}/u1`, `PATCH ${ENDPOINT}/u1`]);
    expect(seen[1]!.headers['upload-offset']).toBe('4');
  });

  test('gives up after its waits when the connection stays lost; a refusal comes back at once and the next attempt starts anew', async () => {
    const lost = [() => ({ status: 0, body: null })];
    const seen = tusServer(Array.from({ length: TUS_RETRY_MS.length + 1 }, () => lost[0]!));
    const waits: number[] = [];
    const r = await sendResumable(ENDPOINT, file(), () => {}, undefined, async (ms) => void waits.push(ms));
    expect(r.status).toBe(0);
    expect(waits).toEqual(TUS_RETRY_MS);
    expect(seen.every((s) => s.method === 'POST')).toBe(true);

    const refused = tusServer([
      () => ({ status: 201, body: undefined, headers: { Location: `${ENDPOINT}/u2` } }),
      () => ({ status: 400, body: { code: 'ARCHIVE_UNSAFE_PATH' } }),
    ]);
    const no = await sendResumable(ENDPOINT, file(), () => {}, undefined, noWait);
    expect([no.status, (no.body as { code: string }).code]).toEqual([400, 'ARCHIVE_UNSAFE_PATH']);
    expect(refused.map((s) => s.method)).toEqual(['POST', 'PATCH']);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(STORAGE_KEYS.tusUploadPrefix))).toEqual([]);
  });
});
