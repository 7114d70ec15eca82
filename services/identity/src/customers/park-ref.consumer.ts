import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type ParkEventPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { ParkRef } from './park-ref.entity.js';

/** Keeps park ownership locally so customer deletion can be refused without asking asset. */
@Controller()
export class ParkRefConsumer {
  @OnEvent(EventTypes.AssetParkCreated)
  @OnEvent(EventTypes.AssetParkUpdated)
  async onPark(@Payload() p: ParkEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.upsert(ParkRef, { parkId: p.windFarmId, customerId: p.customerId, name: p.windFarmName }, ['parkId']);
  }
}
