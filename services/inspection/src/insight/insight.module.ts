import { Module } from '@nestjs/common';
import { InsightController } from './insight.controller.js';
import { InsightRepository } from './insight.repository.js';
import { InsightService } from './insight.service.js';

/** Health care and the data insight: read models over inspection's own tables. */
@Module({ controllers: [InsightController], providers: [InsightService, InsightRepository] })
export class InsightModule {}
