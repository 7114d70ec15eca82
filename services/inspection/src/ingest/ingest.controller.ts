import { Controller, Get, Headers } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { IncomingHttpHeaders } from 'node:http';
import { CurrentUser, IdParam, requestLocale, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { IngestService } from './ingest.service.js';
import { IngestStatusView } from './ingest.view.js';

@ApiTags('ingest')
@ApiBearerAuth()
@Controller(API)
export class IngestController {
  constructor(private readonly ingest: IngestService) {}

  /** How a completed drone upload was taken in: pending, stored, done (with its inspection) or failed (with the code). */
  @Get('ingests/:uploadTaskId')
  status(@CurrentUser() user: AuthUser, @IdParam('uploadTaskId') id: string, @Headers() headers: IncomingHttpHeaders): Promise<IngestStatusView> {
    return this.ingest.status(user, id, requestLocale(headers));
  }
}
