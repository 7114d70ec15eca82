import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

/** The service's quoted schema for the repositories' hand-written SQL. */
@Injectable()
export class Sql {
  readonly s: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }
}
