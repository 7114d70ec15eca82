import { Controller, Inject } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AssetRefsConsumer, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

/**
 * Parks and turbines as asset announces them (the kit's read copies): an upload task names a
 * park and a turbine of it, and the park's customer is the data scope of its upload tasks.
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    super();
    this.schema = `"${cfg.schema}"`;
  }

  /** The name belongs to the turbine: upload tasks show (and announce at completion) the current one. */
  protected override async turbineNamed(m: EntityManager, turbineId: string, name: string): Promise<void> {
    await m.query(`UPDATE ${this.schema}.upload_task SET turbine_name = $2 WHERE turbine_id = $1 AND turbine_name <> $2`, [turbineId, name]);
  }
}
