import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { LocksService } from './locks.service.js';
import { EditLockView } from './lock.view.js';

@ApiTags('edit-locks')
@ApiBearerAuth()
@Controller(API)
export class LocksController {
  constructor(private readonly locks: LocksService) {}

  /** Who holds the inspection's labeling edit lock, if anyone. */
  @Get('inspections/:id/edit-lock')
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<EditLockView> {
    return this.locks.get(user, id);
  }

  /** Acquire or renew (the labeling tool's heartbeat); EDIT_LOCKED while someone else holds it. */
  @Post('inspections/:id/edit-lock')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  acquire(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<EditLockView> {
    return this.locks.acquire(user, id);
  }

  /** Releases the caller's lock (a no-op when nobody else holds it). */
  @Delete('inspections/:id/edit-lock')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async release(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.locks.release(user, id);
  }
}
