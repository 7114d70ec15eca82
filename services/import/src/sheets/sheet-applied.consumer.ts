import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type SheetAppliedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { SheetImportsService } from './sheet-imports.service.js';

/** inspection's answer to import.sheet.committed ends step 4 (see SheetImportsService.applied). */
@Controller()
export class SheetAppliedConsumer {
  constructor(private readonly imports: SheetImportsService) {}

  @OnEvent(EventTypes.InspectionSheetApplied)
  async onApplied(@Payload() p: SheetAppliedPayload, @Ctx() ctx: BusContext) {
    await this.imports.applied(ctx.manager, p);
  }
}
