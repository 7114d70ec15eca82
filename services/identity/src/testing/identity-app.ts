import { DataSource } from 'typeorm';
import { bootstrapService, type StartedService } from '@windward/service-kit';
import { apiClient, createTestDatabase, migratedTemplate, type ApiRequest, type TestDatabase } from '@windward/service-kit/testing';

export const WEB_BASIC = `Basic ${Buffer.from('windward-web:windward-web-secret').toString('base64')}`;
export const ADMIN_PASSWORD = 'Wind@2026';

export interface IdentityApp {
  url: string;
  db: TestDatabase;
  /** The service's own data source, for checking what was (not) stored. */
  sql: DataSource;
  api(path: string, init?: ApiRequest): Promise<Response>;
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
  stop(): Promise<void>;
}

/**
 * The identity service in this process on a fresh database and a free port. `env` is applied
 * before the app module is loaded, because token lifetimes and SSO settings are read at start.
 */
export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityApp> {
  const settings = (url: string) => Object.assign(process.env, { DATABASE_URL: url, LOG_LEVEL: 'error', BUS_RETRY_BASE_MS: '50', ...env });
  const { AppModule } = await import('../app.module.js');
  // A copy of a database identity has already started on once in this process with these settings
  // (migrated, seeded): migrating and seeding for every file cost most of a file's time.
  const template = await migratedTemplate(`identity ${JSON.stringify(env)}`, async (url) => {
    settings(url);
    await (await bootstrapService(AppModule, 'identity', { port: 0 })).close();
  });
  const db = await createTestDatabase({ template });
  settings(db.url);
  const svc: StartedService = await bootstrapService(AppModule, 'identity', { port: 0 });
  const sql = svc.app.get(DataSource);
  const api: IdentityApp['api'] = apiClient(svc.url);
  const login: IdentityApp['login'] = async (username, password) => {
    const r = await api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grant_type: 'password', username, password, scope: '' },
    });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { access_token: string; refresh_token: string; expires_in: number };
  };
  return {
    url: svc.url,
    db,
    sql,
    api,
    login,
    stop: async () => {
      await svc.close();
      await db.drop();
    },
  };
}
