import { Module } from '@nestjs/common';
import { ComponentTypesController } from './component-types.controller.js';
import { ComponentTypesService } from './component-types.service.js';

@Module({ controllers: [ComponentTypesController], providers: [ComponentTypesService] })
export class ComponentTypesModule {}
