import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@windward/service-kit';
import { TaskFlowInitial1763700000500 } from './migrations/1763700000500-task-flow-initial.js';
import { TaskFlowSpentTime1763700000510 } from './migrations/1763700000510-task-flow-spent-time.js';
import { TaskFlowLabeling1763700000520 } from './migrations/1763700000520-task-flow-labeling.js';
import { TaskFlowHandlerScope1763700000530 } from './migrations/1763700000530-task-flow-handler-scope.js';
import { TaskFlowHistoryKinds1763700000540 } from './migrations/1763700000540-task-flow-history-kinds.js';
import { TaskFlowReviewGuards1763700000550 } from './migrations/1763700000550-task-flow-review-guards.js';
import { TasksModule } from './tasks/tasks.module.js';
import { RefsModule } from './refs/refs.module.js';
import { QaModule } from './qa/qa.module.js';
import { ReinspectionModule } from './reinspection/reinspection.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';

/**
 * The task-flow service: tasks and their stages driven by import/inspection events, the task
 * pool and my tasks, QA/FQA, re-inspection approvals, campaign turbine rules and live updates.
 * Hand-written SQL throughout (schema in migrations/), so no TypeORM entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'task-flow',
      entities: [],
      migrations: [TaskFlowInitial1763700000500, TaskFlowSpentTime1763700000510, TaskFlowLabeling1763700000520, TaskFlowHandlerScope1763700000530, TaskFlowHistoryKinds1763700000540, TaskFlowReviewGuards1763700000550],
    }),
    TasksModule,
    RefsModule,
    QaModule,
    ReinspectionModule,
    CampaignsModule,
    RealtimeModule,
  ],
})
export class AppModule {}
