import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module.js';
import { PlanRepository } from './plan.repository.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

@Module({ imports: [TemplatesModule], controllers: [PlansController], providers: [PlansService, PlanRepository], exports: [PlanRepository] })
export class PlansModule {}
