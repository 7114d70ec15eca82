import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  name: string;
  preferredUsername?: string;
}

export interface RealOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Runs the browser part of the authorization-code flow with plain fetch; returns the code. */
  authorize(accountId: string, extra?: Record<string, string>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback, with its development
 * login and consent interactions and a fixed set of accounts.
 */
export async function startOidcProvider(accounts: Record<string, TestAccount>): Promise<RealOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_q, s) => s.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'windward-sso';
  const clientSecret = 'sso-client-secret-for-tests';
  const redirectUri = 'http://sso.windward.test/casdoor-callback';
  const postLogoutRedirectUri = 'http://sso.windward.test/casdoor-logout-callback';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Return the profile and e-mail claims in the id token itself (identity reads them from there).
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      const a = accounts[sub];
      if (!a) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: a.email,
            email_verified: true,
            name: a.name,
            ...(a.preferredUsername ? { preferred_username: a.preferredUsername } : {}),
          };
        },
      };
    },
  });
  handler = provider.callback();

  const authorize = async (accountId: string, extra: Record<string, string> = {}) => {
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      return res;
    };
    const follow = (res: Response) => new URL(res.headers.get('location')!, issuer).toString();
    const auth = new URL('/auth', issuer);
    Object.entries({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      ...extra,
    }).forEach(([k, v]) => auth.searchParams.set(k, v));
    let res = await go(auth.toString());
    // login, then consent, each: interaction page → submit → resume at /auth/:uid
    for (const prompt of ['login', 'consent']) {
      const interaction = follow(res);
      const page = await go(interaction);
      if (page.status !== 200) throw new Error(`interaction page: ${page.status}`);
      await page.text();
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
      const submitted = await go(interaction, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      res = await go(follow(submitted));
    }
    const callback = new URL(follow(res));
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${callback.toString()}`);
    return code;
  };

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    postLogoutRedirectUri,
    authorize,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
