import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

/** The service's quoted schema for hand-written SQL, and the post-commit change channel. */
@Injectable()
export class Sql {
  readonly s: string;
  readonly changeChannel: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
    this.changeChannel = `ww_task_changed_${cfg.schema}`;
  }
}

