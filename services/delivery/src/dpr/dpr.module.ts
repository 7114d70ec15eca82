import { Module } from '@nestjs/common';
import { DprConfigController, DprsController } from './dpr.controller.js';
import { DprConfigService } from './dpr-config.service.js';
import { DprListRepository } from './dpr-list.repository.js';
import { DprPhotoRepository } from './dpr-photo.repository.js';
import { DprsService } from './dprs.service.js';
import { DprPhotosService } from './dpr-photos.service.js';

@Module({ controllers: [DprConfigController, DprsController], providers: [DprConfigService, DprsService, DprPhotosService, DprPhotoRepository, DprListRepository] })
export class DprModule {}
