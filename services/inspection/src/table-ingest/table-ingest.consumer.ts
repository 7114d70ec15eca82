import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type TableCommittedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { TableIngestService } from './table-ingest.service.js';

/** A verified LPS or template workbook lands whole, or not at all (see TableIngestService). */
@Controller()
export class TableIngestConsumer {
  constructor(private readonly ingest: TableIngestService) {}

  @OnEvent(EventTypes.ImportTableCommitted)
  async onTableCommitted(@Payload() p: TableCommittedPayload, @Ctx() ctx: BusContext) {
    await this.ingest.apply(ctx.manager, p);
  }
}
