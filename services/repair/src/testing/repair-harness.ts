import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import assert from 'node:assert/strict';
import { DEFAULT_ROLE_RIGHTS, EventTypes, RoleId, type EventPayloads } from '@windward/contracts';
import { ServiceHarness, eventually, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };
export const API = '/gw/repair/api/v2';

/** Every table of the repair schema, for "nothing changed" checks. */
const TABLES = [
  'repair_template',
  'repair_plan',
  'repair_plan_batch',
  'repair_plan_defect',
  'repair_campaign',
  'repair_campaign_defect',
  'repair_campaign_turbine',
  'repair_campaign_technician',
  'repair_record',
];

export interface Park {
  parkId: string;
  customerId: string;
  turbineId: string;
  inspectionId: string;
}

/**
 * The repair service on a fresh database with helpers that announce what asset, inspection,
 * identity and delivery would, through the real bus (and, for the 10,000-defect cap only, a bulk
 * insert into the defect read model: 10,000 events would test the bus, not the rule).
 */
export class RepairHarness extends ServiceHarness {
  /** A fresh database and a fresh file folder (record photos). */
  static override start(env: Record<string, string> = {}): Promise<RepairHarness> {
    return ServiceHarness.startWithFiles((parts) => new RepairHarness(...parts), AppModule, 'repair', env);
  }

  /** Every file the service stored (keys relative to the store). */
  async storedFiles(): Promise<string[]> {
    return (await readdir(this.filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  }

  private async until(sql: string, params: unknown[]) {
    await eventually(async () => (await this.sql(sql, params)).length > 0);
  }

  /** A park with one turbine (blades of the given length) and one inspection of it. */
  async park(name: string, bladeLength: number | null = 60): Promise<Park> {
    const customerId = randomUUID();
    const parkId = randomUUID();
    await this.publish(EventTypes.AssetParkCreated, parkId, { windFarmId: parkId, windFarmName: name, customerId, active: true, latitude: null, longitude: null });
    const turbineId = await this.turbine(parkId, `${name}-T01`, bladeLength);
    const inspectionId = await this.inspection(parkId, turbineId);
    await this.until('SELECT 1 FROM repair.park_ref WHERE wind_farm_id = $1', [parkId]);
    return { parkId, customerId, turbineId, inspectionId };
  }

  turbine(parkId: string, name: string, bladeLength: number | null = 60): Promise<string> {
    return this.announceTurbine(parkId, name, 'SELECT 1 FROM repair.blade_ref WHERE turbine_id = $1', {
      blades: [1, 2, 3].map((position) => ({ position, name: `B${position}`, serialNumber: `${name}-B${position}`, length: bladeLength })),
    });
  }

  async inspection(parkId: string, turbineId: string, inspectionDate = '2026-03-01', isActive?: boolean): Promise<string> {
    const inspectionId = randomUUID();
    await this.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId,
      windFarmId: parkId,
      packageType: 1,
      inspectionDate,
      ...(isActive === undefined ? {} : { isActive }),
    });
    await this.until('SELECT 1 FROM repair.inspection_ref WHERE inspection_id = $1', [inspectionId]);
    return inspectionId;
  }

