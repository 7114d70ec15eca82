import { Module } from '@nestjs/common';
import { ActivityConsumer } from './activity.consumer.js';

@Module({ controllers: [ActivityConsumer], providers: [] })
export class ActivityModule {}
