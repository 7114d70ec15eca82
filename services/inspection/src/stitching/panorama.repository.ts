import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaName } from '../common/columns.js';
import type { Offset } from './layout.js';
import { PANORAMA_COLUMNS, returned, toRow, type PanoramaDbRow, type PanoramaRow } from './panorama.row.js';

/** What a stitching request names: the path, and pixel size / offsets when given (null keeps the stored ones). */
export interface PanoramaRequest {
  inspectionId: string;
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
  pixelSizeMm: number | null;
  offsets: Record<string, Offset> | null;
  /** Used when a new panorama is made without a pixel size. */
  defaultPixelSizeMm: number;
  requestedBy: string;
}

/** The `panoramas` table (hand-written SQL, no entity: the table is this module's alone). */
@Injectable()
export class PanoramaRepository {
  constructor(private readonly ds: DataSource) {}

  private get table() {
    return `${schemaName(this.ds)}.panoramas`;
  }

  /** Creates the path's panorama or queues it again (version + 1), in the caller's transaction. */
  async upsertRequest(m: EntityManager, r: PanoramaRequest): Promise<PanoramaRow> {
    const rows: PanoramaDbRow[] = await m.query(
      `INSERT INTO ${this.table} AS p (inspection_id, blade_position, path_view_index, chamber, pixel_size_mm, offsets, requested_by)
       VALUES ($1, $2, $3, $4, COALESCE($5::numeric, $7::numeric), COALESCE($6::jsonb, '{}'::jsonb), $8)
       ON CONFLICT (inspection_id, blade_position, path_view_index, chamber) DO UPDATE
         SET status = 'queued', version = p.version + 1, job_id = NULL, error_code = NULL, error_message = NULL,
             pixel_size_mm = COALESCE($5::numeric, p.pixel_size_mm), offsets = COALESCE($6::jsonb, p.offsets), requested_by = $8, updated_at = now()
       RETURNING ${PANORAMA_COLUMNS}`,
      [
        r.inspectionId,
        r.bladePosition,
        r.pathViewIndex,
        r.chamber,
        r.pixelSizeMm,
        r.offsets && JSON.stringify(r.offsets),
        r.defaultPixelSizeMm,
        r.requestedBy,
      ],
    );
    return toRow(rows[0]!);
  }

  /** Replaces the offsets and queues the panorama again (version + 1), in the caller's transaction. */
  async replaceOffsets(m: EntityManager, id: string, offsets: Record<string, Offset>, requestedBy: string): Promise<PanoramaRow> {
    const raw = returned(
      await m.query(
        `UPDATE ${this.table} SET offsets = $2, status = 'queued', version = version + 1, job_id = NULL, error_code = NULL,
              error_message = NULL, requested_by = $3, updated_at = now() WHERE id = $1 RETURNING ${PANORAMA_COLUMNS}`,
        [id, JSON.stringify(offsets), requestedBy],
      ),
    );
    return toRow(raw!);
  }

  /** Panoramas of an inspection (of one blade when given), unordered. */
  async listByInspection(inspectionId: string, bladePosition?: number): Promise<PanoramaRow[]> {
    const params: unknown[] = [inspectionId];
    let where = 'inspection_id = $1';
    if (bladePosition !== undefined) where += ` AND blade_position = $${params.push(bladePosition)}`;
    const rows: PanoramaDbRow[] = await this.ds.query(`SELECT ${PANORAMA_COLUMNS} FROM ${this.table} WHERE ${where}`, params);
    return rows.map(toRow);
  }

  /** One panorama; `lock` takes its row lock (in the manager's transaction). */
  async find(id: string, m: EntityManager = this.ds.manager, lock = false): Promise<PanoramaRow | undefined> {
    const rows: PanoramaDbRow[] = await m.query(`SELECT ${PANORAMA_COLUMNS} FROM ${this.table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] && toRow(rows[0]);
  }
}
