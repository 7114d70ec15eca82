import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';

/**
 * The service's schema for its repositories' hand-written SQL: `s` quoted for statements
 * (`"task_flow"`: `FROM ${sql.s}.task`), `schema` as configured (channel names, catalogue
 * queries). Provided by the kit to every module.
 */
@Injectable()
export class Sql {
  readonly schema: string;
  readonly s: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.schema = cfg.schema;
    this.s = `"${cfg.schema}"`;
  }
}
