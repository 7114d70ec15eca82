import { describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { lookupMessage } from '@/shared/contracts';
import { buildHeaders, buildUrl, createBaseQuery, encodeForm, interpretResponse, type Effects } from './baseQuery';

const t = (key: string): string => `t(${key})`;

function fakeApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: vi.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  } as unknown as BaseQueryApi;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response | (() => Promise<Response>), overrides: Partial<Parameters<typeof createBaseQuery>[0]> = {}) {
  const effects: Effects = { onUnauthorized: vi.fn(), notifyForbidden: vi.fn(), showError: vi.fn() };
  const fetchImpl = vi.fn(typeof response === 'function' ? response : async () => response);
  const query = createBaseQuery({
    fetchImpl: fetchImpl as unknown as typeof fetch,
    getLocale: () => 'zh_cn',
    getAccessToken: () => 'acc-123',
    getClientId: () => 'windward-web',
    t,
    effects,
    ...overrides,
  });
  return { query, effects, fetchImpl };
}

describe('buildHeaders', () => {
  it('adds locale, client-id, Accept and Bearer token', () => {
    expect(buildHeaders({ locale: 'en_us', clientId: 'cid', accessToken: 'tok' }, {})).toEqual({
      Accept: 'application/json',
      locale: 'en_us',
      'client-id': 'cid',
      Authorization: 'Bearer tok',
    });
  });

  it('omits client-id and Authorization when absent', () => {
    const headers = buildHeaders({ locale: 'zh_cn', clientId: null, accessToken: null }, {});
    expect(headers).toEqual({ Accept: 'application/json', locale: 'zh_cn' });
  });

  it('sets the content type for form and JSON bodies', () => {
    const ctx = { locale: 'en_us' as const, clientId: null, accessToken: null };
    expect(buildHeaders(ctx, { form: { a: '1' } })['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(buildHeaders(ctx, { body: { a: 1 } })['Content-Type']).toBe('application/json');
  });

  it('lets a call override Authorization (Basic credential of the password grant)', () => {
    const headers = buildHeaders({ locale: 'en_us', clientId: 'c', accessToken: 'tok' }, { headers: { Authorization: 'Basic abc' } });
    expect(headers.Authorization).toBe('Basic abc');
  });
});

describe('buildUrl and encodeForm', () => {
  it('appends defined params, repeating arrays', () => {
    expect(buildUrl('/x', { a: 1, b: undefined, c: null, d: ['p', 'q'], e: true })).toBe('/x?a=1&d=p&d=q&e=true');
    expect(buildUrl('/x?z=1', { a: 'b c' })).toBe('/x?z=1&a=b+c');
    expect(buildUrl('/x', {})).toBe('/x');
  });

  it('encodes form bodies', () => {
    expect(encodeForm({ grant_type: 'password', username: 'a@b', password: 'p&q', scope: '' })).toBe(
      'grant_type=password&username=a%40b&password=p%26q&scope=',
    );
  });
});

describe('interpretResponse', () => {
  const ctx = { locale: 'en_us' as const, path: '/context/api/v1/users', t, lookup: lookupMessage };

  it('returns the body for 2xx', () => {
    expect(interpretResponse(200, { a: 1 }, ctx)).toEqual({ kind: 'data', data: { a: 1 } });
    expect(interpretResponse(204, null, ctx)).toEqual({ kind: 'data', data: null });
  });

  it('401 is an expired session, except on a sign-in call', () => {
    expect(interpretResponse(401, null, ctx).kind).toBe('unauthorized');
    expect(interpretResponse(401, { code: 'WRONG_USERNAME_OR_PASSWORD', message: 'x' }, { ...ctx, authFlow: true }).kind).toBe(
      'failed',
    );
  });

  it('403 is "No access rights", or null when the call says so', () => {
    const outcome = interpretResponse(403, null, ctx);
    expect(outcome.kind).toBe('forbidden');
    if (outcome.kind === 'forbidden') expect(outcome.error.message).toBe('t(errors:http.noAccessRights)');
    expect(interpretResponse(403, null, { ...ctx, nullOn403: true })).toEqual({ kind: 'data', data: null });
  });

  it('404 rejects with the body', () => {
    const outcome = interpretResponse(404, { code: 'NOT_FOUND', message: 'gone' }, ctx);
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind === 'rejected') expect(outcome.error.data).toEqual({ code: 'NOT_FOUND', message: 'gone' });
  });

  it('408 uses the timeout text', () => {
    const outcome = interpretResponse(408, null, ctx);
    expect(outcome.kind === 'failed' && outcome.error.message).toBe('t(errors:http.timeout408)');
  });

  it('other statuses use the message lookup with locale and path', () => {
    const body = { code: -6004, message: 'Started project cannot be deleted' };
    const outcome = interpretResponse(400, body, { ...ctx, locale: 'zh_cn' });
    expect(outcome.kind).toBe('failed');
    if (outcome.kind === 'failed') {
      expect(outcome.error.message).toBe(lookupMessage(body, 'zh_cn', ctx.path));
      expect(outcome.error.status).toBe(400);
    }
    expect(interpretResponse(500, 'boom', ctx).kind).toBe('failed');
  });
});

describe('createBaseQuery', () => {
  it('sends the headers and a JSON body, returns data', async () => {
    const { query, fetchImpl, effects } = setup(jsonResponse(200, { ok: true }));
    const result = await query({ url: '/context/api/v1/users', method: 'POST', body: { a: 1 }, params: { q: 'x' } }, fakeApi(), {});
    expect(result).toEqual({ data: { ok: true } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/context/api/v1/users?q=x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      locale: 'zh_cn',
      'client-id': 'windward-web',
      Accept: 'application/json',
      Authorization: 'Bearer acc-123',
      'Content-Type': 'application/json',
    });
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('accepts a bare path and a form body', async () => {
    const { query, fetchImpl } = setup(() => Promise.resolve(jsonResponse(200, [])));
    await query('/context/api/v2/Permission/menus', fakeApi(), {});
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('GET');
    await query({ url: '/oauth/revoke', method: 'POST', form: { token: 'r t' } }, fakeApi(), {});
    const init = (fetchImpl.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('token=r+t');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('401 triggers the unauthorized effect', async () => {
    const { query, effects } = setup(jsonResponse(401, null));
    const api = fakeApi();
    const result = await query('/context/api/v1/accounts/me', api, {});
    expect(result.error?.status).toBe(401);
    expect(effects.onUnauthorized).toHaveBeenCalledWith(api);
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('401 ACCESS_CHANGED (roles or scope changed): renews the token once and repeats the call with the new one', async () => {
    let token = 'old-token';
    const answers = [jsonResponse(401, { code: 'ACCESS_CHANGED', message: 'Access changed' }), jsonResponse(200, { ok: 1 })];
    const renewAccess = vi.fn(async () => {
      token = 'new-token';
      return true;
    });
    const { query, effects, fetchImpl } = setup(async () => answers.shift()!, { getAccessToken: () => token, renewAccess });
    const result = await query('/gw/task/api/v2/tasks/pool', fakeApi(), {});
    expect(result).toEqual({ data: { ok: 1 } });
    expect(renewAccess).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls.map((c) => ((c as unknown[])[1] as RequestInit).headers)).toMatchObject([
      { Authorization: 'Bearer old-token' },
      { Authorization: 'Bearer new-token' },
    ]);
    expect(effects.onUnauthorized).not.toHaveBeenCalled();
  });

  it('401 ACCESS_CHANGED: a failed renewal, or the same answer again, is the usual 401', async () => {
    const changed = () => jsonResponse(401, { code: 'ACCESS_CHANGED', message: 'Access changed' });
    const failing = setup(async () => changed(), { renewAccess: vi.fn(async () => false) });
    expect((await failing.query('/x', fakeApi(), {})).error?.status).toBe(401);
    expect(failing.fetchImpl).toHaveBeenCalledTimes(1);
    expect(failing.effects.onUnauthorized).toHaveBeenCalledTimes(1);

    const renewAccess = vi.fn(async () => true);
    const again = setup(async () => changed(), { renewAccess });
    expect((await again.query('/x', fakeApi(), {})).error?.status).toBe(401);
    expect(renewAccess).toHaveBeenCalledTimes(1);
    expect(again.fetchImpl).toHaveBeenCalledTimes(2);
    expect(again.effects.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 on a sign-in call is a message, not a logout', async () => {
    const body = { code: 'WRONG_USERNAME_OR_PASSWORD', message: 'Wrong username or password' };
    const { query, effects } = setup(jsonResponse(401, body));
    const result = await query({ url: '/oauth/token', method: 'POST', form: {}, authFlow: true, silent: true }, fakeApi(), {});
    expect(effects.onUnauthorized).not.toHaveBeenCalled();
    expect(effects.showError).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, data: body, message: lookupMessage(body, 'zh_cn', '/oauth/token') });
  });

  it('403 shows the "Tip" / "No access rights" notification', async () => {
    const { query, effects } = setup(jsonResponse(403, null));
    const result = await query('/x', fakeApi(), {});
    expect(result.error?.status).toBe(403);
    expect(effects.notifyForbidden).toHaveBeenCalledWith('t(errors:http.tip)', 't(errors:http.noAccessRights)');
  });

  it('404 rejects with the body and shows nothing', async () => {
    const { query, effects } = setup(jsonResponse(404, { code: 'X', message: 'missing' }));
    const result = await query('/x', fakeApi(), {});
    expect(result.error).toMatchObject({ status: 404, data: { code: 'X', message: 'missing' } });
    expect(effects.showError).not.toHaveBeenCalled();
    expect(effects.notifyForbidden).not.toHaveBeenCalled();
  });

  it('408 shows the timeout message', async () => {
    const { query, effects } = setup(jsonResponse(408, null));
    await query('/x', fakeApi(), {});
    expect(effects.showError).toHaveBeenCalledWith('t(errors:http.timeout408)');
  });

  it('other errors show the looked-up message unless silent', async () => {
    const body = { code: -6004, message: 'Started project cannot be deleted' };
    const { query, effects } = setup(() => Promise.resolve(jsonResponse(400, body)));
    await query('/gw/project/api/v2/projects/1', fakeApi(), {});
    expect(effects.showError).toHaveBeenCalledWith(lookupMessage(body, 'zh_cn', '/gw/project/api/v2/projects/1'));
    await query({ url: '/x', silent: true }, fakeApi(), {});
    expect(effects.showError).toHaveBeenCalledTimes(1);
  });

  it('a network failure shows the network message', async () => {
    const { query, effects } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await query('/x', fakeApi(), {});
    expect(result.error).toEqual({ status: 'NETWORK', message: 't(errors:http.network)' });
    expect(effects.showError).toHaveBeenCalledWith('t(errors:http.network)');
  });

  it('aborts after the timeout (120 s by default) with the timeout message', async () => {
    const hanging = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const { query, effects } = setup(hanging as unknown as () => Promise<Response>, { timeoutMs: 20 });
    const result = await query('/slow', fakeApi(), {});
    expect(result.error).toEqual({ status: 'TIMEOUT', message: 't(errors:http.timeout408)' });
    expect(effects.showError).toHaveBeenCalledWith('t(errors:http.timeout408)');
  });

  it('defaults the timeout to the contract constant of 120000 ms', async () => {
    vi.useFakeTimers();
    try {
      const hanging = (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      const { query } = setup(hanging as unknown as () => Promise<Response>);
      const pending = query('/slow', fakeApi(), {});
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void Promise.resolve(pending).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).error?.status).toBe('TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });
});
