import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Body, Controller, Get, Module, Patch, Post, Query } from '@nestjs/common';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { errorText } from '@windward/contracts';
import { ServiceKitModule } from './service-kit.module.js';
import { bootstrapService, type StartedService } from './bootstrap.js';
import { IdParam } from './http/dto.js';
import { JSON_BODY_LIMIT_MB, JSON_MAX_DEPTH, jsonDeeperThan } from './http/input-limits.js';
import { schemaOf } from './database/schema-of.js';
import { createTestDatabase, TestAuth, type TestDatabase } from './testing/index.js';

class GadgetTable1764150000001 implements MigrationInterface {
  name = 'GadgetTable1764150000001';
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE ${schemaOf(q)}.gadget (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, size int NOT NULL)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE ${schemaOf(q)}.gadget`);
  }
}

class GadgetDto {
  @IsString() @MaxLength(50) name!: string;
  // Deliberately no @Max: the database's column range is the last line (1e20 is an integer to JS).
  @IsInt() size!: number;
}
class GadgetPatchDto {
  @IsOptional() @IsString() name?: string;
}

/** Endpoints that take input the way the services do; the kit must refuse bad input with a coded 4xx. */
@Controller('gw/inspection/api/v2/hardening')
class GadgetController {
  constructor(private readonly ds: DataSource) {}
  @Post('gadgets') async create(@Body() dto: GadgetDto) {
    const [row] = (await this.ds.query(`INSERT INTO inspection.gadget (name, size) VALUES ($1, $2) RETURNING id`, [dto.name, dto.size])) as { id: string }[];
    return row;
  }
  /** Query ids go to SQL as they come: a non-UUID is refused by the database, which must be a 400. */
  @Get('gadgets') async list(@Query('customerId') customerId?: string) {
    return this.ds.query(`SELECT id FROM inspection.gadget WHERE ($1::uuid IS NULL OR id = $1::uuid)`, [customerId ?? null]);
  }
  @Patch('gadgets/:id') async patch(@IdParam() id: string, @Body() dto: GadgetPatchDto) {
    await this.ds.query(`UPDATE inspection.gadget SET name = coalesce($2, name) WHERE id = $1`, [id, dto.name ?? null]);
    return {};
  }
}

@Module({
  imports: [ServiceKitModule.forService({ service: 'inspection', entities: [], migrations: [GadgetTable1764150000001] })],
  controllers: [GadgetController],
})
class HardeningModule {}

describe('service kit hardening: bad input over real HTTP (issue #16)', () => {
  let db: TestDatabase;
  let auth: TestAuth;
  let svc: StartedService;
  let token: string;

  before(async () => {
    db = await createTestDatabase();
    auth = await TestAuth.start();
    process.env.DATABASE_URL = db.url;
    process.env.LOG_LEVEL = 'silent';
    // Small limits so the 429s can be seen; the defaults are generous (docs/security.md).
    process.env.RATE_LIMIT_USER_PER_MINUTE = '40';
    process.env.RATE_LIMIT_IP_PER_MINUTE = '120';
    svc = await bootstrapService(HardeningModule, 'inspection', { port: 0 });
    delete process.env.RATE_LIMIT_USER_PER_MINUTE;
    delete process.env.RATE_LIMIT_IP_PER_MINUTE;
    token = await auth.token({ roles: [100], rights: [] });
  });
  after(async () => {
    await svc?.close();
    await auth?.stop();
    await db?.drop();
  });

  const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(`${svc.url}/gw/inspection/api/v2/hardening${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body,
    });
  const rows = async () => Number((await svc.app.get(DataSource).query(`SELECT count(*)::int AS n FROM inspection.gadget`))[0].n);
  const validationFailed = async (r: Response, locale = 'en_us') => {
    assert.equal(r.status, 400, await r.clone().text());
    const b = (await r.json()) as { code: string; message: string };
    assert.equal(b.code, 'VALIDATION_FAILED');
    assert.equal(b.message, errorText('VALIDATION_FAILED', locale as 'en_us'));
  };

  test('the depth scan counts brackets outside strings only', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    assert.equal(jsonDeeperThan(enc('{"a":[[1]]}'), 3), false);
    assert.equal(jsonDeeperThan(enc('{"a":[[[1]]]}'), 3), true);
    assert.equal(jsonDeeperThan(enc(JSON.stringify({ a: '[[[[[[{{{{\\"' })), 2), false);
  });

  test('JSON nested thousands of levels deep is a 400, the service stays up, nothing stored', async () => {
    const deep = `{"name":"x","size":1,"extra":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    await validationFailed(await call('POST', '/gadgets', deep));
    const justTooDeep = `{"name":"x","size":1,"extra":${'{"a":'.repeat(JSON_MAX_DEPTH)}1${'}'.repeat(JSON_MAX_DEPTH)}}`;
    await validationFailed(await call('POST', '/gadgets', justTooDeep, { locale: 'zh_cn' }), 'zh_cn');
    assert.equal((await fetch(`${svc.url}/health`)).status, 200);
    assert.equal(await rows(), 0);
  });

  test('integers beyond the column range and malformed JSON are 400s; nothing stored', async () => {
    await validationFailed(await call('POST', '/gadgets', JSON.stringify({ name: 'big', size: 1e20 })));
    await validationFailed(await call('POST', '/gadgets', JSON.stringify({ name: 'big', size: 2 ** 31 })));
    await validationFailed(await call('POST', '/gadgets', '{"name": "x", "size": 1'));
    assert.equal(await rows(), 0);
    assert.equal((await call('POST', '/gadgets', JSON.stringify({ name: 'ok', size: 2 ** 31 - 1 }))).status, 201);
    assert.equal(await rows(), 1);
  });

  test('non-UUID ids in query parameters and paths are coded 4xx, never 500', async () => {
    for (const bad of ["' OR 1=1;--", '1,2', '%00']) {
      await validationFailed(await call('GET', `/gadgets?customerId=${encodeURIComponent(bad)}`));
    }
    const r = await call('PATCH', `/gadgets/${encodeURIComponent("1' OR '1'='1")}`, JSON.stringify({ name: 'y' }));
    assert.equal(r.status, 404);
    assert.equal(((await r.json()) as { code: string }).code, 'NOT_FOUND');
  });

  test('unknown fields in a PATCH are refused, not dropped; nothing changed', async () => {
    const [{ id }] = (await (await call('GET', '/gadgets')).json()) as { id: string }[];
    const r = await call('PATCH', `/gadgets/${id}`, JSON.stringify({ name: 'changed', size: 5, isAdmin: true }));
    await validationFailed(r);
    const [row] = (await svc.app.get(DataSource).query(`SELECT name, size FROM inspection.gadget WHERE id = $1`, [id])) as { name: string; size: number }[];
    assert.deepEqual(row, { name: 'ok', size: 2 ** 31 - 1 });
  });

  test('a JSON body over the limit says the real limit in the request language', async () => {
    const big = JSON.stringify({ name: 'x', size: 1, pad: 'a'.repeat(JSON_BODY_LIMIT_MB * 1024 * 1024 + 10) });
    for (const locale of ['en_us', 'zh_cn'] as const) {
      const r = await call('POST', '/gadgets', big, { locale });
      assert.equal(r.status, 413);
      const b = (await r.json()) as { code: string; message: string };
      assert.deepEqual(b, { code: 'BODY_TOO_LARGE', message: errorText('BODY_TOO_LARGE', locale, { maxMb: JSON_BODY_LIMIT_MB }) });
      assert.ok(!b.message.includes('{'), b.message);
      assert.ok(b.message.includes(String(JSON_BODY_LIMIT_MB)), b.message);
    }
    assert.equal(await rows(), 1);
  });

  test('API answers carry the security headers, no x-powered-by, and are not cached', async () => {
    for (const r of [await call('GET', '/gadgets'), await call('POST', '/gadgets', '{'), await fetch(`${svc.url}/gw/inspection/api/v2/hardening/gadgets`)]) {
      assert.equal(r.headers.get('x-powered-by'), null);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(r.headers.get('cache-control'), 'no-store');
      // Never revalidated, so no ETag hashed per answer.
      assert.equal(r.headers.get('etag'), null);
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
      assert.match(r.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    }
  });

  test('a signed-in user over the per-user limit gets 429 with Retry-After; others are not affected', async () => {
    const busy = await auth.token({ sub: 'busy-user', roles: [100] });
    const calm = await auth.token({ sub: 'calm-user', roles: [100] });
    let limited: Response | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const r = await fetch(`${svc.url}/gw/inspection/api/v2/hardening/gadgets`, { headers: { authorization: `Bearer ${busy}`, locale: 'zh_cn' } });
      if (r.status === 429) limited = r;
      else await r.arrayBuffer();
    }
    assert.ok(limited, 'no 429 within 60 requests');
    const wait = Number(limited.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60, String(wait));
    assert.deepEqual(await limited.json(), { code: 'TOO_MANY_REQUESTS', message: errorText('TOO_MANY_REQUESTS', 'zh_cn', { seconds: wait }) });
    assert.equal((await fetch(`${svc.url}/gw/inspection/api/v2/hardening/gadgets`, { headers: { authorization: `Bearer ${calm}` } })).status, 200);
  });

  test('one IP over the per-IP limit gets 429 with Retry-After, even without a token; health stays reachable', async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 200 && !limited; i++) {
      const r = await fetch(`${svc.url}/gw/inspection/api/v2/hardening/gadgets`);
      if (r.status === 429) limited = r;
      else await r.arrayBuffer();
    }
    assert.ok(limited, 'no 429 within 200 requests');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(((await limited.json()) as { code: string }).code, 'TOO_MANY_REQUESTS');
    assert.equal((await fetch(`${svc.url}/health`)).status, 200);
  });
});
