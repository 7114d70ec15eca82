import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type {} from 'multer';
import { Rights } from '@windward/contracts';
import {
  ApiFileBody,
  CurrentUser,
  IdParam,
  PhotoUploadInterceptor,
  RequireRights,
  sendStoredPhoto,
  type AuthUser,
} from '@windward/service-kit';
import { DprPhotosService } from './dpr-photos.service.js';
import { DprConfigService } from './dpr-config.service.js';
import { DprsService } from './dprs.service.js';
import { DprConfigListQuery, DprListQuery, ReviewDprDto, SaveDprActivityDto, SaveDprDto, SaveDprTemplateDto } from './dpr.dto.js';
import { DprActivityPage, DprActivityView, DprPage, DprPhotoView, DprTemplatePage, DprTemplateView, DprView } from './dpr.view.js';

const API = 'gw/delivery/api/v2';

@ApiTags('DPR activity configuration')
@ApiBearerAuth()
@Controller(API)
export class DprConfigController {
  constructor(private readonly config: DprConfigService) {}

  /** DPR activities, paged and sorted on the server. */
  @Get('dpr-activities')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_SHOW, Rights.DPR_ACTIVITY_CONFIG_EDIT)
  activities(@Query() q: DprConfigListQuery): Promise<DprActivityPage> {
    return this.config.activities(q);
  }

  /** Creates an activity (names unique). */
  @Post('dpr-activities')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  createActivity(@Body() dto: SaveDprActivityDto): Promise<DprActivityView> {
    return this.config.saveActivity(null, dto);
  }

  /** Renames an activity or changes its unit. */
  @Put('dpr-activities/:id')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  updateActivity(@IdParam() id: string, @Body() dto: SaveDprActivityDto): Promise<DprActivityView> {
    return this.config.saveActivity(id, dto);
  }

  /** Deletes an activity no template lists (-8001 otherwise); answers 204. */
  @Delete('dpr-activities/:id')
  @HttpCode(204)
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  async removeActivity(@IdParam() id: string): Promise<void> {
    await this.config.removeActivity(id);
  }

  /** DPR templates with their activities, paged and sorted on the server. */
  @Get('dpr-templates')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_SHOW, Rights.DPR_ACTIVITY_CONFIG_EDIT, Rights.PROJECT_CENTER_EDIT)
  templates(@Query() q: DprConfigListQuery): Promise<DprTemplatePage> {
    return this.config.templates(q);
  }

  /** Creates a template from existing activities. */
  @Post('dpr-templates')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  createTemplate(@Body() dto: SaveDprTemplateDto): Promise<DprTemplateView> {
    return this.config.saveTemplate(null, dto);
  }

  /** Replaces a template's name and activities. */
  @Put('dpr-templates/:id')
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  updateTemplate(@IdParam() id: string, @Body() dto: SaveDprTemplateDto): Promise<DprTemplateView> {
    return this.config.saveTemplate(id, dto);
  }

  /** Deletes a template no project uses (-8002 otherwise); answers 204. */
  @Delete('dpr-templates/:id')
  @HttpCode(204)
  @RequireRights(Rights.DPR_ACTIVITY_CONFIG_EDIT)
  async removeTemplate(@IdParam() id: string): Promise<void> {
    await this.config.removeTemplate(id);
  }
}

@ApiTags('daily progress reports')
@ApiBearerAuth()
@Controller(API)
export class DprsController {
  constructor(
    private readonly dprs: DprsService,
    private readonly photos: DprPhotosService,
  ) {}

  /** Uploads a photo for a report (multipart `file`: JPG/JPEG/PNG ≤ 20 MB, content-checked); its id then goes into the report's `photos`. */
  @Post('dpr-photos')
  @ApiFileBody('file', undefined, { description: 'The photo: JPG/JPEG/PNG, at most 20 MB.' })
  @RequireRights(Rights.CAMPAIGN_MANAGER_SHOW)
  @UseInterceptors(PhotoUploadInterceptor)
  uploadPhoto(@CurrentUser() user: AuthUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<DprPhotoView> {
    return this.photos.upload(user, file);
  }

  /** A report photo's bytes: for whoever may see a report holding it (before that, its uploader). */
  @Get('dpr-photos/:id')
  @RequireRights(Rights.DPR_SHOW, Rights.DPR_APPROVE, Rights.CAMPAIGN_MANAGER_SHOW)
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async photo(@CurrentUser() user: AuthUser, @IdParam() id: string, @Res() res: FastifyReply): Promise<void> {
    sendStoredPhoto(res, await this.photos.file(user, id));
  }

  /** Daily progress reports of projects in the caller's scope, paged and sorted on the server. */
  @Get('dprs')
  @RequireRights(Rights.DPR_SHOW, Rights.DPR_APPROVE, Rights.CAMPAIGN_MANAGER_SHOW)
  list(@CurrentUser() user: AuthUser, @Query() q: DprListQuery): Promise<DprPage> {
    return this.dprs.list(user, q);
  }

  /** One report with its activity lines. */
  @Get('dprs/:id')
  @RequireRights(Rights.DPR_SHOW, Rights.DPR_APPROVE, Rights.CAMPAIGN_MANAGER_SHOW)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<DprView> {
    return this.dprs.get(user, id);
  }

  /** A campaign manager submits a day's progress per activity (planned vs done, weather, downtime, comments, photos). */
  @Post('dprs')
  @RequireRights(Rights.CAMPAIGN_MANAGER_SHOW)
  submit(@CurrentUser() user: AuthUser, @Body() dto: SaveDprDto): Promise<DprView> {
    return this.dprs.submit(user, dto);
  }

  /** Edits and submits again; an approved report is refused. */
  @Put('dprs/:id')
  @RequireRights(Rights.CAMPAIGN_MANAGER_SHOW)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveDprDto): Promise<DprView> {
    return this.dprs.update(user, id, dto);
  }

  /** Deletes a report that is not approved; answers 204. */
  @Delete('dprs/:id')
  @HttpCode(204)
  @RequireRights(Rights.CAMPAIGN_MANAGER_SHOW)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.dprs.remove(user, id);
  }

  /** A project manager approves a submitted report (then it is frozen). */
  @Put('dprs/:id/approve')
  @RequireRights(Rights.DPR_APPROVE)
  approve(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: ReviewDprDto): Promise<DprView> {
    return this.dprs.review(user, id, true, dto);
  }

  /** A project manager rejects a submitted report with a comment; the campaign manager edits and submits again. */
  @Put('dprs/:id/reject')
  @RequireRights(Rights.DPR_APPROVE)
  reject(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: ReviewDprDto): Promise<DprView> {
    return this.dprs.review(user, id, false, dto);
  }
}
