import { Module } from '@nestjs/common';
import { OmOverviewController } from './om-overview.controller.js';
import { OmOverviewRepository } from './om-overview.repository.js';
import { OmOverviewService } from './om-overview.service.js';
import { ParkChangeCompaction } from './park-change-compaction.worker.js';

@Module({ controllers: [OmOverviewController], providers: [OmOverviewService, OmOverviewRepository, ParkChangeCompaction] })
export class OmOverviewModule {}
