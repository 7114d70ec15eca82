import { Module } from '@nestjs/common';
import { DefectsModule } from '../defects/defects.module.js';
import { TimelineController } from './timeline.controller.js';
import { TimelineService } from './timeline.service.js';
import { RepairConsumer } from './repair.consumer.js';

@Module({ imports: [DefectsModule], controllers: [TimelineController, RepairConsumer], providers: [TimelineService] })
export class TimelineModule {}
