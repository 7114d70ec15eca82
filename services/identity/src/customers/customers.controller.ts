import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CUSTOMER_TYPE_LABELS, Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { Headers } from '@nestjs/common';
import { CustomersService } from './customers.service.js';
import { SaveCustomerDto } from './customer.dto.js';

@ApiTags('customers')
@ApiBearerAuth()
@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** Customers visible to the caller (administrators: all; others: their own). */
  @Get('context/api/v2/Customers')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.customers.list(user, q);
  }

  @Get('context/api/v2/Customers/defectSeverityMapping/batchQuery')
  batch(@CurrentUser() user: AuthUser, @Query('ids') ids: unknown) {
    return this.customers.severityMappingBatch(user, ids);
  }

  @Get('context/api/v2/Customers/:id/defectSeverityMapping')
  severity(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.customers.severityMapping(user, id);
  }

  @Get('context/api/v2/Customers/:id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.customers.get(user, id);
  }

  @Post('context/api/v2/Customers')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveCustomerDto) {
    return this.customers.create(user, dto);
  }

  @Put('context/api/v2/Customers/:id')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SaveCustomerDto) {
    return this.customers.update(user, id, dto);
  }

  @Delete('context/api/v2/Customers/:id')
  @HttpCode(200)
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.customers.remove(user, id);
    return {};
  }

  @Get('context/api/v1/MetaData/customer/types')
  types(@Headers() headers: Record<string, string | undefined>) {
    const labels = CUSTOMER_TYPE_LABELS[requestLocale(headers)];
    return Object.entries(labels).map(([id, name]) => ({ id: Number(id), name }));
  }
}
