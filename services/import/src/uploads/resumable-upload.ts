import { Injectable } from '@nestjs/common';
import type { Locale } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { RevokedClientGuard } from '../machine-clients/revoked-clients.js';
import { TusEndpoint, tusRoutes } from './tus-endpoint.js';
import { UploadsService } from './uploads.service.js';

const ROUTE = 'gw/import/api/v2/upload-tasks/:id/tus';

/**
 * Resumable drone archives for multi-gigabyte uploads over poor links (docs/import.md, "Resumable
 * uploads"): `…/upload-tasks/{id}/tus`. Opening an upload marks the task uploading; the last byte
 * runs the same directory checks as the multipart route (paths, bombs, sizes, layout) and queues
 * the verification; a refusal or a termination gives the task back as it was.
 */
@Injectable()
export class ResumableUploads extends TusEndpoint {
  constructor(private readonly uploads: UploadsService) {
    super(ROUTE, 'uploadTaskId');
  }

  protected async accept(user: AuthUser, id: string): Promise<Record<string, string>> {
    return { previousStatus: String(await this.uploads.beginArchive(user, id)) };
  }

  protected receive(user: AuthUser, id: string, file: { path: string; originalname: string; size: number }, metadata: Record<string, string>, locale: Locale) {
    return this.uploads.receiveArchive(user, id, file, Number(metadata.previousStatus ?? 1), locale);
  }

  protected override async terminated(id: string, metadata: Record<string, string>): Promise<void> {
    await this.uploads.abortArchive(id, Number(metadata.previousStatus ?? 1));
  }
}

/** The tus routes under the upload task (and not for a revoked machine client). */
export const ResumableUploadsController = tusRoutes(ROUTE, ResumableUploads, 'upload tasks', [RevokedClientGuard]);
