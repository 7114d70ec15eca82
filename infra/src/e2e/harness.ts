import { apiClient, createTestDatabase, type ApiRequest, type TestDatabase } from '@windward/service-kit/testing';
import { startPlatform, type Platform, type PlatformOptions } from '../launcher/platform.js';

export interface TestPlatform extends Platform {
  db: TestDatabase;
  logs: string[];
  /** fetch against the gateway with JSON helpers. */
  api(path: string, init?: ApiRequest): Promise<Response>;
  login(username: string, password: string): Promise<string>;
}

export const WEB_BASIC = `Basic ${Buffer.from('windward-web:windward-web-secret').toString('base64')}`;

/** The whole platform on a fresh database and free ports, driven through its gateway. */
export async function startTestPlatform(o: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  const db = await createTestDatabase();
  const logs: string[] = [];
  // Below 32768: Linux hands out ephemeral ports above it, and a client socket there would take our port.
  const portBase = 20000 + (process.pid % 1200) * 10;
  const platform = await startPlatform({
    databaseUrl: db.url,
    portBase,
    gatewayPort: portBase + 9,
    seedDemo: true,
    env: { LOG_LEVEL: 'warn', BUS_RETRY_BASE_MS: '50', ...(o.env ?? {}) },
    log: (l) => logs.push(l),
    ...o,
  });
  const api: TestPlatform['api'] = apiClient(platform.url);
  const login = async (username: string, password: string) => {
    const r = await api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grant_type: 'password', username, password, scope: '' },
    });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { access_token: string }).access_token;
  };
  return {
    ...platform,
    db,
    logs,
    api,
    login,
    stop: async () => {
      await platform.stop();
      await db.drop();
    },
  };
}
