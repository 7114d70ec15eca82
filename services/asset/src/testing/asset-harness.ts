import { randomUUID } from 'node:crypto';
import { EventTypes, type EventPayloads } from '@windward/contracts';
import { ServiceHarness, eventually, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };

/**
 * The asset service on a fresh database (see the kit's ServiceHarness), with helpers that
 * announce customers and inspections as identity and inspection would.
 */
export class AssetHarness extends ServiceHarness {
  static override async start(env: Record<string, string> = {}): Promise<AssetHarness> {
    return new AssetHarness(...(await ServiceHarness.boot(AppModule, 'asset', env)));
  }

  /** A customer as identity announces it; resolves once asset's read model has it. */
  async customer(name: string, maxTurbines: number | null = null): Promise<string> {
    const customerId = randomUUID();
    await this.publish(EventTypes.IdentityCustomerCreated, customerId, {
      customerId,
      customerName: name,
      customerTypeId: 1,
      organizationId: null,
      maxTurbines,
    });
    await eventually(async () => (await this.sql('SELECT 1 FROM asset.customer_ref WHERE customer_id = $1', [customerId])).length > 0);
    return customerId;
  }

  /** An inspection as the inspection context announces it; resolves once asset has it. */
  async inspection(
    turbineId: string,
    windFarmId: string,
    packageType: number,
    inspectionDate: string,
    extra: Partial<EventPayloads['inspection.inspection.created']> = {},
  ) {
    const inspectionId = randomUUID();
    await this.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId,
      windFarmId,
      packageType,
      inspectionDate,
      ...extra,
    });
    await eventually(
      async () => (await this.sql('SELECT 1 FROM asset.inspection_ref WHERE inspection_id = $1', [inspectionId])).length > 0,
    );
    return inspectionId;
  }

  /** A defect-timeline link as inspection announces it; resolves once asset's read model has it. */
  async timelineLink(inspectionId: string, previousInspectionId: string, turbineId: string) {
    await this.publish(EventTypes.InspectionTimelineLinked, inspectionId, { inspectionId, previousInspectionId, turbineId });
    await eventually(async () => (await this.timelineLinks(inspectionId, previousInspectionId)) === 1);
  }

  /** A removed defect-timeline link as inspection announces it; resolves once asset has dropped it. */
  async timelineUnlink(inspectionId: string, previousInspectionId: string, turbineId: string) {
    await this.publish(EventTypes.InspectionTimelineUnlinked, inspectionId, { inspectionId, previousInspectionId, turbineId });
    await eventually(async () => (await this.timelineLinks(inspectionId, previousInspectionId)) === 0);
  }

  private async timelineLinks(inspectionId: string, previousInspectionId: string): Promise<number> {
    const rows = await this.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM asset.timeline_link_ref WHERE inspection_id = $1 AND previous_inspection_id = $2',
      [inspectionId, previousInspectionId],
    );
    return rows[0]!.n;
  }
}

/** A valid turbine body; override what a test is about. */
export function turbineBody(name: string, over: Record<string, unknown> = {}) {
  return {
    turbineName: name,
    serialNumber: `SN-${name}-${randomUUID().slice(0, 6)}`,
    blades: [
      { name: 'A', serialNumber: `${name}-A` },
      { name: 'B', serialNumber: `${name}-B` },
      { name: 'C', serialNumber: `${name}-C` },
    ],
    ...over,
  };
}
