import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { QaController } from './qa.controller.js';
import { QaService } from './qa.service.js';

@Module({ imports: [TasksModule], controllers: [QaController], providers: [QaService] })
export class QaModule {}
