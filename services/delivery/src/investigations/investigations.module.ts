import { Module } from '@nestjs/common';
import { InvestigationsController } from './investigations.controller.js';
import { InvestigationRepository } from './investigation.repository.js';
import { InvestigationsService } from './investigations.service.js';

@Module({ controllers: [InvestigationsController], providers: [InvestigationsService, InvestigationRepository] })
export class InvestigationsModule {}
