import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Rights, type Locale } from '@windward/contracts';
import { CurrentUser, IdParam, RequestLocale, RequireRights, type AuthUser } from '@windward/service-kit';
import { MenusService } from './menus.service.js';
import { CustomerMenusDto } from './menu.dto.js';
import { MenuView } from './menu.view.js';

@ApiTags('menus')
@ApiBearerAuth()
@Controller('gw/asset/api/v2/menu')
export class MenusController {
  constructor(private readonly menus: MenusService) {}

  /** The whole catalogue `{id, key, name, parentId, sort}`, names in the request's locale. */
  @Get('all')
  all(@RequestLocale() locale: Locale): Promise<MenuView[]> {
    return this.menus.all(locale);
  }

  /** Menu ids enabled for a customer (every menu until an administrator narrows them). */
  @Get('customer/:id/menuIds')
  @ApiOkResponse({ type: [Number] })
  customerMenuIds(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<number[]> {
    return this.menus.customerMenuIds(user, id);
  }

  /** Narrows the menus of a customer's users; answers the ids stored (with parents added). */
  @Put('customer/:id/menuIds')
  @RequireRights(Rights.CUSTOMER_LIST_EDIT)
  @ApiOkResponse({ type: [Number] })
  setCustomerMenuIds(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: CustomerMenusDto): Promise<number[]> {
    return this.menus.setCustomerMenuIds(user, id, dto.menuIds);
  }
}
