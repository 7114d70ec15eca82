import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { IsInt, IsString, Min } from 'class-validator';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { AppError, errorText, EventTypes, type DefectEventPayload } from '@windward/contracts';
import { ServiceKitModule } from './service-kit.module.js';
import { SERVICE_KEEP_ALIVE_MS, bootstrapService, type StartedService } from './bootstrap.js';
import { CurrentUser, Public, RequireRights } from './auth/decorators.js';
import type { AuthUser } from './auth/auth-user.js';
import { EventPublisher } from './events/event-publisher.js';
import { OnEvent, type BusContext } from './events/bus-transport.js';
import { schemaOf } from './database/schema-of.js';
import { createTestDatabase, eventually, TestAuth, type TestDatabase } from './testing/index.js';

class ThingTable1763700000001 implements MigrationInterface {
  name = 'ThingTable1763700000001';
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE ${schemaOf(q)}.thing (id text PRIMARY KEY, severity int)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE ${schemaOf(q)}.thing`);
  }
}

class ThingDto {
  @IsString() name!: string;
  @IsInt() @Min(0) size!: number;
}

@Controller('gw/inspection/api/v2/test')
class TestController {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}
  @Public() @Get('public') open() {
    return { ok: true };
  }
  @Get('me') me(@CurrentUser() u: AuthUser) {
    return u;
  }
  @RequireRights('repairPlan.edit') @Get('guarded') guarded() {
    return { ok: true };
  }
  @Get('domain-error') domain() {
    throw new AppError('USERNAME_EXISTS');
  }
  @Get('crash') crash() {
    throw new Error('secret internal detail: password=hunter2');
  }
  @Post('validate') validate(@Body() dto: ThingDto) {
    return dto;
  }
  /** A domain change and its event in one transaction; this same service consumes the event. */
  @Post('defects') async defect(@Body() b: { id: string; severity: number; update?: boolean }) {
    const type = b.update ? EventTypes.InspectionDefectUpdated : EventTypes.InspectionDefectCreated;
    await this.ds.transaction((m) =>
      this.events.publish(m, type, b.id, { defectId: b.id, inspectionId: 'i1', severity: b.severity, dpsStatus: 2 }),
    );
    return { ok: true };
  }
  @OnEvent(EventTypes.InspectionDefectCreated)
  @OnEvent(EventTypes.InspectionDefectUpdated)
  async onDefect(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`INSERT INTO inspection.thing (id, severity) VALUES ($1, $2)`, [p.defectId, p.severity]);
  }
}

@Module({
  imports: [ServiceKitModule.forService({ service: 'inspection', entities: [], migrations: [ThingTable1763700000001] })],
  controllers: [TestController],
})
class TestModule {}

describe('service kit over real HTTP and a real PostgreSQL', () => {
  let db: TestDatabase;
  let auth: TestAuth;
  let svc: StartedService;
  let admin: string;

  before(async () => {
    db = await createTestDatabase();
    auth = await TestAuth.start();
    process.env.DATABASE_URL = db.url;
    process.env.LOG_LEVEL = 'silent';
    svc = await bootstrapService(TestModule, 'inspection', { port: 0 });
    admin = await auth.token({ roles: [100], rights: ['repairPlan.edit'] });
  });
  after(async () => {
    await svc.close();
    await auth.stop();
    await db.drop();
  });

  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(svc.url + path, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  test('/health reports the database and Swagger serves the API at /gw/<context>/docs', async () => {
    const h = await get('/health');
    assert.equal(h.status, 200);
    assert.deepEqual(await h.json(), { status: 'ok', service: 'inspection', database: 'up' });
    assert.equal((await get('/gw/inspection/health')).status, 200);
    const docs = await get('/gw/inspection/docs-json');
    assert.equal(docs.status, 200);
    const spec = (await docs.json()) as { paths: Record<string, unknown> };
    assert.ok(spec.paths['/gw/inspection/api/v2/test/guarded']);
  });

  test('idle connections are kept 65 s, longer than the gateway keeps them (60 s)', async () => {
    const { get: httpGet } = await import('node:http');
    const header = await new Promise<string | undefined>((resolve, reject) =>
      httpGet(svc.url + '/health', (res) => {
        res.resume();
        resolve(String(res.headers['keep-alive']));
      }).on('error', reject),
    );
    assert.equal(header, `timeout=${SERVICE_KEEP_ALIVE_MS / 1000}`);
    assert.ok(SERVICE_KEEP_ALIVE_MS > 60_000);
  });

  test('migrations ran into the service schema, never synchronize', async () => {
    const r = await fetch(svc.url + '/gw/inspection/api/v2/test/public');
    assert.equal(r.status, 200);
    const ds = svc.app.get(DataSource);
    const names = (await ds.query(`SELECT name FROM inspection.migrations ORDER BY id`)).map((x: { name: string }) => x.name);
    assert.deepEqual(names, ['KitInfra1763700000000', 'ThingTable1763700000001', 'KitEventOrder1764400004000']);
    assert.equal(ds.options.synchronize, false);
  });

  test('no token, a forged token or an expired token gets 401 with the catalogue code', async () => {
    for (const token of [undefined, 'not-a-jwt', await auth.token({}, '-1s')]) {
      const r = await get('/gw/inspection/api/v2/test/me', token);
      assert.equal(r.status, 401);
      assert.equal(((await r.json()) as { code: string }).code, 'UNAUTHORIZED');
    }
  });

  test('the guard reads the token from the Authorization header only (never the query string or body)', async () => {
    const fromQuery = await get(`/gw/inspection/api/v2/test/me?access_token=${encodeURIComponent(admin)}`);
    assert.equal(fromQuery.status, 401);
    assert.equal(((await fromQuery.json()) as { code: string }).code, 'UNAUTHORIZED');
    const fromBody = await fetch(svc.url + '/gw/inspection/api/v2/test/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: admin, name: 'abc', size: 1 }),
    });
    assert.equal(fromBody.status, 401);
    // the scheme is case-insensitive (RFC 6750 §2.1)
    assert.equal((await get('/gw/inspection/api/v2/test/me', undefined, { authorization: `bearer ${admin}` })).status, 200);
  });

  test('a missing right gets 403 NO_ACCESS_RIGHTS; the right lets the call through', async () => {
    const labeler = await auth.token({ roles: [4], rights: ['menu.qaCenter'] });
    const denied = await get('/gw/inspection/api/v2/test/guarded', labeler);
    assert.equal(denied.status, 403);
    assert.equal(((await denied.json()) as { code: string }).code, 'NO_ACCESS_RIGHTS');
    assert.equal((await get('/gw/inspection/api/v2/test/guarded', admin)).status, 200);
  });

  test('domain errors become {code, message} in the request locale with the catalogue status', async () => {
    const en = await get('/gw/inspection/api/v2/test/domain-error', admin);
    const zh = await get('/gw/inspection/api/v2/test/domain-error', admin, { locale: 'zh_cn' });
    const enBody = (await en.json()) as { code: string; message: string };
    const zhBody = (await zh.json()) as { code: string; message: string };
    assert.equal(en.status, 409);
    assert.deepEqual(enBody, { code: 'USERNAME_EXISTS', message: errorText('USERNAME_EXISTS', 'en_us') });
    assert.equal(zhBody.message, errorText('USERNAME_EXISTS', 'zh_cn'));
    assert.notEqual(zhBody.message, enBody.message);
  });

  test('an unexpected error is a 500 that hides internals and carries a correlation id', async () => {
    const r = await get('/gw/inspection/api/v2/test/crash', admin, { 'x-request-id': 'corr-123' });
    assert.equal(r.status, 500);
    const text = await r.text();
    assert.doesNotMatch(text, /hunter2|secret internal/);
    const body = JSON.parse(text) as { code: string; correlationId: string };
    assert.equal(body.code, 'INTERNAL_ERROR');
    assert.equal(body.correlationId, 'corr-123');
    assert.equal(r.headers.get('x-request-id'), 'corr-123');
  });

  test('invalid bodies are refused with VALIDATION_FAILED and the failing fields', async () => {
    const r = await fetch(svc.url + '/gw/inspection/api/v2/test/validate', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', size: -1 }),
    });
    assert.equal(r.status, 400);
    const body = (await r.json()) as { code: string; details: { field: string }[] };
    assert.equal(body.code, 'VALIDATION_FAILED');
    assert.deepEqual(
      body.details.map((d) => d.field),
      ['size'],
    );
  });

  // The services run on Fastify (docs/architecture.md); these are the express rules clients rely on.
  test('paths match whatever their case and with a trailing slash, as they did on express', async () => {
    for (const path of ['/gw/inspection/api/v2/test/me', '/GW/Inspection/api/v2/TEST/me', '/gw/inspection/api/v2/test/me/']) {
      const r = await get(path, admin);
      assert.equal(r.status, 200, path);
      assert.equal(((await r.json()) as AuthUser).userId !== undefined, true, path);
    }
    const missing = await get('/gw/inspection/api/v2/test/nothing-here', admin);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: string }).code, 'NOT_FOUND');
  });

  test('bodies: an empty JSON body is {}, a scalar or broken one is a 400, another type is not parsed', async () => {
    const post = (body: string, type: string) =>
      fetch(svc.url + '/gw/inspection/api/v2/test/validate', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': type },
        body,
      });
    const empty = await post('', 'application/json');
    assert.equal(empty.status, 400);
    const fields = ((await empty.json()) as { details: { field: string }[] }).details.map((d) => d.field).sort();
    assert.deepEqual(fields, ['name', 'size'], 'validated as {}');
    for (const bad of ['"text"', '{"name": ', '42']) {
      const r = await post(bad, 'application/json');
      assert.equal(r.status, 400, bad);
      const b = (await r.json()) as { code: string; details: { reason: string }[] };
      assert.equal(b.code, 'VALIDATION_FAILED', bad);
      assert.equal(b.details[0]!.reason, 'entity.parse.failed', bad);
    }
    // A type no parser takes (text, multipart before its interceptor) is left unread, not a 415.
    const text = await post('name=x', 'text/plain');
    assert.equal(text.status, 400);
    assert.equal(((await text.json()) as { code: string }).code, 'VALIDATION_FAILED');
    const ok = await post(JSON.stringify({ name: 'x', size: 1 }), 'application/json; charset=utf-8');
    assert.equal(ok.status, 201);
    assert.deepEqual(await ok.json(), { name: 'x', size: 1 });
  });

  test('@EventPattern handlers receive events published through the outbox', async () => {
    const r = await fetch(svc.url + '/gw/inspection/api/v2/test/defects', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'd-1', severity: 4 }),
    });
    assert.equal(r.status, 201);
    const ds = svc.app.get(DataSource);
    const [row] = await eventually(async () => {
      const rows = await ds.query(`SELECT severity FROM inspection.thing WHERE id = 'd-1'`);
      return rows.length ? rows : null;
    });
    assert.equal(row.severity, 4);
    // The second, stacked @OnEvent on the same handler is registered too.
    await fetch(svc.url + '/gw/inspection/api/v2/test/defects', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'd-2', severity: 1, update: true }),
    });
    await eventually(async () => (await ds.query(`SELECT 1 FROM inspection.thing WHERE id = 'd-2'`)).length === 1);
  });

  test('dead letters are listed for administrators only', async () => {
    const labeler = await auth.token({ roles: [4], rights: [] });
    assert.equal((await get('/gw/inspection/api/v2/admin/dead-letters', labeler)).status, 403);
    const r = await get('/gw/inspection/api/v2/admin/dead-letters', admin);
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { results: [], totalCount: 0 });
    // replay and set-aside: administrators only; an unknown dead letter is 404
    for (const action of ['replay', 'set-aside']) {
      const post = (token: string) =>
        fetch(`${svc.url}/gw/inspection/api/v2/admin/dead-letters/9999/${action}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
      assert.equal((await post(labeler)).status, 403);
      const missing = await post(admin);
      assert.equal(missing.status, 404);
      assert.equal(((await missing.json()) as { code: string }).code, 'NOT_FOUND');
    }
  });
});
