import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type TableAppliedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { TableImportsService } from './table-imports.service.js';

/** inspection's answer to import.table.committed ends an LPS or template import. */
@Controller()
export class TableAppliedConsumer {
  constructor(private readonly imports: TableImportsService) {}

  @OnEvent(EventTypes.InspectionTableApplied)
  async onApplied(@Payload() p: TableAppliedPayload, @Ctx() ctx: BusContext) {
    await this.imports.applied(ctx.manager, p);
  }
}
