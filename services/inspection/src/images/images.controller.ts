import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { ImagesService } from './images.service.js';
import { UpdateImageDto } from './image.dto.js';
import { PhotoUploadInterceptor } from './photo-upload.interceptor.js';

@ApiTags('images')
@ApiBearerAuth()
@Controller(API)
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** multipart/form-data: `file` (JPG/JPEG/PNG ≤ 20 MB) and optional attribute fields. */
  @Post('inspections/:id/images')
  @ApiConsumes('multipart/form-data')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  @UseInterceptors(PhotoUploadInterceptor)
  upload(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() req: Request,
  ) {
    return this.images.upload(user, id, file, (req.body ?? {}) as Record<string, unknown>);
  }

  @Get('inspections/:id/images')
  list(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.images.list(user, id, q);
  }

  @Get('inspections/:id/processing')
  processing(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.images.processing(user, id);
  }

  @Get('images/:imageId')
  get(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string) {
    return this.images.get(user, imageId);
  }

  @Patch('images/:imageId')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string, @Body() dto: UpdateImageDto) {
    return this.images.update(user, imageId, dto);
  }

  @Delete('images/:imageId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string) {
    await this.images.remove(user, imageId);
  }

  @Get('images/:imageId/original')
  async original(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string, @Res() res: Response) {
    send(res, await this.images.file(user, imageId, 'original'));
  }

  @Get('images/:imageId/thumbnail')
  async thumbnail(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string, @Res() res: Response) {
    send(res, await this.images.file(user, imageId, 'thumbnail'));
  }

  /** OpenSeadragon tile source; it then asks for `image_files/{level}/{col}_{row}.jpeg` beside it. */
  @Get('images/:imageId/image.dzi')
  async dzi(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string, @Res() res: Response) {
    send(res, await this.images.file(user, imageId, 'dzi'));
  }

  @Get('images/:imageId/image_files/:level/:tile')
  async tile(
    @CurrentUser() user: AuthUser,
    @Param('imageId') imageId: string,
    @Param('level') level: string,
    @Param('tile') tile: string,
    @Res() res: Response,
  ) {
    send(res, await this.images.file(user, imageId, { level, tile }));
  }
}

function send(res: Response, f: { stream: NodeJS.ReadableStream; size: number; type: string }) {
  res.setHeader('content-type', f.type);
  res.setHeader('content-length', String(f.size));
  // Files of an image never change under the same URL (a new photo is a new image id).
  res.setHeader('cache-control', 'private, max-age=86400, immutable');
  res.setHeader('x-content-type-options', 'nosniff');
  f.stream.pipe(res);
}
