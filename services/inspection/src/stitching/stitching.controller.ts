import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { StitchingService, type PanoramaFile } from './stitching.service.js';

/** Inspection write rights, or a reviewer's `qa.edit`; the service then checks the component. */
const STITCH_RIGHTS = [...INSPECTION_WRITE_RIGHTS, Rights.QA_EDIT];

@ApiTags('stitching')
@ApiBearerAuth()
@Controller(API)
export class StitchingController {
  constructor(private readonly stitching: StitchingService) {}

  /** `{bladePosition, pathViewIndex, chamber?, pixelSizeMm?, offsets?}` → 202 `{panoramaId, jobId, status, version}`. */
  @Post('inspections/:id/panoramas')
  @HttpCode(202)
  @RequireRights(...STITCH_RIGHTS)
  request(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    return this.stitching.request(user, id, body ?? {});
  }

  @Get('inspections/:id/panoramas')
  list(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.stitching.list(user, id, q);
  }

  @Get('panoramas/:panoramaId')
  get(@CurrentUser() user: AuthUser, @Param('panoramaId') panoramaId: string) {
    return this.stitching.get(user, panoramaId);
  }

  /** `{offsets: {imageId: {dx, dy}}}` (source pixels) → 202, stitched again. */
  @Put('panoramas/:panoramaId/offsets')
  @HttpCode(202)
  @RequireRights(...STITCH_RIGHTS)
  setOffsets(@CurrentUser() user: AuthUser, @Param('panoramaId') panoramaId: string, @Body() body: Record<string, unknown>) {
    return this.stitching.setOffsets(user, panoramaId, body ?? {});
  }

  @Get('panoramas/:panoramaId/panorama')
  async panorama(@CurrentUser() user: AuthUser, @Param('panoramaId') id: string, @Query('v') v: unknown, @Res() res: Response) {
    await this.send(res, user, id, 'panorama', v);
  }

  @Get('panoramas/:panoramaId/thumbnail')
  async thumbnail(@CurrentUser() user: AuthUser, @Param('panoramaId') id: string, @Query('v') v: unknown, @Res() res: Response) {
    await this.send(res, user, id, 'thumbnail', v);
  }

  /** OpenSeadragon tile source (`?v=` = run; its tiles inherit the query). */
  @Get('panoramas/:panoramaId/image.dzi')
  async dzi(@CurrentUser() user: AuthUser, @Param('panoramaId') id: string, @Query('v') v: unknown, @Res() res: Response) {
    await this.send(res, user, id, 'dzi', v);
  }

  @Get('panoramas/:panoramaId/image_files/:level/:tile')
  async tile(
    @CurrentUser() user: AuthUser,
    @Param('panoramaId') id: string,
    @Param('level') level: string,
    @Param('tile') tile: string,
    @Query('v') v: unknown,
    @Res() res: Response,
  ) {
    await this.send(res, user, id, { level, tile }, v);
  }

  private async send(res: Response, user: AuthUser, id: string, what: PanoramaFile, v: unknown) {
    const f = await this.stitching.file(user, id, what, v);
    res.setHeader('content-type', f.type);
    res.setHeader('content-length', String(f.size));
    // A URL naming its run (`?v=`) never changes, like an image's files; without it the next run replaces the bytes.
    res.setHeader('cache-control', f.current ? 'private, max-age=86400, immutable' : 'private, no-cache');
    res.setHeader('x-content-type-options', 'nosniff');
    f.stream.pipe(res);
  }
}
