import { Module } from '@nestjs/common';
import { TemplatesController } from './templates.controller.js';
import { TemplateRepository } from './template.repository.js';
import { TemplatesService } from './templates.service.js';

@Module({ controllers: [TemplatesController], providers: [TemplatesService, TemplateRepository], exports: [TemplateRepository] })
export class TemplatesModule {}
