import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { REQUEST_TIMEOUT_MS, type Locale } from '@/shared/contracts';
import { loadErrorCatalogue, type LookupMessage } from './errorCatalogue';

export type Primitive = string | number | boolean;

/** What an endpoint hands to the base query (SPEC §7: method, path, query params, body). */
export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, Primitive | Primitive[] | null | undefined>;
  /** JSON body. */
  body?: unknown;
  /** application/x-www-form-urlencoded body (the OAuth calls). */
  form?: Record<string, string>;
  /** Extra or overriding headers (e.g. `Authorization: Basic …`, `client-id`). */
  headers?: Record<string, string>;
  /** Do not show a message for a failure: the caller shows it (e.g. inline on the login form). */
  silent?: boolean;
  /** 403 resolves with `null` instead of notifying (SPEC §8 "returns null when a flag says so"). */
  nullOn403?: boolean;
  /** A sign-in call (OAuth): a 401 is a wrong credential, not an expired session. */
  authFlow?: boolean;
}

export interface ApiError {
  status: number | 'TIMEOUT' | 'NETWORK';
  /** The response body, when there was one. */
  data?: unknown;
  /** A display-ready, localised message. */
  message: string;
}

export interface HeaderContext {
  locale: Locale;
  clientId: string | null;
  accessToken: string | null;
}

