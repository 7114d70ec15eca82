import { Module } from '@nestjs/common';
import { TemplatesController } from './templates.controller.js';
import { TemplateRepository } from './template.repository.js';
import { TemplatesService } from './templates.service.js';
import { DemoTemplates } from './demo-templates.js';

@Module({ controllers: [TemplatesController], providers: [TemplatesService, TemplateRepository, DemoTemplates], exports: [TemplateRepository] })
export class TemplatesModule {}
