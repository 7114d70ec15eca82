import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { TaskLive } from './task-live.js';

@Module({ imports: [TasksModule], providers: [TaskLive] })
export class RealtimeModule {}
