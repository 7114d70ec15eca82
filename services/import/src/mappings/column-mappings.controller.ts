import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { API } from '../uploads/uploads.controller.js';
import { ColumnMappingBodyDto, ColumnMappingListQuery, CreateColumnMappingDto } from './column-mapping.dto.js';
import { ColumnMappingPage, ColumnMappingView } from './column-mapping.view.js';
import { ColumnMappingsService } from './column-mappings.service.js';

const WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
const READ = [Rights.DATA_INTEGRATION_SHOW, ...WRITE];

/** Saved column mappings of other vendors' workbooks (issue #20 item 7), per customer. */
@ApiTags('column mappings')
@ApiBearerAuth()
@Controller(API)
export class ColumnMappingsController {
  constructor(private readonly mappings: ColumnMappingsService) {}

  /** Mappings of the customers in the caller's scope, paged and sorted on the server. */
  @Get('column-mappings')
  @RequireRights(...READ)
  list(@CurrentUser() user: AuthUser, @Query() q: ColumnMappingListQuery): Promise<ColumnMappingPage> {
    return this.mappings.list(user, q);
  }

  @Get('column-mappings/:id')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ColumnMappingView> {
    return this.mappings.get(user, id);
  }

  /** A new mapping for a customer (name unique per customer, any case). */
  @Post('column-mappings')
  @RequireRights(...WRITE)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateColumnMappingDto): Promise<ColumnMappingView> {
    return this.mappings.create(user, dto);
  }

  /** Replaces the mapping's name and content (the customer stays). */
  @Put('column-mappings/:id')
  @RequireRights(...WRITE)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: ColumnMappingBodyDto): Promise<ColumnMappingView> {
    return this.mappings.update(user, id, dto);
  }

  @Delete('column-mappings/:id')
  @HttpCode(204)
  @RequireRights(...WRITE)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.mappings.remove(user, id);
  }
}
