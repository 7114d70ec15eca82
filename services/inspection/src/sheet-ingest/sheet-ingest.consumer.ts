import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type SheetCommittedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { SheetIngestService } from './sheet-ingest.service.js';

/** A verified spreadsheet import becomes its inspections, all in one transaction (see SheetIngestService). */
@Controller()
export class SheetIngestConsumer {
  constructor(private readonly ingest: SheetIngestService) {}

  @OnEvent(EventTypes.ImportSheetCommitted)
  async onSheetCommitted(@Payload() p: SheetCommittedPayload, @Ctx() ctx: BusContext) {
    await this.ingest.apply(ctx.manager, p);
  }
}
