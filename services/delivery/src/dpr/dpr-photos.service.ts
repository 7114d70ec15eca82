import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import { FILE_STORE, checkPhoto, type AuthUser, type FileStore } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { canSeeProject } from '../projects/project-scope.js';
import { DprPhotoRepository, type DprPhotoRow } from './dpr-photo.repository.js';
import type { DprPhotoView } from './dpr.view.js';

/**
 * Photos of daily progress reports: checked like inspection photos (JPG/JPEG/PNG by name and by
 * content, ≤ 20 MB, fully decodable), stored under `delivery/dpr/<id>.<ext>`, attached to a report
 * by id when it is saved. A photo is seen by its uploader until attached, then by whoever may see
 * the report.
 */
@Injectable()
export class DprPhotosService {
  constructor(
    private readonly ds: DataSource,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly repo: DprPhotoRepository,
  ) {}

  async upload(user: AuthUser, file: { originalname?: string; size: number; buffer: Buffer } | undefined): Promise<DprPhotoView> {
    const photo = await checkPhoto(file);
    const id = randomUUID();
    const fileKey = `dpr/${id}.${photo.format === 'png' ? 'png' : 'jpg'}`;
    await this.files.put(fileKey, file!.buffer);
    await this.repo.insert(this.ds.manager, {
      id,
      uploadedBy: user.userId,
      fileKey,
      format: photo.format,
      width: photo.width,
      height: photo.height,
      sizeBytes: file!.size,
    });
    return { photoId: id, width: photo.width, height: photo.height };
  }

  async file(user: AuthUser, photoId: string): Promise<{ stream: Readable; size: number; type: string }> {
    const row = await this.repo.find(this.ds.manager, photoId);
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
    const rows = await this.repo.uses(m, photoIds);
    if (rows.length !== photoIds.length) throw invalidPhotos('unknown photo');
    for (const r of rows) {
      const reports = r.on_reports ?? [];
      const onThis = dprId !== null && reports.includes(dprId);
      if (onThis) continue;
      if (r.uploaded_by !== user.userId || reports.length > 0) throw invalidPhotos('a photo of another report or user');
    }
  }

  private async visible(user: AuthUser, row: DprPhotoRow): Promise<boolean> {
    const projects = await this.repo.projectsOf(this.ds.manager, row.id);
    if (!projects.length) return row.uploaded_by === user.userId;
    for (const projectId of projects) {
      const p = await this.ds.manager.findOne(Project, { where: { id: projectId } });
      if (p && canSeeProject(user, p)) return true;
    }
    return false;
  }
}

function invalidPhotos(rule: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ field: 'photos', constraints: { rule } }] });
}
