import { Module } from '@nestjs/common';
import { SheetIngestConsumer } from './sheet-ingest.consumer.js';
import { SheetIngestService } from './sheet-ingest.service.js';

@Module({ controllers: [SheetIngestConsumer], providers: [SheetIngestService] })
export class SheetIngestModule {}
