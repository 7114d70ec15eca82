import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiFileBody, CurrentUser, IdParam, RequireRights, sendStoredPhoto, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { ImagesService } from './images.service.js';
import { ImageListQuery, UpdateImageDto, UploadImageDto } from './image.dto.js';
import { ImagePage, ImageView, ProcessingView } from './image.view.js';
import { PhotoUploadInterceptor } from './photo-upload.interceptor.js';

/** A file answer (the bytes themselves). */
export const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

@ApiTags('images')
@ApiBearerAuth()
@Controller(API)
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Uploads a photo: multipart/form-data `file` (JPG/JPEG/PNG ≤ 20 MB) and optional attribute fields; tiles are made afterwards. */
  @Post('inspections/:id/images')
  @ApiFileBody('file', UploadImageDto, { description: 'The photo: JPG/JPEG/PNG, at most 20 MB.' })
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  @UseInterceptors(PhotoUploadInterceptor)
  upload(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() dto: UploadImageDto,
  ): Promise<ImageView> {
    return this.images.upload(user, id, file, dto);
  }

  /** Images of an inspection in gallery order (blade, view order, chamber, sort index). */
  @Get('inspections/:id/images')
  list(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: ImageListQuery): Promise<ImagePage> {
    return this.images.list(user, id, q);
  }

  /** Tile progress of the inspection's images. */
  @Get('inspections/:id/processing')
  processing(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ProcessingView> {
    return this.images.processing(user, id);
  }

  /** One image. */
  @Get('images/:imageId')
  get(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string): Promise<ImageView> {
    return this.images.get(user, imageId);
  }

  /** Changes the given attributes of an image. */
  @Patch('images/:imageId')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string, @Body() dto: UpdateImageDto): Promise<ImageView> {
    return this.images.update(user, imageId, dto);
  }

  /** Deletes an image without defects (at least one image stays). */
  @Delete('images/:imageId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string): Promise<void> {
    await this.images.remove(user, imageId);
  }

  /** The original photo. */
  @Get('images/:imageId/original')
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse(BINARY)
  async original(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string, @Res() res: FastifyReply): Promise<void> {
    sendStoredPhoto(res, await this.images.file(user, imageId, 'original'));
  }

  /** The thumbnail (once tiled). */
  @Get('images/:imageId/thumbnail')
  @ApiProduces('image/jpeg')
  @ApiOkResponse(BINARY)
  async thumbnail(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string, @Res() res: FastifyReply): Promise<void> {
    sendStoredPhoto(res, await this.images.file(user, imageId, 'thumbnail'));
  }

  /** OpenSeadragon tile source; it then asks for `image_files/{level}/{col}_{row}.jpeg` beside it. */
  @Get('images/:imageId/image.dzi')
  @ApiProduces('application/xml')
  @ApiOkResponse(BINARY)
  async dzi(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string, @Res() res: FastifyReply): Promise<void> {
    sendStoredPhoto(res, await this.images.file(user, imageId, 'dzi'));
  }

  /** One tile of the DZI pyramid. */
  @Get('images/:imageId/image_files/:level/:tile')
  @ApiProduces('image/jpeg')
  @ApiOkResponse(BINARY)
  async tile(
    @CurrentUser() user: AuthUser,
    @IdParam('imageId') imageId: string,
    @Param('level') level: string,
    @Param('tile') tile: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    sendStoredPhoto(res, await this.images.file(user, imageId, { level, tile }));
  }
}
