import { Body, Controller, Get, HttpCode, Post, Query, Req, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Rights, type Locale } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser, RequestLocale } from '@windward/service-kit';
import { ArchiveUploadInterceptor, type ArchiveRequest } from './archive-upload.interceptor.js';
import { CompleteUploadDto, CreateUploadTaskDto, UploadTaskListQuery } from './upload.dto.js';
import { UploadTaskPage, UploadTaskView } from './upload.view.js';
import { UploadsService } from './uploads.service.js';
import { RevokedClientGuard } from '../machine-clients/revoked-clients.js';

export const API = 'gw/import/api/v2';
/** Drone uploads are data integration work; inspection data managers may do them too. */
const WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
const READ = [Rights.DATA_INTEGRATION_SHOW, ...WRITE];

@ApiTags('upload tasks')
@ApiBearerAuth()
@Controller(API)
@UseGuards(RevokedClientGuard)
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** Creates an upload task for a turbine of a wind park (one per turbine, component and day); publishes import.upload.created. */
  @Post('upload-tasks')
  @RequireRights(...WRITE)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateUploadTaskDto, @RequestLocale() locale: Locale): Promise<UploadTaskView> {
    return this.uploads.create(user, dto, locale);
  }

  /** Upload tasks in the caller's data scope, paged; filters windfarmId, status, turbineName. */
  @Get('upload-tasks')
  @RequireRights(...READ)
  list(@CurrentUser() user: AuthUser, @Query() q: UploadTaskListQuery, @RequestLocale() locale: Locale): Promise<UploadTaskPage> {
    return this.uploads.list(user, q, locale);
  }

  /** One upload task with its verification job. */
  @Get('upload-tasks/:id')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<UploadTaskView> {
    return this.uploads.get(user, id, locale);
  }

  /** multipart/form-data `file`: a .zip, .tar.gz or .tgz of photographs (≤ 2 GB, layout in docs/import.md). 202: verification queued. */
  @Post('upload-tasks/:id/archive')
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'The archive (.zip, .tar.gz or .tgz).' } },
    },
  })
  @RequireRights(...WRITE)
  @UseInterceptors(ArchiveUploadInterceptor)
  archive(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() req: ArchiveRequest,
    @RequestLocale() locale: Locale,
  ): Promise<UploadTaskView> {
    return this.uploads.receiveArchive(user, id, file, req.previousStatus!, locale);
  }

  /** Completes a verified upload (drone id, task logs); publishes import.upload.completed with the manifest's URI. */
  @Post('upload-tasks/:id/complete')
  @HttpCode(200)
  @RequireRights(...WRITE)
  complete(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @Body() dto: CompleteUploadDto,
    @RequestLocale() locale: Locale,
  ): Promise<UploadTaskView> {
    return this.uploads.complete(user, id, dto, locale);
  }
}
