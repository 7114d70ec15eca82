import { Module } from '@nestjs/common';
import { LocksController } from './locks.controller.js';
import { LocksService } from './locks.service.js';
import { EditLockRepository } from './edit-lock.repository.js';

@Module({ controllers: [LocksController], providers: [LocksService, EditLockRepository] })
export class LocksModule {}
