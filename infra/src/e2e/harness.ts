import path from 'node:path';
import { apiClient, createTestDatabase, type ApiRequest, type TestDatabase } from '@windward/service-kit/testing';
import type { Platform, PlatformOptions } from '../launcher/platform.js';
import {
  buildE2eTemplate,
  copyE2eTemplate,
  E2E_ROOT,
  removeE2eCopy,
  startPlatformForTests,
  takeHandedE2eCopy,
  templateFromEnv,
  type E2eCopy,
} from './template.js';

export interface TestPlatform extends Platform {
  db: TestDatabase;
  logs: string[];
  /** fetch against the gateway with JSON helpers. */
  api(path: string, init?: ApiRequest): Promise<Response>;
  login(username: string, password: string): Promise<string>;
}

/** The console's OAuth client (the demo's web client). */
export const WEB_CLIENT_ID = 'windward-web';
export const WEB_BASIC = `Basic ${Buffer.from(`${WEB_CLIENT_ID}:windward-web-secret`).toString('base64')}`;

/** Headers and form body of the password grant the console's login form sends (`POST /oauth/token`). */
export const passwordGrantRequest = (username: string, password: string) => ({
  headers: { authorization: WEB_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'password', username, password, scope: '' }).toString(),
});

/** The password grant the console's login form sends, as the web client: the token response. */
export async function passwordGrant(
  baseUrl: string,
  username: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const r = await fetch(`${baseUrl}/oauth/token`, { method: 'POST', ...passwordGrantRequest(username, password) });
  if (r.status !== 200) throw new Error(`sign-in of ${username} failed: ${r.status} ${await r.text()}`);
  return (await r.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

export interface TestPlatformOptions extends Partial<PlatformOptions> {
  /**
   * Boot on an empty database and seed the demo data, exactly as `npm start` does. By default a
   * test starts from a copy of the settled demo data (see template.ts), which `npm test` builds
   * once per run; a file run on its own builds (and drops) its own.
   */
  fromScratch?: boolean;
}

/**
 * One platform for every file of an e2e group (group.ts): set by the group runner. A file that
 * asks for the default platform gets the group's, started by the first file that asks; its
 * `stop()` leaves it running and the runner stops it once the group is done. A file with options
 * of its own (Kafka, other settings, from scratch) still gets a platform of its own.
 */
let group: { platform: Promise<TestPlatform> | null } | null = null;

export function shareOnePlatform(): void {
  group = { platform: null };
}

export async function stopSharedPlatform(): Promise<void> {
  const p = await group?.platform?.catch(() => null);
  if (group) group.platform = null;
  await p?.stop();
}

/** The whole platform on its own database, file store and free ports, driven through its gateway. */
export async function startTestPlatform(o: TestPlatformOptions = {}): Promise<TestPlatform> {
  if (group && Object.keys(o).length === 0) {
    group.platform ??= startOwnPlatform();
    const shared = await group.platform;
    return { ...shared, stop: async () => {} };
  }
  return startOwnPlatform(o);
}

async function startOwnPlatform(o: TestPlatformOptions = {}): Promise<TestPlatform> {
  let db: TestDatabase;
  let dataDir: string;
  let dropTemplate = async () => {};
  let handed: E2eCopy | null = null;
  if (o.fromScratch) {
    db = await createTestDatabase();
    dataDir = path.join(E2E_ROOT, db.name);
  } else if ((handed = takeHandedE2eCopy())) {
    ({ db, dataDir } = handed);
  } else {
    let template = templateFromEnv();
    if (!template) {
      const built = await buildE2eTemplate();
      template = built;
      dropTemplate = built.drop;
    }
    ({ db, dataDir } = await copyE2eTemplate(template));
  }
  const logs: string[] = [];
  const { fromScratch: _fromScratch, ...rest } = o;
  const platform = await startPlatformForTests(db.url, dataDir, { log: (l) => logs.push(l), ...rest });
  const api: TestPlatform['api'] = apiClient(platform.url);
  const login = async (username: string, password: string) => (await passwordGrant(platform.url, username, password)).access_token;
  return {
    ...platform,
    db,
    logs,
    api,
    login,
    stop: async () => {
      await platform.stop();
      if (!handed) await removeE2eCopy({ db, dataDir });
      await dropTemplate();
    },
  };
}
