import { Module } from '@nestjs/common';
import { TaskEngine } from './task-engine.js';
import { FlowService } from './flow.service.js';
import { TasksService } from './tasks.service.js';
import { TasksController } from './tasks.controller.js';
import { FlowConsumer } from './flow.consumer.js';

@Module({ controllers: [TasksController, FlowConsumer], providers: [TaskEngine, FlowService, TasksService], exports: [TaskEngine, FlowService, TasksService] })
export class TasksModule {}
