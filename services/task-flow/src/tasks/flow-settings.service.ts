import { Injectable } from '@nestjs/common';
import { isUuid } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { TaskRepository } from './task.repository.js';
import type { SetTimeLimitsDto } from './task.dto.js';
import type { CustomerFlowConfigsView, StageTimeLimitView } from './task.view.js';

/** Flow management: stage time limits, and the customers' flow configs (edited in identity). */
@Injectable()
export class FlowSettingsService {
  constructor(private readonly tasks: TaskRepository) {}

  async timeLimits(): Promise<StageTimeLimitView[]> {
    const rows = await this.tasks.timeLimits();
    return rows.map((r) => ({ taskStageType: r.stage, minutes: r.minutes }));
  }

  async setTimeLimits(b: SetTimeLimitsDto): Promise<StageTimeLimitView[]> {
    await this.tasks.setTimeLimits(b.limits.map((l) => ({ stage: l.taskStageType, minutes: l.minutes })));
    return this.timeLimits();
  }

  /** Flow configs of the customers task-flow knows (flow management screen; edited in identity). */
  async flowConfigs(user: AuthUser): Promise<CustomerFlowConfigsView[]> {
    const rows = await this.tasks.customerFlowConfigs(user.customerIds === null ? null : user.customerIds.filter(isUuid));
    return rows.map((r) => ({ customerId: r.customer_id, customerName: r.name, flowConfigs: r.flow_configs ?? [] }));
  }
}
