export type ApiRequest = RequestInit & { token?: string; json?: unknown; form?: Record<string, string>; locale?: string };

/** `fetch` against one base URL with the helpers tests need: Bearer token, JSON or form body, locale header. */
export function apiClient(baseUrl: string) {
  return (path: string, init: ApiRequest = {}): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.locale) headers.locale = init.locale;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    return fetch(baseUrl + path, { ...init, headers, body });
  };
}
