import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { IngestConsumer } from './ingest.consumer.js';
import { IngestController } from './ingest.controller.js';
import { IngestService } from './ingest.service.js';
import { IngestRepository } from './ingest.repository.js';

@Module({ imports: [ImagesModule], controllers: [IngestConsumer, IngestController], providers: [IngestService, IngestRepository] })
export class IngestModule {}
