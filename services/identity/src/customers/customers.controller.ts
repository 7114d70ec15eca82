import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights, type Locale } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser, OkView, RequestLocale } from '@windward/service-kit';
import { CustomersService } from './customers.service.js';
import { CustomerIdsQuery, CustomerListQuery, SaveCustomerDto } from './customer.dto.js';
import { CustomerPage, CustomerTypeView, CustomerView, SeverityMappingView } from './customer.view.js';

@ApiTags('customers')
@ApiBearerAuth()
@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** Customers visible to the caller (administrators: all; others: their own). */
  @Get('context/api/v2/Customers')
  list(@CurrentUser() user: AuthUser, @Query() q: CustomerListQuery): Promise<CustomerPage> {
    return this.customers.list(user, q);
  }

  /** Severity level names of several customers (those in the caller's scope). */
  @Get('context/api/v2/Customers/defectSeverityMapping/batchQuery')
  batch(@CurrentUser() user: AuthUser, @Query() q: CustomerIdsQuery): Promise<SeverityMappingView[]> {
    return this.customers.severityMappingBatch(user, q.ids ?? []);
  }

  /** Severity level names of one customer. */
  @Get('context/api/v2/Customers/:id/defectSeverityMapping')
  severity(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<SeverityMappingView> {
    return this.customers.severityMapping(user, id);
  }

  /** One customer in the caller's scope. */
  @Get('context/api/v2/Customers/:id')
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<CustomerView> {
    return this.customers.get(user, id);
  }

  /** Creates a customer; publishes identity.customer.created. */
  @Post('context/api/v2/Customers')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveCustomerDto): Promise<CustomerView> {
    return this.customers.create(user, dto);
  }

  /** Replaces the whole customer (what is left out is cleared); publishes identity.customer.updated. */
  @Put('context/api/v2/Customers/:id')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveCustomerDto): Promise<CustomerView> {
    return this.customers.update(user, id, dto);
  }

  /** Refused while accounts or wind parks belong to the customer. */
  @Delete('context/api/v2/Customers/:id')
  @HttpCode(200)
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<OkView> {
    await this.customers.remove(user, id);
    return {};
  }

  /** Customer types with labels in the request's locale. */
  @Get('context/api/v1/MetaData/customer/types')
  types(@RequestLocale() locale: Locale): CustomerTypeView[] {
    return this.customers.types(locale);
  }
}
