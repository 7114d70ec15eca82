import { Module } from '@nestjs/common';
import { ProjectConsumer } from './project.consumer.js';

@Module({ controllers: [ProjectConsumer], providers: [] })
export class ProjectsModule {}
