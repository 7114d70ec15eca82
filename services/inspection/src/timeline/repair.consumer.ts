import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type RepairDefectRepairedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { RepairMark } from './repair-mark.entity.js';

/** The repair centre's repaired defects: the next inspection's timeline lists them as repaired. */
@Controller()
export class RepairConsumer {
  @OnEvent(EventTypes.RepairDefectRepaired)
  async onRepaired(@Payload() p: RepairDefectRepairedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.upsert(
      RepairMark,
      { defectId: p.defectId, campaignId: p.campaignId, repairStatus: p.repairStatus, repairedAt: new Date(p.repairedAt) },
      ['defectId'],
    );
  }
}