/** Headers every request carries (SPEC §7); per-call headers override. */
export function buildHeaders(ctx: HeaderContext, args: Pick<RequestArgs, 'headers' | 'body' | 'form'>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    locale: ctx.locale,
  };
  if (ctx.clientId) headers['client-id'] = ctx.clientId;
  if (ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
  if (args.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  else if (args.body !== undefined) headers['Content-Type'] = 'application/json';
  return { ...headers, ...(args.headers ?? {}) };
}

export function buildUrl(url: string, params?: RequestArgs['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

export function encodeForm(form: Record<string, string>): string {
  return new URLSearchParams(form).toString();
}

export type Translate = (key: string) => string;

/** The decision for one HTTP status (SPEC §8), free of side effects. */
export type Outcome =
  | { kind: 'data'; data: unknown }
  | { kind: 'unauthorized'; error: ApiError }
  | { kind: 'forbidden'; error: ApiError }
  | { kind: 'rejected'; error: ApiError }
  | { kind: 'failed'; error: ApiError };

export function interpretResponse(
  status: number,
  body: unknown,
  ctx: { locale: Locale; path: string; nullOn403?: boolean; authFlow?: boolean; t: Translate; lookup: LookupMessage },
): Outcome {
  const lookupMessage = ctx.lookup;
  if (status >= 200 && status < 300) return { kind: 'data', data: body };
  switch (status) {
    case 401:
      if (ctx.authFlow) return { kind: 'failed', error: { status, data: body, message: lookupMessage(body, ctx.locale, ctx.path) } };
      return { kind: 'unauthorized', error: { status, data: body, message: lookupMessage(body, ctx.locale, ctx.path) } };
    case 403:
      if (ctx.nullOn403) return { kind: 'data', data: null };
      return { kind: 'forbidden', error: { status, data: body, message: ctx.t('errors:http.noAccessRights') } };
    case 404:
      return { kind: 'rejected', error: { status, data: body, message: lookupMessage(body, ctx.locale, ctx.path) } };
    case 408:
      return { kind: 'failed', error: { status, data: body, message: ctx.t('errors:http.timeout408') } };
    default:
      return { kind: 'failed', error: { status, data: body, message: lookupMessage(body, ctx.locale, ctx.path) } };
  }
}

/** The side effects of the status handling; injected so that the base query stays testable. */
export interface Effects {
  /** 401: remember the current hash, clear the session, redirect once to #/before-login. */
  onUnauthorized: (api: BaseQueryApi) => void;
  /** 403: antd notification "Tip" / "No access rights". */
  notifyForbidden: (title: string, description: string) => void;
  /** A failure message (408, network, other errors). */
  showError: (message: string) => void;
}

export interface BaseQueryDeps {
  fetchImpl?: typeof fetch;
  getLocale: () => Locale;
  getAccessToken: () => string | null;
  getClientId: () => string | null;
  t: Translate;
  effects: Effects;
  timeoutMs?: number;
  /** Renews the access token (refresh grant); true when a new one was stored. */
  renewAccess?: () => Promise<boolean>;
  /** The error catalogue's lookup, loaded on the first failed call (default: its own chunk). */
  loadLookup?: () => Promise<LookupMessage>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Result = Awaited<ReturnType<BaseQueryFn<RequestArgs | string, unknown, ApiError>>>;

export function createBaseQuery(deps: BaseQueryDeps): BaseQueryFn<RequestArgs | string, unknown, ApiError> {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const query = async (rawArgs: RequestArgs | string, api: BaseQueryApi, renewed = false): Promise<Result> => {
    const args: RequestArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
    const locale = deps.getLocale();
    const headers = buildHeaders(
      { locale, clientId: deps.getClientId(), accessToken: deps.getAccessToken() },
      args,
    );
    const url = buildUrl(args.url, args.params);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => controller.abort();
    api.signal?.addEventListener('abort', onAbort);

    let response: Response;
    try {
      response = await (deps.fetchImpl ?? fetch)(url, {
        method: args.method ?? 'GET',
        headers,
        body: args.form ? encodeForm(args.form) : args.body !== undefined ? JSON.stringify(args.body) : undefined,
        signal: controller.signal,
      });
    } catch {
      clearTimeout(timer);
      api.signal?.removeEventListener('abort', onAbort);
      const error: ApiError = timedOut
        ? { status: 'TIMEOUT', message: deps.t('errors:http.timeout408') }
        : { status: 'NETWORK', message: deps.t('errors:http.network') };
      if (!args.silent && !api.signal?.aborted) deps.effects.showError(error.message);
      return { error };
    }

    let body: unknown;
    try {
      body = await readBody(response);
    } finally {
      clearTimeout(timer);
      api.signal?.removeEventListener('abort', onAbort);
    }

    // The catalogue (SPEC §8 texts, both languages) is needed only to word a failure.
    const ok = response.status >= 200 && response.status < 300;
    const lookup = ok ? unused : await (deps.loadLookup ?? loadErrorCatalogue)().catch(() => networkText(deps.t));
    const outcome = interpretResponse(response.status, body, {
      locale,
      path: args.url,
      nullOn403: args.nullOn403,
      authFlow: args.authFlow,
      t: deps.t,
      lookup,
    });
    switch (outcome.kind) {
      case 'data':
        return { data: outcome.data };
      case 'unauthorized':
        // Roles, rights or data scope changed (issue #16): the session goes on. Renew the access
        // token once and repeat the call; only if that fails is it the usual 401.
        if (!renewed && deps.renewAccess && codeOf(body) === 'ACCESS_CHANGED' && (await deps.renewAccess())) {
          return query(rawArgs, api, true);
        }
        deps.effects.onUnauthorized(api);
        return { error: outcome.error };
      case 'forbidden':
        if (!args.silent) deps.effects.notifyForbidden(deps.t('errors:http.tip'), outcome.error.message);
        return { error: outcome.error };
      case 'rejected':
        return { error: outcome.error };
      case 'failed':
        if (!args.silent) deps.effects.showError(outcome.error.message);
        return { error: outcome.error };
    }
  };
  return (rawArgs, api) => query(rawArgs, api);
}

const unused: LookupMessage = () => '';

/** Without the catalogue's chunk (the network failed meanwhile) a failure reads as a network one. */
function networkText(t: Translate): LookupMessage {
  return () => t('errors:http.network');
}

function codeOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
}

export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && 'message' in value && 'status' in value;
}
