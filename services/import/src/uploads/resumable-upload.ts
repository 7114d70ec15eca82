import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { All, Controller, HttpCode, Inject, Injectable, Req, Res, UseGuards, type OnModuleInit } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Server as TusServer, type ServerOptions } from '@tus/server';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { Upload } from '@tus/utils';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, Rights, isUuid, type Locale } from '@windward/contracts';
import { LOGGER, RequireRights, SERVICE_CONFIG, requestLocale, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import { RevokedClientGuard } from '../machine-clients/revoked-clients.js';
import { ARCHIVE_NAMES, DRONE_ARCHIVE_MAX_BYTES, archiveFormatOf } from './archive.js';
import { UploadsService } from './uploads.service.js';

const WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
/** `/…/upload-tasks/<task id>/tus[/<upload id>]` */
const TUS_PATH = /\/upload-tasks\/([^/]+)\/tus(?:\/([^/?#]+))?\/?(?:[?#].*)?$/;
/** Partial uploads are kept this long since their last byte (resumable over a day of poor links). */
const EXPIRE_MS = 24 * 3600 * 1000;

type CallerRequest = IncomingMessage & { user: AuthUser; params: Record<string, string> };
type TusRequest = { url: string; runtime?: { node?: { req: CallerRequest } } };
const callerOf = (req: unknown) => (req as TusRequest).runtime?.node?.req;

/** An AppError as tus answers it: the catalogue's status and body in the caller's language. */
function tusError(err: unknown, locale: Locale): { status_code: number; body: string } {
  const e = err instanceof AppError ? err : new AppError('INTERNAL_ERROR');
  return { status_code: e.status, body: JSON.stringify(e.toBody(locale)) };
}

/**
 * Resumable archive uploads (tus 1.0.0: core, creation, termination; @tus/server on a local
 * folder) for multi-gigabyte drone archives over poor links: `POST …/upload-tasks/{id}/tus` with
 * `Upload-Length` and `Upload-Metadata: filename <base64>` opens an upload and marks the task
 * uploading; `PATCH …/tus/{uploadId}` sends bytes from `Upload-Offset`; after a dropped
 * connection `HEAD` says how much arrived and the client goes on from there. The last byte runs
 * the same directory checks as the multipart route (paths, bombs, sizes, layout) and queues the
 * verification; a refusal answers the catalogue's error and leaves the task as it was.
 */
@Injectable()
export class ResumableUploads implements OnModuleInit {
  readonly dir: string;
  private tus!: TusServer;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.dir = process.env.IMPORT_TUS_DIR ?? `${cfg.filesDir.replace(/[/\\]+$/, '')}-tus`;
  }

  onModuleInit() {
    const options: ServerOptions & { datastore: TusFileStore } = {
      path: '/gw/import/api/v2/upload-tasks',
      datastore: new TusFileStore({ directory: this.dir, expirationPeriodInMilliseconds: EXPIRE_MS }),
      maxSize: DRONE_ARCHIVE_MAX_BYTES,
      relativeLocation: true,
      locker: undefined as never,
      namingFunction: () => randomBytes(16).toString('hex'),
      generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
      getFileIdFromRequest: (req) => TUS_PATH.exec(new URL(req.url).pathname)?.[2],
      onUploadCreate: (req, upload) => this.created(callerOf(req)!, upload),
      onUploadFinish: (req, upload) => this.finished(callerOf(req)!, upload),
      onResponseError: (req, err) => (err instanceof AppError ? tusError(err, requestLocale(callerOf(req)?.headers ?? {})) : undefined),
    };
    delete (options as Partial<ServerOptions>).locker;
    this.tus = new TusServer(options);
  }

  /** Runs the tus protocol for an authorised caller (the controller checked token, rights and task). */
  async handle(req: CallerRequest, res: ServerResponse): Promise<void> {
    const { id, uploadId } = this.ids(req);
    if (uploadId && req.method !== 'OPTIONS') {
      // An upload id only works under the task it was opened for.
      const upload = await this.tus.datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.uploadTaskId !== id) throw new AppError('NOT_FOUND');
      // Termination gives the task back before tus answers (the client may act on the answer at once).
      if (req.method === 'DELETE') await this.uploads.abortArchive(id, Number(upload.metadata?.previousStatus ?? 1));
    }
    await this.tus.handle(req, res);
  }

  private ids(req: CallerRequest): { id: string; uploadId: string | undefined } {
    const m = TUS_PATH.exec(req.url ?? '');
    const id = m?.[1] ?? '';
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    return { id, uploadId: m?.[2] };
  }

  /** Creation: the name must be an archive's and the task must take one; the task becomes "uploading". */
  private async created(req: CallerRequest, upload: Upload) {
    const locale = requestLocale(req.headers);
    try {
      const { id } = this.ids(req);
      const filename = upload.metadata?.filename ?? '';
      if (!archiveFormatOf(filename)) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: ARCHIVE_NAMES } });
      if (upload.size === undefined) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Upload-Length', constraints: { required: 'the archive size' } }] });
      const previous = await this.uploads.beginArchive(req.user, id);
      return { metadata: { ...upload.metadata, filename, uploadTaskId: id, previousStatus: String(previous) } };
    } catch (err) {
      throw tusError(err, locale);
    }
  }

  /** The last byte arrived: the same checks as a multipart archive, then the verification job. */
  private async finished(req: CallerRequest, upload: Upload) {
    const locale = requestLocale(req.headers);
    const file = path.join(this.dir, upload.id);
    const id = upload.metadata!.uploadTaskId!;
    try {
      const view = await this.uploads.receiveArchive(
        req.user,
        id,
        { path: file, originalname: upload.metadata!.filename!, size: upload.offset },
        Number(upload.metadata!.previousStatus ?? 1),
        locale,
      );
      return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(view) };
    } catch (err) {
      if (!(err instanceof AppError)) this.log.error({ err, uploadTaskId: id }, 'resumable upload not received');
      throw tusError(err, locale);
    } finally {
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    }
  }
}

/** The tus routes under the upload task (bearer token, write right, not a revoked machine client). */
@ApiTags('upload tasks')
@ApiBearerAuth()
@Controller('gw/import/api/v2/upload-tasks/:id/tus')
@UseGuards(RevokedClientGuard)
export class ResumableUploadsController {
  constructor(private readonly resumable: ResumableUploads) {}

  @All()
  @HttpCode(201)
  @RequireRights(...WRITE)
  @ApiExcludeEndpoint()
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.resumable.handle(req as unknown as CallerRequest, res);
  }

  @All(':uploadId')
  @RequireRights(...WRITE)
  @ApiExcludeEndpoint()
  resume(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.resumable.handle(req as unknown as CallerRequest, res);
  }
}
