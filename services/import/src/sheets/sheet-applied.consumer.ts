import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type SheetAppliedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { SheetImportQueue } from './sheet-import-queue.service.js';

/** inspection's answer to import.sheet.committed ends step 4 (see SheetImportQueue.applied). */
@Controller()
export class SheetAppliedConsumer {
  constructor(private readonly queue: SheetImportQueue) {}

  @OnEvent(EventTypes.InspectionSheetApplied)
  async onApplied(@Payload() p: SheetAppliedPayload, @Ctx() ctx: BusContext) {
    await this.queue.applied(ctx.manager, p);
  }
}
