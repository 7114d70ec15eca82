import { Body, Controller, Get, Headers, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt } from 'class-validator';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { MenusService } from './menus.service.js';

export class CustomerMenusDto {
  @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) menuIds!: number[];
}

@ApiTags('menus')
@ApiBearerAuth()
@Controller('gw/asset/api/v2/menu')
export class MenusController {
  constructor(private readonly menus: MenusService) {}

  /** The whole catalogue `{id, key, name, parentId, sort}`, names in the request's locale. */
  @Get('all')
  all(@Headers() headers: Record<string, string | undefined>) {
    return this.menus.all(requestLocale(headers));
  }

  /** Menu ids enabled for a customer (every menu until an administrator narrows them). */
  @Get('customer/:id/menuIds')
  customerMenuIds(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.menus.customerMenuIds(user, id);
  }

  @Put('customer/:id/menuIds')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  setCustomerMenuIds(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CustomerMenusDto) {
    return this.menus.setCustomerMenuIds(user, id, dto.menuIds);
  }
}
