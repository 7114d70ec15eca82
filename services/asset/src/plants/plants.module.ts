import { Module } from '@nestjs/common';
import { PlantsController } from './plants.controller.js';
import { PlantsService } from './plants.service.js';
import { ParkListRepository } from './park-list.repository.js';

@Module({ controllers: [PlantsController], providers: [PlantsService, ParkListRepository] })
export class PlantsModule {}
