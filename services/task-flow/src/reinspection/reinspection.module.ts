import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { ReinspectionController } from './reinspection.controller.js';
import { ReinspectionService } from './reinspection.service.js';

@Module({ imports: [TasksModule], controllers: [ReinspectionController], providers: [ReinspectionService] })
export class ReinspectionModule {}
