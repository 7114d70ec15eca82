import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
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
import { API_BASE } from '../common/access.js';
import {
  CampaignDefectQuery,
  CreateRepairCampaignDto,
  CreateRepairRecordDto,
  GrantTechniciansDto,
  OmProjectQuery,
  RepairCampaignListQuery,
  SetCampaignStatusDto,
  SetRepairStatusDto,
  SetTurbineStatusDto,
  TechnicianQuery,
  UploadRepairPhotoDto,
} from './campaign.dto.js';
import {
  CampaignDefectPage,
  CampaignDefectView,
  OmProjectView,
  RepairCampaignDetailView,
  RepairCampaignPage,
  RepairPhotoView,
  RepairRecordView,
  TechnicianPage,
} from './campaign.view.js';
import { RepairPhotosService } from './repair-photos.service.js';
import { CampaignsService } from './campaigns.service.js';
import { RepairWorkService } from './repair-work.service.js';

const READ = [Rights.MENU_REPAIR_OVERVIEW, Rights.MENU_REPAIR_CAMPAIGN, Rights.REPAIR_PLAN_SHOW, Rights.REPAIR_EDIT];

@ApiTags('repair campaigns')
@ApiBearerAuth()
@Controller(API_BASE)
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly work: RepairWorkService,
    private readonly photos: RepairPhotosService,
  ) {}

  /** The overview: every visible campaign with its progress, paged and sorted on the server (technicians: their own). */
  @Get('campaigns')
  @RequireRights(...READ)
  list(@CurrentUser() user: AuthUser, @Query() q: RepairCampaignListQuery): Promise<RepairCampaignPage> {
    return this.campaigns.list(user, q);
  }

  /** Creates a campaign from defects of a plan. */
  @Post('campaigns')
  @RequireRights(Rights.REPAIR_CAMPAIGN_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateRepairCampaignDto): Promise<RepairCampaignDetailView> {
    return this.campaigns.create(user, dto);
  }

  /** One campaign with per-turbine progress and its technicians. */
  @Get('campaigns/:id')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<RepairCampaignDetailView> {
    return this.campaigns.get(user, id);
  }

  /** Changes the campaign status (completed is final). */
  @Patch('campaigns/:id')
  @RequireRights(Rights.REPAIR_CAMPAIGN_EDIT)
  setStatus(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SetCampaignStatusDto): Promise<RepairCampaignDetailView> {
    return this.campaigns.setStatus(user, id, dto.status);
  }

  /** Deletes a campaign whose repairs have not started; 204. */
  @Delete('campaigns/:id')
  @HttpCode(204)
  @RequireRights(Rights.REPAIR_CAMPAIGN_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.campaigns.remove(user, id);
  }

  /** Grants repair technicians to the campaign (replaces the list). */
  @Put('campaigns/:id/technicians')
  @RequireRights(Rights.REPAIR_TECHNICIAN_GRANT)
  grant(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: GrantTechniciansDto): Promise<RepairCampaignDetailView> {
    return this.campaigns.grant(user, id, dto);
  }

  /** Sets a turbine's repair progress in the campaign (0, 1, 2). */
  @Patch('campaigns/:id/turbines/:turbineId')
  @HttpCode(204)
  @RequireRights(Rights.REPAIR_CAMPAIGN_DETAIL_EDIT)
  async setTurbineStatus(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('turbineId') turbineId: string,
    @Body() dto: SetTurbineStatusDto,
  ): Promise<void> {
    await this.work.setTurbineStatus(user, id, turbineId, dto.status);
  }

  /** The campaign's defects with repair status and step (repairDetailList), paged and sorted on the server. */
  @Get('campaigns/:id/defects')
  @RequireRights(...READ)
  defects(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: CampaignDefectQuery): Promise<CampaignDefectPage> {
    return this.work.defects(user, id, q);
  }

  /** Changes a defect's repair status by hand (SPEC §4 transitions). */
  @Patch('campaigns/:id/defects/:defectId')
  @RequireRights(Rights.REPAIR_EDIT)
  setRepairStatus(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('defectId', -7007) defectId: string,
    @Body() dto: SetRepairStatusDto,
  ): Promise<CampaignDefectView> {
    return this.work.setRepairStatus(user, id, defectId, dto.repairStatus);
  }

  /** A defect's repair records, newest first. */
  @Get('campaigns/:id/defects/:defectId/records')
  @RequireRights(...READ)
  records(@CurrentUser() user: AuthUser, @IdParam() id: string, @IdParam('defectId', -7007) defectId: string): Promise<RepairRecordView[]> {
    return this.work.records(user, id, defectId);
  }

  /** Records repair work on a defect (distance -5 m…blade length, technician, date, comment, outcome). */
  @Post('campaigns/:id/defects/:defectId/records')
  @RequireRights(Rights.REPAIR_EDIT)
  record(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('defectId', -7007) defectId: string,
    @Body() dto: CreateRepairRecordDto,
  ): Promise<RepairRecordView> {
    return this.work.record(user, id, defectId, dto);
  }

  /** Adds a before/after photo to a repair record: multipart `file` (JPG/JPEG/PNG ≤ 20 MB, content-checked) and `kind`. */
  @Post('campaigns/:id/defects/:defectId/records/:recordId/photos')
  @ApiFileBody('file', UploadRepairPhotoDto, { description: 'The photo: JPG/JPEG/PNG, at most 20 MB.' })
  @RequireRights(Rights.REPAIR_EDIT)
  @UseInterceptors(PhotoUploadInterceptor)
  uploadPhoto(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('defectId', -7007) defectId: string,
    @IdParam('recordId') recordId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() dto: UploadRepairPhotoDto,
  ): Promise<RepairPhotoView> {
    return this.photos.upload(user, id, defectId, recordId, dto.kind, file);
  }

  /** A record photo's bytes. */
  @Get('campaigns/:id/photos/:photoId')
  @RequireRights(...READ)
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async photo(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('photoId') photoId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    sendStoredPhoto(res, await this.photos.file(user, id, photoId));
  }

  /** Unfinished O&M projects covering a park (delivery's, by events): the campaign form's project picker. */
  @Get('om-projects')
  @RequireRights(Rights.REPAIR_CAMPAIGN_EDIT)
  omProjects(@CurrentUser() user: AuthUser, @Query() q: OmProjectQuery): Promise<OmProjectView[]> {
    return this.campaigns.omProjects(user, q);
  }

  /** Users with the repair technician role. */
  @Get('technicians')
  @RequireRights(Rights.TECHNICIAN_SHOW, Rights.REPAIR_TECHNICIAN_GRANT)
  technicians(@Query() q: TechnicianQuery): Promise<TechnicianPage> {
    return this.campaigns.technicians(q);
  }
}
