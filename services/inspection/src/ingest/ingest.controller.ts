import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, requestLocale, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { IngestService } from './ingest.service.js';

@ApiTags('ingest')
@ApiBearerAuth()
@Controller(API)
export class IngestController {
  constructor(private readonly ingest: IngestService) {}

  /** How a completed drone upload was taken in: pending, stored, done (with its inspection) or failed (with the code). */
  @Get('ingests/:uploadTaskId')
  status(@CurrentUser() user: AuthUser, @Param('uploadTaskId') id: string, @Req() req: Request) {
    return this.ingest.status(user, id, requestLocale(req.headers));
  }
}
