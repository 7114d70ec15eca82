import { Module } from '@nestjs/common';
import { PathsController } from './paths.controller.js';
import { PathsService } from './paths.service.js';
import { PathRepository } from './path.repository.js';

@Module({ controllers: [PathsController], providers: [PathsService, PathRepository], exports: [PathsService] })
export class PathsModule {}
