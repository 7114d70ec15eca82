import { Module } from '@nestjs/common';
import { DefectsModule } from '../defects/defects.module.js';
import { TimelineController } from './timeline.controller.js';
import { TimelineService } from './timeline.service.js';

@Module({ imports: [DefectsModule], controllers: [TimelineController], providers: [TimelineService] })
export class TimelineModule {}
