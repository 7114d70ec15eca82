import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { SheetIngestConsumer } from './sheet-ingest.consumer.js';
import { SheetIngestService } from './sheet-ingest.service.js';

@Module({ imports: [ImagesModule], controllers: [SheetIngestConsumer], providers: [SheetIngestService] })
export class SheetIngestModule {}
