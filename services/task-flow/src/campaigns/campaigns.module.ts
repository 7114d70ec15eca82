import { Module } from '@nestjs/common';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignRepository } from './campaign.repository.js';

@Module({ controllers: [CampaignsController], providers: [CampaignsService, CampaignRepository] })
export class CampaignsModule {}
