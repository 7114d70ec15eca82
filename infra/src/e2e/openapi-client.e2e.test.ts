import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { WEB_BASIC, startTestPlatform, type TestPlatform } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVICES = ['identity', 'asset', 'inspection'] as const;

/**
 * What an outside integrator (a CMMS, a drone vendor) does with our API: generate a typed client
 * from the committed OpenAPI documents alone (openapi-typescript + openapi-fetch, not our own
 * tooling), compile it strictly, and use it to sign in, list parks and read a defect. A document
 * missing a schema the client relies on fails the compile; a wrong one fails at run time.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths as IdentityPaths } from './identity.js';
import type { paths as AssetPaths } from './asset.js';
import type { paths as InspectionPaths } from './inspection.js';

export async function run(baseUrl: string, basic: string, username: string, password: string) {
  const identity = createClient<IdentityPaths>({ baseUrl });
  // The document's basic scheme: the client credential in the Authorization header.
  const token = await identity.POST('/oauth/token', {
    headers: { authorization: basic },
    body: { grant_type: 'password', username, password },
  });
  if (!token.data) throw new Error('sign-in failed: ' + JSON.stringify(token.error));
  const accessToken: string = token.data.access_token;
  const headers = { authorization: 'Bearer ' + accessToken };

  const asset = createClient<AssetPaths>({ baseUrl, headers });
  const parks = await asset.GET('/context/api/v1/plants', { params: { query: { pageIndex: 1, pageSize: 50, fieldToSort: 'windFarmName' } } });
  if (!parks.data) throw new Error('park list failed: ' + JSON.stringify(parks.error));
  const parkNames: string[] = parks.data.results.map((p) => p.windFarmName);
  const totalParks: number = parks.data.totalCount;

  const inspection = createClient<InspectionPaths>({ baseUrl, headers });
  // The defect list is per park, turbine or inspection (its summary says so): the first park with one.
  let first: { defectId: string } | undefined;
  for (const park of parks.data.results) {
    const defects = await inspection.GET('/gw/inspection/api/v2/defects', { params: { query: { windFarmId: park.windFarmId, pageIndex: 1, pageSize: 5 } } });
    if (!defects.data) throw new Error('defect list failed: ' + JSON.stringify(defects.error));
    first = defects.data.results[0];
    if (first) break;
  }
  if (!first) throw new Error('no defect to read');
  const defect = await inspection.GET('/gw/inspection/api/v2/defects/{defectId}', { params: { path: { defectId: first.defectId } } });
  if (!defect.data) throw new Error('defect read failed: ' + JSON.stringify(defect.error));
  const missing = await inspection.GET('/gw/inspection/api/v2/defects/{defectId}', { params: { path: { defectId: '00000000-0000-4000-8000-000000000000' } } });
  const errorCode = missing.error?.code;
  return { accessToken, parkNames, totalParks, defectId: defect.data.defectId, listedDefectId: first.defectId, missingStatus: missing.response.status, errorCode };
}
`;

let p: TestPlatform;
let dir: string;

before(async () => {
  p = await startTestPlatform();
  // Inside the repository, so the generated client resolves openapi-fetch like any project would.
  dir = path.join(root, '.data', 'openapi-client', randomUUID());
  await mkdir(dir, { recursive: true });
});

after(async () => {
  await p?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a client generated from the committed OpenAPI documents signs in, lists parks and reads a defect', async () => {
  for (const service of SERVICES) {
    const doc = JSON.parse(await readFile(path.join(root, 'services', service, 'openapi.json'), 'utf8'));
    await writeFile(path.join(dir, `${service}.ts`), astToString(await openapiTS(doc)));
  }
  await writeFile(path.join(dir, 'client.ts'), CLIENT);

  // Strict compile: the generated types must describe every field the client reads.
  const files = ['client.ts', ...SERVICES.map((s) => `${s}.ts`)].map((f) => path.join(dir, f));
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    skipLibCheck: true,
    noEmit: true,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(diagnostics, [], 'the generated client compiles');

  const js = ts.transpileModule(CLIENT, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  await writeFile(path.join(dir, 'client.mjs'), js);
  const { run } = (await import(pathToFileURL(path.join(dir, 'client.mjs')).href)) as {
    run: (baseUrl: string, basic: string, u: string, pw: string) => Promise<Record<string, unknown>>;
  };
  const r = await run(p.url, WEB_BASIC, 'admin', 'Wind@2026');

  assert.equal(typeof r.accessToken, 'string');
  const sql = new pg.Client({ connectionString: p.db.url });
  await sql.connect();
  const { rows: parks } = await sql.query<{ name: string }>(`SELECT name FROM asset.wind_park ORDER BY name`).finally(() => sql.end());
  assert.equal(r.totalParks, parks.length);
  assert.deepEqual(r.parkNames, parks.map((x) => x.name).slice(0, 50));
  assert.equal(r.defectId, r.listedDefectId);
  assert.equal(r.missingStatus, 404);
  assert.equal(r.errorCode, 'NOT_FOUND');
});