  /** Defects as inspection announces them (all fields), once repair has them. */
  async defects(p: Park, n: number, extra: Partial<EventPayloads['inspection.defect.created']> = {}): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const defectId = randomUUID();
      ids.push(defectId);
      await this.publish(EventTypes.InspectionDefectCreated, defectId, {
        defectId,
        inspectionId: p.inspectionId,
        severity: 3,
        dpsStatus: 2,
        windFarmId: p.parkId,
        turbineId: p.turbineId,
        defectNo: String(100000 + Math.floor(Math.random() * 899999)),
        defectType: 'Crack',
        bladePosition: 1,
        distanceToRoot: 12.5,
        repairPriority: 2,
        timelineStatus: 'NEW',
        ...extra,
      });
    }
    await eventually(async () => (await this.sql('SELECT count(*)::int AS n FROM repair.defect_ref WHERE defect_id = ANY($1::uuid[])', [ids]))[0].n === n);
    return ids;
  }

  /** Many defects straight into the read model (the cap test). */
  async bulkDefects(p: Park, n: number): Promise<string[]> {
    const rows = await this.sql<{ id: string }>(
      `INSERT INTO repair.defect_ref (defect_id, inspection_id, wind_farm_id, turbine_id, defect_no, severity, dps_status)
       SELECT gen_random_uuid(), $1, $2, $3, lpad(g::text, 6, '0'), 3, 2 FROM generate_series(1, $4) g RETURNING defect_id AS id`,
      [p.inspectionId, p.parkId, p.turbineId, n],
    );
    return rows.map((r) => r.id);
  }

  /** A user as identity announces it, and their token (a repair technician by default, with that role's rights). */
  async user(name: string, roles: number[] = [RoleId.REPAIR_TECHNICIAN], rights?: string[]) {
    const userId = await this.announceUser(name, roles, 'SELECT 1 FROM repair.user_ref WHERE user_id = $1');
    // Like identity's claims for a user without customers: an empty customer scope.
    const token = await this.token({ sub: userId, username: name, roles, cid: [], rights: rights ?? [...(DEFAULT_ROLE_RIGHTS[roles[0] as keyof typeof DEFAULT_ROLE_RIGHTS] ?? [])] });
    return { userId, name, token };
  }

  /** An O&M project as delivery announces it. */
  async project(
    startDate: string | null,
    endDate: string | null,
    operation = true,
    more: { windFarmIds?: string[]; customerId?: string; status?: number; projectName?: string } = {},
  ): Promise<string> {
    const projectId = randomUUID();
    await this.publish(EventTypes.DeliveryProjectCreated, projectId, {
      projectId,
      projectName: `P-${projectId.slice(0, 6)}`,
      status: 2,
      operation,
      startDate,
      endDate,
      ...more,
    });
    await this.until('SELECT 1 FROM repair.project_ref WHERE project_id = $1', [projectId]);
    return projectId;
  }

  async template(name = `T-${randomUUID().slice(0, 8)}`): Promise<string> {
    const r = await this.api(`${API}/templates`, { method: 'POST', json: { name, steps: [{ name: 'Sand', description: 'Sand the area' }] } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.id;
  }

  /** A plan from the defects, every defect given a repair step. */
  async plan(defectIds: string[], name = `Plan-${randomUUID().slice(0, 8)}`, withSteps = true): Promise<Body> {
    let r = await this.api(`${API}/plans`, { method: 'POST', json: { name, defectIds } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    if (withSteps) {
      const templateId = await this.template();
      r = await this.api(`${API}/plans/${r.body.id}/steps`, { method: 'PUT', json: { version: r.body.version, defectIds, templateId } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    return r.body;
  }

  async campaign(plan: Body, defectIds: string[], extra: Record<string, unknown> = {}): Promise<Body> {
    const r = await this.api(`${API}/campaigns`, {
      method: 'POST',
      json: { planId: plan.id, planVersion: plan.version, name: `C-${randomUUID().slice(0, 8)}`, defectIds, startDate: '2026-04-01', endDate: '2026-04-30', ...extra },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  }

  /** A digest of every repair table: equal before and after means nothing changed. */
  async snapshot(): Promise<string> {
    const parts: string[] = [];
    for (const t of TABLES) {
      const [row] = await this.sql(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM repair.${t} x`);
      parts.push(`${t}:${row.n}:${row.h}`);
    }
    // Events: the relay moves outbox rows into the bus log in one transaction, so the sum is stable.
    const [ev] = await this.sql(
      `SELECT (SELECT count(*) FROM repair.outbox)::int + (SELECT count(*) FROM bus.event WHERE type LIKE 'repair.%')::int AS n`,
    );
    parts.push(`events:${ev.n}`);
    return parts.join(' ');
  }

  /** Sends a request that must be refused with `code` and change nothing. */
  async refused(path: string, init: Parameters<ServiceHarness['api']>[1], code: string | number): Promise<Body> {
    const before = await this.snapshot();
    const r = await this.api(path, init);
    assert.equal(r.body?.code, code, `${path}: expected ${code}, got ${r.status} ${JSON.stringify(r.body)}`);
    assert.equal(await this.snapshot(), before, `${path}: refused with ${code} but something changed`);
    return r.body;
  }
}
