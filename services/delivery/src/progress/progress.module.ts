import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { ProgressController } from './progress.controller.js';
import { ProgressConsumer, ProgressLive } from './progress-live.js';
import { ProgressService } from './progress.service.js';

@Module({ imports: [ProjectsModule], controllers: [ProgressController, ProgressConsumer], providers: [ProgressService, ProgressLive] })
export class ProgressModule {}
