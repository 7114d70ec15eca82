import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, RIGHT_LABELS, type Locale, type Right } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { CustomerRef } from '../customers/customer-ref.entity.js';
import { CustomerMenu, Menu } from './menu.entity.js';
import type { MenuView } from './menu.view.js';
import { ALL_MENU_IDS, MENU_CATALOGUE, withParents } from './menu.catalogue.js';

@Injectable()
export class MenusService implements OnApplicationBootstrap {
  constructor(private readonly ds: DataSource) {}

  /** Keeps the stored catalogue equal to the code's (idempotent; safe with several instances). */
  async onApplicationBootstrap() {
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['asset:menu-seed']);
      for (const [sort, def] of MENU_CATALOGUE.entries()) {
        await m.upsert(Menu, { id: def.id, rightKey: def.right, parentId: def.parentId, sort: sort + 1 }, ['id']);
      }
    });
  }

  async all(locale: Locale): Promise<MenuView[]> {
    const rows = await this.ds.getRepository(Menu).find({ order: { sort: 'ASC' } });
    return rows.map((r) => ({
      id: r.id,
      key: r.rightKey,
      name: RIGHT_LABELS[locale][r.rightKey as Right] ?? r.rightKey,
      parentId: r.parentId,
      sort: r.sort,
    }));
  }

  async customerMenuIds(user: AuthUser, customerId: string): Promise<number[]> {
    await this.visibleCustomer(user, customerId);
    const row = await this.ds.getRepository(CustomerMenu).findOne({ where: { customerId } });
    return row ? withParents(row.menuIds) : [...ALL_MENU_IDS];
  }

  /** Unknown menu ids are refused; parents of chosen sub-menus are added. */
  async setCustomerMenuIds(user: AuthUser, customerId: string, menuIds: number[]): Promise<number[]> {
    await this.visibleCustomer(user, customerId);
    const unknown = menuIds.filter((id) => !ALL_MENU_IDS.includes(id));
    if (unknown.length)
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: 'menuIds', constraints: { known: `unknown menu ids: ${unknown.join(',')}` } }],
      });
    const ids = withParents(menuIds);
    await this.ds.getRepository(CustomerMenu).upsert({ customerId, menuIds: ids }, ['customerId']);
    return ids;
  }

  /** Unknown and out-of-scope customers answer the same 404. */
  private async visibleCustomer(user: AuthUser, customerId: string) {
    const ok = user.customerIds === null || user.customerIds.includes(customerId);
    // The id is a UUID (the controller's IdParam).
    const known =
      ok &&
      (await this.ds.getRepository(CustomerRef).exists({ where: { customerId, deleted: false } }));
    if (!known) throw new AppError('NOT_FOUND');
  }
}
