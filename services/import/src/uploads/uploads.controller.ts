import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { ArchiveUploadInterceptor, type ArchiveRequest } from './archive-upload.interceptor.js';
import { CompleteUploadDto, CreateUploadTaskDto } from './upload.dto.js';
import { UploadsService } from './uploads.service.js';

export const API = 'gw/import/api/v2';
/** Drone uploads are data integration work; inspection data managers may do them too. */
const WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
const READ = [Rights.DATA_INTEGRATION_SHOW, ...WRITE];

const locale = (req: Request) => requestLocale(req.headers);

@ApiTags('upload tasks')
@ApiBearerAuth()
@Controller(API)
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('upload-tasks')
  @RequireRights(...WRITE)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateUploadTaskDto, @Req() req: Request) {
    return this.uploads.create(user, dto, locale(req));
  }

  @Get('upload-tasks')
  @RequireRights(...READ)
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>, @Req() req: Request) {
    return this.uploads.list(user, q, locale(req));
  }

  @Get('upload-tasks/:id')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request) {
    return this.uploads.get(user, id, locale(req));
  }

  /** multipart/form-data `file`: a ZIP of photographs (≤ 2 GB, layout in docs/import.md). 202: verification queued. */
  @Post('upload-tasks/:id/archive')
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  @RequireRights(...WRITE)
  @UseInterceptors(ArchiveUploadInterceptor)
  archive(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() req: ArchiveRequest,
  ) {
    return this.uploads.receiveArchive(user, id, file, req.previousStatus!, locale(req));
  }

  @Post('upload-tasks/:id/complete')
  @HttpCode(200)
  @RequireRights(...WRITE)
  complete(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CompleteUploadDto, @Req() req: Request) {
    return this.uploads.complete(user, id, dto, locale(req));
  }
}
