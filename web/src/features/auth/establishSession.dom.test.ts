import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppState } from '@/core/appSlice';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { recordingFetch } from '@/test/fakeFetch';
import { jsonResponse } from '@/test/renderApp';
import { createStore } from '@/test/store';
import { establishSession } from './sessionFlow';

/** An identity that answers the session's three calls once `open()` is called. */
function identity() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const server = recordingFetch(async (call) => {
    await gate;
    if (call.path.endsWith('/accounts/me')) return jsonResponse(200, { id: '1', username: 'a', displayName: 'A', email: '', roles: [], customerIds: [] });
    if (call.path.endsWith('/menus')) return jsonResponse(200, ['menu.myAsset']);
    return jsonResponse(200, []);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return { calls: server.calls, open };
}

describe('establishSession: the boot load and the route guard share one', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a second call with the same token while one is under way joins it (one answer, one store update)', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    const store = createStore({ app: createAppState() });
    const server = identity();
    const boot = establishSession(store.dispatch);
    const guard = establishSession(store.dispatch);
    expect(guard).toBe(boot);
    server.open();
    expect(await guard).toEqual({ kind: 'ok', menuRights: ['menu.myAsset'] });
    expect(server.calls.map((c) => c.path.split('/').pop()).sort()).toEqual(['deniedModules', 'me', 'menus']);
    expect(store.getState().session.status).toBe('ready');
    // Done: the next call loads again.
    const again = establishSession(store.dispatch);
    expect(again).not.toBe(boot);
    await again;
    expect(server.calls).toHaveLength(6);
  });

  it('another token (a new sign-in while an old load runs) starts its own load', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'old');
    const store = createStore({ app: createAppState() });
    const server = identity();
    const old = establishSession(store.dispatch);
    localStorage.setItem(STORAGE_KEYS.accessToken, 'new');
    const fresh = establishSession(store.dispatch);
    expect(fresh).not.toBe(old);
    server.open();
    expect(await fresh).toEqual({ kind: 'ok', menuRights: ['menu.myAsset'] });
    await old;
  });
});
