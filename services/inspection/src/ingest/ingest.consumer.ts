import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type UploadCompletedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { IngestService } from './ingest.service.js';

/** A completed drone upload becomes an inspection (see IngestService). */
@Controller()
export class IngestConsumer {
  constructor(private readonly ingest: IngestService) {}

  @OnEvent(EventTypes.ImportUploadCompleted)
  async onUploadCompleted(@Payload() p: UploadCompletedPayload, @Ctx() ctx: BusContext) {
    await this.ingest.accept(ctx.manager, p);
  }
}
