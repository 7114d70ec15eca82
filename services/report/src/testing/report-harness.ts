import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ComponentType, DpsStatus, EventTypes, PackageType, type DefectEventPayload } from '@windward/contracts';
import { EventPublisher } from '@windward/service-kit';
import { ServiceHarness, eventually, type ApiInit, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };
export const API = '/report/api/v1';

/**
 * The report service on a fresh database and file folder, fed through the real bus as asset,
 * delivery and inspection would feed it, with helpers for report tasks and templates.
 */
export class ReportHarness extends ServiceHarness {
  private defectNo = 1;

  static override start(env: Record<string, string> = {}): Promise<ReportHarness> {
    return ServiceHarness.startWithFiles((parts) => new ReportHarness(...parts), AppModule, 'report', env);
  }

  park(name: string, customerId?: string) {
    return this.announcePark(name, 'SELECT 1 FROM report.park_ref WHERE wind_farm_id = $1', customerId);
  }

  turbine(parkId: string, name: string): Promise<string> {
    return this.announceTurbine(parkId, name, 'SELECT 1 FROM report.turbine_ref WHERE turbine_id = $1');
  }

  /** A project of delivery covering these parks (every turbine of them). */
  async project(name: string, windFarmIds: string[], customerId: string | null = null): Promise<string> {
    const projectId = randomUUID();
    await this.publish(EventTypes.DeliveryProjectCreated, projectId, {
      projectId,
      projectName: name,
      status: 1,
      customerId,
      windFarmIds,
      turbineIds: [],
    });
    await eventually(async () => (await this.sql('SELECT 1 FROM report.project_ref WHERE project_id = $1', [projectId])).length > 0);
    return projectId;
  }

  /** An active blade inspection of a turbine, as inspection announces it. */
  async inspection(parkId: string, turbineId: string, date = '2026-05-04', kind: 'blade' | 'lps' = 'blade'): Promise<string> {
    const inspectionId = randomUUID();
    await this.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId,
      windFarmId: parkId,
      packageType: kind === 'lps' ? PackageType.OTHER : PackageType.BLADE_AUTO,
      ...(kind === 'lps' ? { componentType: ComponentType.LPS } : {}),
      inspectionDate: `${date}T00:00:00.000Z`,
      isActive: true,
    });
    await eventually(
      async () => (await this.sql('SELECT 1 FROM report.inspection_ref WHERE inspection_id = $1', [inspectionId])).length > 0,
    );
    return inspectionId;
  }

  /** Defects of an inspection as inspection.defect.created events (one upstream transaction); resolves once all are copied. */
  async defects(inspectionId: string, items: Partial<DefectEventPayload>[]): Promise<DefectEventPayload[]> {
    const publisher = new EventPublisher('inspection', 'upstream');
    const payloads: DefectEventPayload[] = items.map((x, i) => ({
      defectId: randomUUID(),
      inspectionId,
      severity: 2,
      dpsStatus: DpsStatus.PENDING,
      defectNo: String(this.defectNo++).padStart(6, '0'),
      defectType: 'Erosion',
      bladePosition: (i % 3) + 1,
      position: 5,
      distanceToRoot: 10 + i,
      sizeLength: 120,
      sizeWidth: 30,
      repairPriority: 3,
      recommendation: null,
      ...x,
    }));
    await this.upstream.transaction(async (m) => {
      for (const p of payloads) await publisher.publish(m, EventTypes.InspectionDefectCreated, p.defectId, p);
    });
    const ids = payloads.map((p) => p.defectId);
    await eventually(
      async () =>
        (await this.sql('SELECT count(*)::int AS n FROM report.defect_ref WHERE defect_id = ANY ($1)', [ids]))[0].n === ids.length,
      30000,
    );
    return payloads;
  }

  create(scope: 'projects' | 'parks' | 'turbines' | 'inspections' | 'repair-campaigns', id: string, body: unknown, init: ApiInit = {}) {
    return this.api(`${API}/${scope}/${id}/report-tasks`, { ...init, method: 'POST', json: body });
  }

  /** Asks for a report, waits until it is ready (status 2) and downloads it: the finished task and the file's bytes. */
  async rendered(
    scope: Parameters<ReportHarness['create']>[0],
    id: string,
    body: unknown,
    init: ApiInit,
  ): Promise<{ task: Body; bytes: Buffer }> {
    const r = await this.create(scope, id, body, init);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const task = await this.waitDone(r.body.id, init);
    assert.equal(task.status, 2, JSON.stringify(task));
    const f = await this.api(`${API}/report-tasks/${r.body.id}/file`, init);
    assert.equal(f.status, 200);
    return { task, bytes: f.bytes };
  }

  async taskCount(): Promise<number> {
    return (await this.sql('SELECT count(*)::int AS n FROM report.report_task'))[0].n;
  }

  /** Waits until the task is ready (or failed) and returns it. */
  waitDone(id: string, init: ApiInit = {}, timeoutMs = 60000): Promise<Body> {
    return eventually(
      async () => {
        const r = await this.api(`${API}/report-tasks/${id}`, init);
        return r.body.status >= 2 ? r.body : null;
      },
      timeoutMs,
      200,
    );
  }

}
