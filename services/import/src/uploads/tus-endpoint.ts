import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { All, Controller, HttpCode, Inject, Req, Res, UseGuards, type CanActivate, type OnModuleInit, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server as TusServer, type ServerOptions } from '@tus/server';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { Upload } from '@tus/utils';
import type { Logger } from 'pino';
import { AppError, Rights, isUuid, type Locale } from '@windward/contracts';
import { LOGGER, RequireRights, SERVICE_CONFIG, requestLocale, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import { ARCHIVE_NAMES, DRONE_ARCHIVE_MAX_BYTES, archiveFormatOf } from './archive.js';

/** Partial uploads are kept this long since their last byte (resumable over a day of poor links). */
const EXPIRE_MS = 24 * 3600 * 1000;

export type CallerRequest = IncomingMessage & { user: AuthUser; params: Record<string, string> };
type TusRequest = { url: string; runtime?: { node?: { req: CallerRequest } } };
const callerOf = (req: unknown) => (req as TusRequest).runtime?.node?.req;

/** Where partial uploads live: IMPORT_TUS_DIR, else beside the file store (`<FILES_DIR>-tus`); they survive a restart. */
function tusDirectory(cfg: ServiceConfig): string {
  return process.env.IMPORT_TUS_DIR ?? `${cfg.filesDir.replace(/[/\\]+$/, '')}-tus`;
}

/** An AppError as tus answers it: the catalogue's status and body in the caller's language. */
function tusError(err: unknown, locale: Locale): { status_code: number; body: string } {
  const e = err instanceof AppError ? err : new AppError('INTERNAL_ERROR');
  return { status_code: e.status, body: JSON.stringify(e.toBody(locale)) };
}

/**
 * One resumable archive upload under an owner (a drone upload task, a sheet import): tus 1.0.0
 * (core, creation, termination; @tus/server on a local folder). `POST <owner>/…/tus` with
 * `Upload-Length` and `Upload-Metadata: filename <base64>` opens an upload; `PATCH …/tus/{uploadId}`
 * sends bytes from `Upload-Offset`; after a dropped connection `HEAD` says how much arrived. The
 * controller checks token and rights first; an upload id works only under the owner it was opened
 * for (404 otherwise). The last byte hands the file to `receive`; its refusal answers the
 * catalogue's error (JSON, caller's language) and the partial file goes either way.
 */
export abstract class TusEndpoint implements OnModuleInit {
  private tus!: TusServer;
  /** Where partial uploads live (`tusDirectory`). */
  private dir!: string;
  /** `…/<owner id>/…/tus[/<upload id>]` → [owner id, upload id], from the route. */
  private readonly pathOf: RegExp;
  // Property injection: the subclasses' constructors take only what they use themselves.
  @Inject(SERVICE_CONFIG) private readonly cfg!: ServiceConfig;
  @Inject(LOGGER) protected readonly log!: Logger;

  /**
   * @param route the routes' path with `:id` for the owner (`gw/import/api/v2/upload-tasks/:id/tus`),
   *   the one `tusRoutes` mounts
   * @param ownerKey the upload's metadata key holding its owner's id
   */
  protected constructor(
    private readonly route: string,
    private readonly ownerKey: string,
  ) {
    const [before, after] = route.split(':id').map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    this.pathOf = new RegExp(`\\/${before}([^/]+)${after}(?:\\/([^/?#]+))?\\/?(?:[?#].*)?$`);
  }

  /** Creation: may refuse (AppError); answers metadata to keep with the upload. */
  protected abstract accept(user: AuthUser, ownerId: string, filename: string): Promise<Record<string, string>>;

  /** The last byte arrived: the whole file at `file` (removed afterwards); answers the JSON body. */
  protected abstract receive(
    user: AuthUser,
    ownerId: string,
    file: { path: string; originalname: string; size: number },
    metadata: Record<string, string>,
    locale: Locale,
  ): Promise<unknown>;

  /** Termination (DELETE) of an open upload, before tus answers. */
  protected async terminated(_ownerId: string, _metadata: Record<string, string>): Promise<void> {}

  onModuleInit() {
    this.dir = tusDirectory(this.cfg);
    const options: ServerOptions & { datastore: TusFileStore } = {
      path: `/${this.route.split('/:id')[0]}`,
      datastore: new TusFileStore({ directory: this.dir, expirationPeriodInMilliseconds: EXPIRE_MS }),
      maxSize: DRONE_ARCHIVE_MAX_BYTES,
      relativeLocation: true,
      locker: undefined as never,
      namingFunction: () => randomBytes(16).toString('hex'),
      generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
      getFileIdFromRequest: (req) => this.pathOf.exec(new URL(req.url).pathname)?.[2],
      onUploadCreate: (req, upload) => this.created(callerOf(req)!, upload),
      onUploadFinish: (req, upload) => this.finished(callerOf(req)!, upload),
      onResponseError: (req, err) => (err instanceof AppError ? tusError(err, requestLocale(callerOf(req)?.headers ?? {})) : undefined),
    };
    delete (options as Partial<ServerOptions>).locker;
    this.tus = new TusServer(options);
  }

  /**
   * Runs the tus protocol for an authorised caller (the controller checked token and rights):
   * the owner's checks answer through the kit's errors, then tus takes the Node request and
   * response over from Fastify.
   */
  async handle(request: FastifyRequest & { user: AuthUser }, reply: FastifyReply): Promise<void> {
    const req: CallerRequest = Object.assign(request.raw, { user: request.user, params: request.params as Record<string, string> });
    const { ownerId, uploadId } = this.ids(req);
    if (uploadId && req.method !== 'OPTIONS') {
      const upload = await this.tus.datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.[this.ownerKey] !== ownerId) throw new AppError('NOT_FOUND');
      // Termination gives the owner back before tus answers (the client may act on the answer at once).
      if (req.method === 'DELETE') await this.terminated(ownerId, (upload.metadata ?? {}) as Record<string, string>);
    }
    reply.hijack();
    await this.tus.handle(req, reply.raw);
  }

  private ids(req: CallerRequest): { ownerId: string; uploadId: string | undefined } {
    const m = this.pathOf.exec(req.url ?? '');
    const ownerId = m?.[1] ?? '';
    if (!isUuid(ownerId)) throw new AppError('NOT_FOUND');
    return { ownerId, uploadId: m?.[2] };
  }

  /** Creation: the name must be an archive's and its size known; then the owner's own rule. */
  private async created(req: CallerRequest, upload: Upload) {
    const locale = requestLocale(req.headers);
    try {
      const { ownerId } = this.ids(req);
      const filename = upload.metadata?.filename ?? '';
      if (!archiveFormatOf(filename)) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: ARCHIVE_NAMES } });
      if (upload.size === undefined)
        throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Upload-Length', constraints: { required: 'the archive size' } }] });
      const extra = await this.accept(req.user, ownerId, filename);
      return { metadata: { ...upload.metadata, ...extra, filename, [this.ownerKey]: ownerId } };
    } catch (err) {
      throw tusError(err, locale);
    }
  }

  private async finished(req: CallerRequest, upload: Upload) {
    const locale = requestLocale(req.headers);
    const file = path.join(this.dir, upload.id);
    const metadata = (upload.metadata ?? {}) as Record<string, string>;
    const ownerId = metadata[this.ownerKey]!;
    try {
      const body = await this.receive(
        req.user,
        ownerId,
        { path: file, originalname: metadata.filename!, size: upload.offset },
        metadata,
        locale,
      );
      return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    } catch (err) {
      if (!(err instanceof AppError)) this.log.error({ err, [this.ownerKey]: ownerId }, 'resumable upload not received');
      throw tusError(err, locale);
    } finally {
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    }
  }
}

/**
 * The tus routes of an endpoint: `<path>` (creation) and `<path>/:uploadId` (offset, bytes,
 * termination), each behind the kit's guard (bearer token, a data-integration write right) and
 * `guards`. Left out of the OpenAPI documents: tus is its own protocol (docs/import.md).
 */
export function tusRoutes(path: string, endpoint: Type<TusEndpoint>, tag: string, guards: Type<CanActivate>[] = []): Type<unknown> {
  const write = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
  @ApiTags(tag)
  @ApiBearerAuth()
  @Controller(path)
  @UseGuards(...guards)
  class TusRoutes {
    constructor(@Inject(endpoint) private readonly tus: TusEndpoint) {}

    @All()
    @HttpCode(201)
    @RequireRights(...write)
    @ApiExcludeEndpoint()
    create(@Req() req: FastifyRequest & { user: AuthUser }, @Res() res: FastifyReply): Promise<void> {
      return this.tus.handle(req, res);
    }

    @All(':uploadId')
    @RequireRights(...write)
    @ApiExcludeEndpoint()
    resume(@Req() req: FastifyRequest & { user: AuthUser }, @Res() res: FastifyReply): Promise<void> {
      return this.tus.handle(req, res);
    }
  }
  return TusRoutes;
}
