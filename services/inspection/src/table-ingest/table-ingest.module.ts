import { Module } from '@nestjs/common';
import { TableIngestConsumer } from './table-ingest.consumer.js';
import { TableIngestService } from './table-ingest.service.js';

@Module({ controllers: [TableIngestConsumer], providers: [TableIngestService] })
export class TableIngestModule {}
