import { Module } from '@nestjs/common';
import { LpsController } from './lps.controller.js';
import { LpsService } from './lps.service.js';

@Module({ controllers: [LpsController], providers: [LpsService] })
export class LpsModule {}
