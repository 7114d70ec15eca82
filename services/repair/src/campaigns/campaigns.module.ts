import { Module } from '@nestjs/common';
import { CampaignLive } from './campaign-live.js';
import { CampaignRepository } from './campaign.repository.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { RepairWorkService } from './repair-work.service.js';
import { RepairPhotosService } from './repair-photos.service.js';

@Module({ controllers: [CampaignsController], providers: [CampaignsService, RepairWorkService, RepairPhotosService, CampaignRepository, CampaignLive] })
export class CampaignsModule {}
