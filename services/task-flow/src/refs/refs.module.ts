import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { RefsConsumer } from './refs.consumer.js';

@Module({ imports: [TasksModule], controllers: [RefsConsumer] })
export class RefsModule {}
