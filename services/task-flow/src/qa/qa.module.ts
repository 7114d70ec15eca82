import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { QaController } from './qa.controller.js';
import { QaService } from './qa.service.js';
import { QaRepository } from './qa.repository.js';

@Module({ imports: [TasksModule], controllers: [QaController], providers: [QaService, QaRepository] })
export class QaModule {}
