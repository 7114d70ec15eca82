import { Module } from '@nestjs/common';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';
import { TilesWorker } from './tiles.worker.js';

@Module({ controllers: [ImagesController], providers: [ImagesService, TilesWorker], exports: [TilesWorker, ImagesService] })
export class ImagesModule {}
