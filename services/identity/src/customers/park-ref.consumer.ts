import { Controller } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ParkEventPayload } from '@windward/contracts';
import { ParkRefsConsumer } from '@windward/service-kit';
import { ParkRef } from './park-ref.entity.js';

/** Keeps park ownership locally so customer deletion can be refused without asking asset (the kit's park handler; identity's own columns). */
@Controller()
export class ParkRefConsumer extends ParkRefsConsumer {
  protected override async keepPark(m: EntityManager, p: ParkEventPayload): Promise<void> {
    await m.upsert(ParkRef, { parkId: p.windFarmId, customerId: p.customerId, name: p.windFarmName }, ['parkId']);
  }
}
