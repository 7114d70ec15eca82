import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, sendFile, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { BINARY } from '../images/images.controller.js';
import { API } from '../inspections/inspections.controller.js';
import { StitchingService, type PanoramaFile } from './stitching.service.js';
import { PanoramaFileQuery, PanoramaListQuery, PanoramaOffsetsDto, RequestPanoramaDto } from './stitching.dto.js';
import { PanoramaDetailView, PanoramaListView, PanoramaQueuedView } from './stitching.view.js';

/** Inspection write rights, or a reviewer's `qa.edit`; the service then checks the component. */
const STITCH_RIGHTS = [...INSPECTION_WRITE_RIGHTS, Rights.QA_EDIT];

@ApiTags('stitching')
@ApiBearerAuth()
@Controller(API)
export class StitchingController {
  constructor(private readonly stitching: StitchingService) {}

  /** Stitches a blade path (again): 202 with the queued run; -11005 when the path has no active photo. */
  @Post('inspections/:id/panoramas')
  @HttpCode(202)
  @RequireRights(...STITCH_RIGHTS)
  request(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: RequestPanoramaDto): Promise<PanoramaQueuedView> {
    return this.stitching.request(user, id, dto);
  }

  /** Panoramas of an inspection in gallery order. */
  @Get('inspections/:id/panoramas')
  list(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: PanoramaListQuery): Promise<PanoramaListView> {
    return this.stitching.list(user, id, q);
  }

  /** One panorama with its placements and the path's defects in panorama pixels. */
  @Get('panoramas/:panoramaId')
  get(@CurrentUser() user: AuthUser, @IdParam('panoramaId') panoramaId: string): Promise<PanoramaDetailView> {
    return this.stitching.get(user, panoramaId);
  }

  /** `{offsets: {imageId: {dx, dy}}}` (source pixels) → 202, stitched again. */
  @Put('panoramas/:panoramaId/offsets')
  @HttpCode(202)
  @RequireRights(...STITCH_RIGHTS)
  setOffsets(
    @CurrentUser() user: AuthUser,
    @IdParam('panoramaId') panoramaId: string,
    @Body() dto: PanoramaOffsetsDto,
  ): Promise<PanoramaQueuedView> {
    return this.stitching.setOffsets(user, panoramaId, dto);
  }

  /** The stitched panorama (JPEG). */
  @Get('panoramas/:panoramaId/panorama')
  @ApiProduces('image/jpeg')
  @ApiOkResponse(BINARY)
  async panorama(
    @CurrentUser() user: AuthUser,
    @IdParam('panoramaId') id: string,
    @Query() q: PanoramaFileQuery,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.send(res, user, id, 'panorama', q.v);
  }

  /** The panorama's thumbnail (JPEG). */
  @Get('panoramas/:panoramaId/thumbnail')
  @ApiProduces('image/jpeg')
  @ApiOkResponse(BINARY)
  async thumbnail(
    @CurrentUser() user: AuthUser,
    @IdParam('panoramaId') id: string,
    @Query() q: PanoramaFileQuery,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.send(res, user, id, 'thumbnail', q.v);
  }

  /** OpenSeadragon tile source (`?v=` = run; its tiles inherit the query). */
  @Get('panoramas/:panoramaId/image.dzi')
  @ApiProduces('application/xml')
  @ApiOkResponse(BINARY)
  async dzi(
    @CurrentUser() user: AuthUser,
    @IdParam('panoramaId') id: string,
    @Query() q: PanoramaFileQuery,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.send(res, user, id, 'dzi', q.v);
  }

  /** One tile of the panorama's DZI pyramid. */
  @Get('panoramas/:panoramaId/image_files/:level/:tile')
  @ApiProduces('image/jpeg')
  @ApiOkResponse(BINARY)
  async tile(
    @CurrentUser() user: AuthUser,
    @IdParam('panoramaId') id: string,
    @Param('level') level: string,
    @Param('tile') tile: string,
    @Query() q: PanoramaFileQuery,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.send(res, user, id, { level, tile }, q.v);
  }

  private async send(res: FastifyReply, user: AuthUser, id: string, what: PanoramaFile, v: string | undefined) {
    const f = await this.stitching.file(user, id, what, v);
    // A URL naming its run (`?v=`) never changes, like an image's files; without it the next run replaces the bytes.
    sendFile(res, f, { 'cache-control': f.current ? 'private, max-age=86400, immutable' : 'private, no-cache' });
  }
}
