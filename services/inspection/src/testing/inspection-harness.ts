import sharp from 'sharp';
import { ServiceHarness, type ApiInit, type Body } from '@windward/service-kit/testing';
import { AppModule } from '../app.module.js';

export type { Body };

/**
 * The inspection service on a fresh database and file folder (see the kit's ServiceHarness),
 * fed by asset through the real bus, with helpers for parks, turbines, inspections and uploads.
 */
export class InspectionHarness extends ServiceHarness {
  static override start(env: Record<string, string> = {}): Promise<InspectionHarness> {
    return ServiceHarness.startWithFiles((parts) => new InspectionHarness(...parts), AppModule, 'inspection', env);
  }

  /** Uploads bytes as the multipart `file` field with attribute fields. */
  upload(inspectionId: string, bytes: Buffer, name: string, fields: Record<string, string | number> = {}, init: ApiInit = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('file', new Blob([bytes]), name);
    return this.api(`/gw/inspection/api/v2/inspections/${inspectionId}/images`, { ...init, form });
  }

  /** A wind park as asset announces it; resolves once inspection's read model has it. */
  park(name: string, customerId?: string) {
    return this.announcePark(name, 'SELECT 1 FROM inspection.park_ref WHERE wind_park_id = $1', customerId);
  }

  /** A turbine with three blades of `bladeLength` m (null: asset sends no blades). */
  turbine(parkId: string, name: string, bladeLength: number | null = 80, serialPrefix = name): Promise<string> {
    const blades =
      bladeLength === null
        ? {}
        : { blades: [1, 2, 3].map((position) => ({ position, name: 'ABC'[position - 1]!, serialNumber: `${serialPrefix}-${position}`, length: bladeLength })) };
    // A demo park's turbine is seeded in the same consumer transaction (six inspections with photos
    // for turbine -01): on a loaded machine that takes longer than the default 10 s.
    return this.announceTurbine(
      parkId,
      name,
      'SELECT 1 FROM inspection.turbine_ref WHERE turbine_id = $1',
      { serialNumber: `SN-${name}`, ...blades },
      60_000,
    );
  }

  /** Creates an inspection over HTTP (asserting success). */
  async inspection(turbineId: string, inspectionDate: string, packageType = 1, extra: Record<string, unknown> = {}): Promise<Body> {
    const r = await this.api('/gw/inspection/api/v2/inspections', {
      method: 'POST',
      json: { turbineId, packageType, inspectionDate, ...extra },
    });
    if (r.status !== 201) throw new Error(`inspection not created: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

}

/** A real PNG of the given size (a gradient, so it compresses like a photo a little). */
export function png(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 170, b: 220 } } })
    .png()
    .toBuffer();
}

export function jpeg(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .jpeg()
    .toBuffer();
}
