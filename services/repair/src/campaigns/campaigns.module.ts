import { Module } from '@nestjs/common';
import { CampaignLive } from './campaign-live.js';
import { CampaignRepository } from './campaign.repository.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { RepairWorkService } from './repair-work.service.js';

@Module({ controllers: [CampaignsController], providers: [CampaignsService, RepairWorkService, CampaignRepository, CampaignLive] })
export class CampaignsModule {}
