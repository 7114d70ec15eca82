import { Module } from '@nestjs/common';
import { ParkListsController } from './park-lists.controller.js';
import { ParkListsService } from './park-lists.service.js';

@Module({ controllers: [ParkListsController], providers: [ParkListsService] })
export class ParkListsModule {}
