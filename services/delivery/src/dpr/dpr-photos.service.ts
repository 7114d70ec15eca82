import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import { FILE_STORE, SERVICE_CONFIG, checkPhoto, type AuthUser, type FileStore, type ServiceConfig } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { canSeeProject } from '../projects/project-scope.js';
import type { DprPhotoView } from './dpr.view.js';

interface PhotoRow {
  id: string;
  uploaded_by: string;
  file_key: string;
  format: string;
  width: number;
  height: number;
}

/**
 * Photos of daily progress reports: checked like inspection photos (JPG/JPEG/PNG by name and by
 * content, ≤ 20 MB, fully decodable), stored under `delivery/dpr/<id>.<ext>`, attached to a report
 * by id when it is saved. A photo is seen by its uploader until attached, then by whoever may see
 * the report.
 */
@Injectable()
export class DprPhotosService {
  private readonly s: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async upload(user: AuthUser, file: { originalname?: string; size: number; buffer: Buffer } | undefined): Promise<DprPhotoView> {
    const photo = await checkPhoto(file);
    const id = randomUUID();
    const fileKey = `dpr/${id}.${photo.format === 'png' ? 'png' : 'jpg'}`;
    await this.files.put(fileKey, file!.buffer);
    await this.ds.query(
      `INSERT INTO ${this.s}.dpr_photo (id, uploaded_by, file_key, format, width, height, size_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, user.userId, fileKey, photo.format, photo.width, photo.height, file!.size],
    );
    return { photoId: id, width: photo.width, height: photo.height };
  }

  async file(user: AuthUser, photoId: string): Promise<{ stream: Readable; size: number; type: string }> {
    const [row] = (await this.ds.query(`SELECT * FROM ${this.s}.dpr_photo WHERE id = $1`, [photoId])) as PhotoRow[];
    if (!row || !(await this.visible(user, row))) throw new AppError('NOT_FOUND');
    const f = await this.files.stream(row.file_key);
    if (!f) throw new AppError('NOT_FOUND');
    return { ...f, type: row.format === 'png' ? 'image/png' : 'image/jpeg' };
  }

  /**
   * The photos a report may hold after a save by `user`: each one uploaded by the caller and free,
   * or already on this report; anything else is refused with nothing saved.
   */
  async assertAttachable(m: EntityManager, user: AuthUser, dprId: string | null, photoIds: string[]): Promise<void> {
    if (!photoIds.length) return;
    if (new Set(photoIds).size !== photoIds.length) throw invalidPhotos('a photo listed twice');
    const rows = (await m.query(
      `SELECT p.id, p.uploaded_by,
         (SELECT array_agg(d.id) FROM ${this.s}.dpr d WHERE p.id::text = ANY(d.photos)) AS on_reports
       FROM ${this.s}.dpr_photo p WHERE p.id = ANY($1::uuid[])`,
      [photoIds],
    )) as { id: string; uploaded_by: string; on_reports: string[] | null }[];
    if (rows.length !== photoIds.length) throw invalidPhotos('unknown photo');
    for (const r of rows) {
      const reports = r.on_reports ?? [];
      const onThis = dprId !== null && reports.includes(dprId);
      if (onThis) continue;
      if (r.uploaded_by !== user.userId || reports.length > 0) throw invalidPhotos('a photo of another report or user');
    }
  }

  private async visible(user: AuthUser, row: PhotoRow): Promise<boolean> {
    const projects = (await this.ds.query(`SELECT DISTINCT project_id FROM ${this.s}.dpr WHERE $1 = ANY(photos)`, [row.id])) as { project_id: string }[];
    if (!projects.length) return row.uploaded_by === user.userId;
    for (const { project_id } of projects) {
      const p = await this.ds.manager.findOne(Project, { where: { id: project_id } });
      if (p && canSeeProject(user, p)) return true;
    }
    return false;
  }
}

function invalidPhotos(rule: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ field: 'photos', constraints: { rule } }] });
}
