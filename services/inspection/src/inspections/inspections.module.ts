import { Module } from '@nestjs/common';
import { InspectionsController } from './inspections.controller.js';
import { InspectionsService } from './inspections.service.js';
import { InspectionRepository } from './inspection.repository.js';

@Module({ controllers: [InspectionsController], providers: [InspectionsService, InspectionRepository], exports: [InspectionsService, InspectionRepository] })
export class InspectionsModule {}
