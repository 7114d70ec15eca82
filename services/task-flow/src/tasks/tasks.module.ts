import { Module } from '@nestjs/common';
import { TaskEngine } from './task-engine.js';
import { TaskRepository } from './task.repository.js';
import { TaskStateRepository } from './task-state.repository.js';
import { FlowService } from './flow.service.js';
import { FlowRepository } from './flow.repository.js';
import { LockedTask } from './locked-task.js';
import { TaskListsService } from './task-lists.service.js';
import { TaskDetailService } from './task-detail.service.js';
import { TaskMonitorService } from './task-monitor.service.js';
import { TaskWorkService } from './task-work.service.js';
import { TaskAdminService } from './task-admin.service.js';
import { FlowSettingsService } from './flow-settings.service.js';
import { TasksController } from './tasks.controller.js';
import { FlowConsumer } from './flow.consumer.js';

const USE_CASES = [TaskListsService, TaskDetailService, TaskMonitorService, TaskWorkService, TaskAdminService, FlowSettingsService];

@Module({
  controllers: [TasksController, FlowConsumer],
  providers: [TaskEngine, TaskRepository, TaskStateRepository, FlowRepository, FlowService, LockedTask, ...USE_CASES],
  exports: [TaskEngine, TaskRepository, TaskStateRepository, FlowRepository, FlowService, LockedTask, ...USE_CASES],
})
export class TasksModule {}
