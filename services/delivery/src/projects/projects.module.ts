import { Module } from '@nestjs/common';
import { ProjectsController } from './projects.controller.js';
import { ProjectListRepository } from './project-list.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({ controllers: [ProjectsController], providers: [ProjectsService, ProjectListRepository], exports: [ProjectsService] })
export class ProjectsModule {}
