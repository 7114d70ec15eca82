import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

/** Accounts and wind parks that belong to a customer (what blocks its deletion). */
export interface CustomerRelatedCounts {
  id: string;
  accounts: number;
  parks: number;
}

/** Customer reads that are one SQL statement rather than several entity queries. */
@Injectable()
export class CustomerRepository {
  private readonly s: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  /** Related accounts and wind parks (identity's read model of asset's parks) per customer id. */
  async relatedCounts(m: EntityManager, ids: string[]): Promise<Map<string, CustomerRelatedCounts>> {
    if (!ids.length) return new Map();
    const rows: CustomerRelatedCounts[] = await m.query(
      `SELECT c.id,
              (SELECT count(*)::int FROM ${this.s}.app_user u WHERE c.id = ANY(u.customer_ids)) AS accounts,
              (SELECT count(*)::int FROM ${this.s}.park_ref p WHERE p.customer_id = c.id) AS parks
       FROM unnest($1::uuid[]) AS c(id)`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }
}
