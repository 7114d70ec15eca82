import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { LocksService } from './locks.service.js';

@ApiTags('edit-locks')
@ApiBearerAuth()
@Controller(API)
export class LocksController {
  constructor(private readonly locks: LocksService) {}

  @Get('inspections/:id/edit-lock')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.locks.get(user, id);
  }

  /** Acquire or renew (the labeling tool's heartbeat); EDIT_LOCKED while someone else holds it. */
  @Post('inspections/:id/edit-lock')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  acquire(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.locks.acquire(user, id);
  }

  @Delete('inspections/:id/edit-lock')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async release(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.locks.release(user, id);
  }
}
