import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchCompactionWorker } from './search-compaction.worker.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** Data Center search and export selection, advanced search, saved queries, single-point export. */
@Module({
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchCompactionWorker],
})
export class SearchModule {}
