import { Module } from '@nestjs/common';
import { ImagesController } from './images.controller.js';
import { ImageListRepository } from './image-list.repository.js';
import { ImagesService } from './images.service.js';
import { TilesWorker } from './tiles.worker.js';

@Module({ controllers: [ImagesController], providers: [ImagesService, ImageListRepository, TilesWorker], exports: [TilesWorker, ImagesService] })
export class ImagesModule {}
