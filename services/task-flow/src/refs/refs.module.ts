import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { RefsConsumer } from './refs.consumer.js';
import { UsersConsumer } from './user-refs.consumer.js';

@Module({ imports: [TasksModule], controllers: [RefsConsumer, UsersConsumer] })
export class RefsModule {}
