import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

export interface DprPhotoRow {
  id: string;
  uploaded_by: string;
  file_key: string;
  format: string;
  width: number;
  height: number;
  size_bytes: number;
  created_at: Date;
}
/** A photo and the reports that list it (null: none). */
export interface PhotoUseRow {
  id: string;
  uploaded_by: string;
  on_reports: string[] | null;
}

/** Report photos (dpr_photo) and the reports (dpr.photos) that hold them. */
@Injectable()
export class DprPhotoRepository {
  private readonly s: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  async insert(m: EntityManager, v: { id: string; uploadedBy: string; fileKey: string; format: string; width: number; height: number; sizeBytes: number }): Promise<void> {
    await m.query(`INSERT INTO ${this.s}.dpr_photo (id, uploaded_by, file_key, format, width, height, size_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      v.id,
      v.uploadedBy,
      v.fileKey,
      v.format,
      v.width,
      v.height,
      v.sizeBytes,
    ]);
  }

  async find(m: EntityManager, id: string): Promise<DprPhotoRow | undefined> {
    const [row] = await m.query(`SELECT * FROM ${this.s}.dpr_photo WHERE id = $1`, [id]);
    return row;
  }

  /** Those of `ids` that exist, each with the reports listing it. */
  async uses(m: EntityManager, ids: string[]): Promise<PhotoUseRow[]> {
    return m.query(
      `SELECT p.id, p.uploaded_by,
         (SELECT array_agg(d.id) FROM ${this.s}.dpr d WHERE p.id::text = ANY(d.photos)) AS on_reports
       FROM ${this.s}.dpr_photo p WHERE p.id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Projects of the reports that list the photo. */
  async projectsOf(m: EntityManager, id: string): Promise<string[]> {
    const rows: { project_id: string }[] = await m.query(`SELECT DISTINCT project_id FROM ${this.s}.dpr WHERE $1 = ANY(photos)`, [id]);
    return rows.map((r) => r.project_id);
  }
}
