import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { AdvancedSearchDto, SaveQueryDto, SearchExportQuery, SearchFilterQuery, SinglePointQuery } from './search.dto.js';
import { SearchService } from './search.service.js';
import { DefectHitPage, ExportSelectionView, ImageExportSelectionView, ImageHitPage, SavedQueryListView, SavedQueryView, SinglePointView } from './search.view.js';

const SEARCH_RIGHTS = [Rights.MENU_SEARCH_EXPORT, Rights.IMAGE_EXPORT];

@ApiTags('search')
@ApiBearerAuth()
@Controller(API)
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** Defects of one wind park matching the filters, paged and sorted on the server. */
  @Get('search/defects')
  @RequireRights(...SEARCH_RIGHTS)
  defects(@CurrentUser() user: AuthUser, @Query() q: SearchFilterQuery): Promise<DefectHitPage> {
    return this.search.defects(user, q);
  }

  /** Images of one wind park matching the filters (gallery), with their defects' outlines. */
  @Get('search/images')
  @RequireRights(...SEARCH_RIGHTS)
  images(@CurrentUser() user: AuthUser, @Query() q: SearchFilterQuery): Promise<ImageHitPage> {
    return this.search.images(user, q);
  }

  /** The defects an Excel export of the search holds (1..2,500; otherwise NO_QUALIFYING_DEFECTS / -13012). */
  @Get('search/defects/export-selection')
  @RequireRights(...SEARCH_RIGHTS)
  exportSelection(@CurrentUser() user: AuthUser, @Query() q: SearchExportQuery): Promise<ExportSelectionView> {
    return this.search.exportSelection(user, q);
  }

  /** The images (and defects) an image export of the search holds (NO_QUALIFYING_IMAGES, EXPORT_ARCHIVE_TOO_LARGE, -13012). */
  @Get('search/images/export-selection')
  @RequireRights(...SEARCH_RIGHTS)
  imageExportSelection(@CurrentUser() user: AuthUser, @Query() q: SearchExportQuery): Promise<ImageExportSelectionView> {
    return this.search.imageExportSelection(user, q);
  }

  /** Advanced search over at most 200 turbines (QUERY_TOO_MANY_TURBINES beyond, nothing run). */
  @Post('search/advanced')
  @HttpCode(200)
  @RequireRights(Rights.IMAGE_EXPORT)
  advanced(@CurrentUser() user: AuthUser, @Body() dto: AdvancedSearchDto): Promise<DefectHitPage> {
    return this.search.advanced(user, dto);
  }

  /** My saved advanced-search queries, newest first. */
  @Get('search/saved-queries')
  @RequireRights(Rights.IMAGE_EXPORT)
  async savedQueries(@CurrentUser() user: AuthUser): Promise<SavedQueryListView> {
    return { results: await this.search.savedQueries(user) };
  }

  /** Saves an advanced-search query under a name (unique per user). */
  @Post('search/saved-queries')
  @RequireRights(Rights.IMAGE_EXPORT)
  saveQuery(@CurrentUser() user: AuthUser, @Body() dto: SaveQueryDto): Promise<SavedQueryView> {
    return this.search.saveQuery(user, dto);
  }

  /** Deletes one of my saved queries. */
  @Delete('search/saved-queries/:queryId')
  @HttpCode(204)
  @RequireRights(Rights.IMAGE_EXPORT)
  async deleteQuery(@CurrentUser() user: AuthUser, @IdParam('queryId') id: string): Promise<void> {
    await this.search.deleteQuery(user, id);
  }

  /** Every image and defect covering one point of a blade across inspections (single-point export). */
  @Get('search/single-point')
  @RequireRights(Rights.IMAGE_EXPORT)
  singlePoint(@CurrentUser() user: AuthUser, @Query() q: SinglePointQuery): Promise<SinglePointView> {
    return this.search.singlePoint(user, q);
  }
}
