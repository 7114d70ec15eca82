import { Module } from '@nestjs/common';
import { TurbinesController } from './turbines.controller.js';
import { TurbinesService } from './turbines.service.js';

@Module({ controllers: [TurbinesController], providers: [TurbinesService] })
export class TurbinesModule {}
