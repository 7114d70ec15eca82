import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type CustomerEventPayload, type DeletedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { CustomerRef } from './customer-ref.entity.js';
import { DemoSeed } from '../seed/demo-seed.js';

/** Keeps customer names and turbine quotas locally; parks may only be created for known customers. */
@Controller()
export class CustomerRefConsumer {
  constructor(private readonly demo: DemoSeed) {}

  @OnEvent(EventTypes.IdentityCustomerCreated)
  async onCreated(@Payload() p: CustomerEventPayload, @Ctx() ctx: BusContext) {
    await this.onCustomer(p, ctx);
    // Demo parks wait for their customer; seeding here needs no polling and commits with it.
    await this.demo.forCustomer(ctx.manager, p.customerId, p.customerName);
  }

  @OnEvent(EventTypes.IdentityCustomerUpdated)
  async onCustomer(@Payload() p: CustomerEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.upsert(CustomerRef, { customerId: p.customerId, name: p.customerName, maxTurbines: p.maxTurbines, deleted: false }, [
      'customerId',
    ]);
  }

  @OnEvent(EventTypes.IdentityCustomerDeleted)
  async onDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.update(CustomerRef, { customerId: p.id }, { deleted: true });
  }
}
