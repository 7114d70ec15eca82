import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  type ImagesProcessedPayload,
  type InspectionCreatedPayload,
  type DefectEventPayload,
  type DeletedPayload,
  type LabelingChangedPayload,
  type StitchingChangedPayload,
  type UploadCompletedPayload,
  type UploadCreatedPayload,
} from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { FlowService } from './flow.service.js';

/** Events that drive the pipeline; each runs in the transaction that records the event as handled. */
@Controller()
export class FlowConsumer {
  constructor(private readonly flow: FlowService) {}

  @OnEvent(EventTypes.ImportUploadCreated)
  async onUploadCreated(@Payload() p: UploadCreatedPayload, @Ctx() ctx: BusContext) {
    await this.flow.uploadCreated(ctx.manager, p);
  }

  @OnEvent(EventTypes.ImportUploadCompleted)
  async onUploadCompleted(@Payload() p: UploadCompletedPayload, @Ctx() ctx: BusContext) {
    await this.flow.uploadCompleted(ctx.manager, p);
  }

  @OnEvent(EventTypes.InspectionInspectionCreated)
  async onInspection(@Payload() p: InspectionCreatedPayload, @Ctx() ctx: BusContext) {
    await this.flow.inspectionCreated(ctx.manager, p);
  }

  @OnEvent(EventTypes.InspectionImagesProcessed)
  async onImagesProcessed(@Payload() p: ImagesProcessedPayload, @Ctx() ctx: BusContext) {
    await this.flow.imagesProcessed(ctx.manager, p);
  }

  /** Defects of each inspection: a labeling review cannot pass while one is unreviewed. */
  @OnEvent(EventTypes.InspectionDefectCreated)
  async onDefectCreated(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    await this.flow.defectCreated(ctx.manager, p);
  }

  @OnEvent(EventTypes.InspectionDefectDeleted)
  async onDefectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await this.flow.defectDeleted(ctx.manager, p);
  }

  @OnEvent(EventTypes.InspectionStitchingChanged)
  async onStitchingChanged(@Payload() p: StitchingChangedPayload, @Ctx() ctx: BusContext) {
    await this.flow.stitchingChanged(ctx.manager, p);
  }

  @OnEvent(EventTypes.InspectionLabelingChanged)
  async onLabelingChanged(@Payload() p: LabelingChangedPayload, @Ctx() ctx: BusContext) {
    await this.flow.labelingChanged(ctx.manager, p);
  }
}
