import { randomUUID } from 'node:crypto';
import { EventTypes } from '@windward/contracts';
import { ServiceHarness, eventually, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };
export const API = '/gw/project/api/v2';
export const DPR_API = '/gw/delivery/api/v2';

/**
 * The delivery service on a fresh database (the kit's ServiceHarness), with helpers that announce
 * customers, parks, turbines and inspections as identity, asset and inspection would, through the real bus.
 */
export class DeliveryHarness extends ServiceHarness {
  /** A fresh database and a fresh file folder (DPR photos). */
  static override start(env: Record<string, string> = {}): Promise<DeliveryHarness> {
    return ServiceHarness.startWithFiles((parts) => new DeliveryHarness(...parts), AppModule, 'delivery', env);
  }

  /** Posts bytes as the multipart `file` of a DPR photo. */
  photo(bytes: Uint8Array, name: string, token?: string) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return this.api(`${DPR_API}/dpr-photos`, { form, ...(token ? { token } : {}) });
  }

  private async until(sql: string, params: unknown[]) {
    await eventually(async () => (await this.sql(sql, params)).length > 0);
  }

  async customer(name: string, maxTurbines: number | null = null): Promise<string> {
    const customerId = randomUUID();
    await this.publish(EventTypes.IdentityCustomerCreated, customerId, { customerId, customerName: name, customerTypeId: 1, organizationId: null, maxTurbines });
    await this.until('SELECT 1 FROM delivery.customer_ref WHERE customer_id = $1', [customerId]);
    return customerId;
  }

  async park(name: string, customerId: string): Promise<string> {
    return (await this.announcePark(name, 'SELECT 1 FROM delivery.park_ref WHERE wind_farm_id = $1', customerId)).parkId;
  }

  async turbines(parkId: string, ...names: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const turbineName of names) {
      const turbineId = randomUUID();
      await this.publish(EventTypes.AssetTurbineCreated, turbineId, { turbineId, turbineName, windFarmId: parkId, serialNumber: null });
      ids.push(turbineId);
    }
    await this.until('SELECT 1 FROM delivery.turbine_ref WHERE turbine_id = $1', [ids.at(-1)]);
    return ids;
  }

  async inspection(turbineId: string, windFarmId: string, inspectionDate: string, componentType = 1): Promise<string> {
    const inspectionId = randomUUID();
    await this.publish(EventTypes.InspectionInspectionCreated, inspectionId, { inspectionId, turbineId, windFarmId, packageType: 1, componentType, inspectionDate });
    await this.until('SELECT 1 FROM delivery.inspection_ref WHERE inspection_id = $1', [inspectionId]);
    return inspectionId;
  }

  async projectRow(id: string): Promise<Body | undefined> {
    return (await this.sql('SELECT * FROM delivery.project WHERE id = $1', [id]))[0];
  }

  async count(table: string): Promise<number> {
    return (await this.sql<{ n: number }>(`SELECT count(*)::int AS n FROM delivery.${table}`))[0]!.n;
  }
}
