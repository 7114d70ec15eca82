import { vi } from 'vitest';

/** One request a fake server saw. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body of a write (the raw text when it is not JSON). */
  body: unknown;
  raw: string | undefined;
  headers?: Record<string, string>;
  /** A multipart body (uploads). */
  form?: FormData;
}

/**
 * A fetch double for the per-feature fake servers: every request is parsed, recorded in `calls`
 * and handed to `route` for its answer.
 */
export function recordingFetch(route: (call: FakeCall, url: URL) => Response | Promise<Response>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const call: FakeCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body,
      raw,
      headers: init?.headers as Record<string, string> | undefined,
      ...(init?.body instanceof FormData ? { form: init.body } : {}),
    };
    calls.push(call);
    return route(call, url);
  });
  return { fetchMock, calls };
}
