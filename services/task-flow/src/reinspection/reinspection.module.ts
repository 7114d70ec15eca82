import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { ReinspectionController } from './reinspection.controller.js';
import { ReinspectionService } from './reinspection.service.js';
import { ReinspectionRepository } from './reinspection.repository.js';

@Module({ imports: [TasksModule], controllers: [ReinspectionController], providers: [ReinspectionService, ReinspectionRepository] })
export class ReinspectionModule {}
