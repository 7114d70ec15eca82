import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { RoleId, isAdminRole } from '@windward/contracts';
import { LOGGER, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import type { Logger } from 'pino';
import { User } from '../users/user.entity.js';
import { Organization } from '../organizations/organization.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { userPayload } from '../users/users.service.js';
import { UserAccountsService } from '../users/user-accounts.service.js';
import { customerPayload } from '../customers/customers.service.js';
import { EventPublisher } from '@windward/service-kit';
import { EventTypes } from '@windward/contracts';

export const DEMO_ADMIN_PASSWORD = 'Wind@2026';
/** Every demo account shares this password (printed by `npm start`). */
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * Demo accounts, one per role of SPEC §6. Customer accounts belong to the first demo customer;
 * internal staff (labeler, reviewers, pilot, engineer, technician) are assigned to every demo
 * customer, so they see its task pool and inspections right away (docs/roles.md).
 */
export const DEMO_USERS: { username: string; displayName: string; roles: number[]; customer?: boolean }[] = [
  { username: 'data-admin', displayName: 'Dana Admin (DA)', roles: [RoleId.DA] },
  { username: 'data-reviewer', displayName: 'Dario Reviewer (DR)', roles: [RoleId.DR] },
  { username: 'customer-admin', displayName: 'Chen Customer Admin (CA)', roles: [RoleId.CA], customer: true },
  { username: 'customer-writer', displayName: 'Carla Customer Writer (CW)', roles: [RoleId.CW], customer: true },
  { username: 'customer-reader', displayName: 'Cai Customer Reader (CR)', roles: [RoleId.CR], customer: true },
  { username: 'technician', displayName: 'Tomas Technician', roles: [RoleId.REPAIR_TECHNICIAN] },
  { username: 'pilot', displayName: 'Pia Pilot', roles: [RoleId.PILOT] },
  { username: 'labeler', displayName: 'Liu Labeler', roles: [RoleId.LABELER] },
  { username: 'engineer', displayName: 'Erik Engineer', roles: [RoleId.ENGINEER] },
  { username: 'reviewer', displayName: 'Rosa Report Reviewer', roles: [RoleId.REPORT_REVIEWER] },
];

/**
 * The super admin always exists: ADMIN_PASSWORD, or the demo password outside production
 * (production refuses to start without ADMIN_PASSWORD). With SEED_DEMO=true, demo
 * organizations, customers and one user per role are added once.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UserAccountsService,
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:seed']);
      if (!(await m.exists(User, { where: { username: 'admin' } }))) {
        const password = process.env.ADMIN_PASSWORD ?? (this.cfg.production ? undefined : DEMO_ADMIN_PASSWORD);
        if (!password) throw new Error('ADMIN_PASSWORD is required in production to create the first administrator.');
        await this.users.create(null, { username: 'admin', password, displayName: 'Super Admin', roles: [RoleId.SA], email: null }, m);
        this.log.warn('created the super admin account "admin"');
      }
      if (!this.cfg.seedDemo) return;
      const seeded = await m.findOne(Organization, { where: { name: 'Windward Services' } });
      if (seeded) return this.scopeDemoStaff(m, seeded.id);
      const org = await m.save(m.create(Organization, { name: 'Windward Services' }));
      await this.events.publish(m, EventTypes.IdentityOrganizationCreated, org.id, { organizationGuid: org.id, organizationName: org.name });
      const customers = [];
      for (const name of ['North Sea Wind', 'Gobi Renewables']) {
        const c = await m.save(
          m.create(Customer, {
            name,
            customerTypeId: 1,
            organizationId: org.id,
            maxTurbines: 200,
            severityMapping: [0, 1, 2, 3, 4, 5].map((level) => ({ level, name: `Severity ${level}` })),
            flowConfigs: [{ componentType: 1, features: ['stitching', 'timeline'], taskStages: [] }],
          }),
        );
        await this.events.publish(m, EventTypes.IdentityCustomerCreated, c.id, customerPayload(c));
        customers.push(c);
      }
      for (const d of DEMO_USERS) {
        await this.users.create(
          null,
          {
            username: d.username,
            password: DEMO_PASSWORD,
            displayName: d.displayName,
            roles: d.roles,
            email: `${d.username}@demo.windward.example`,
            organizationId: org.id,
            customerIds: d.customer ? [customers[0]!.id] : d.roles.some(isAdminRole) ? [] : customers.map((c) => c.id),
          },
          m,
        );
      }
      this.log.warn('seeded identity demo data');
    });
  }

  /**
   * Demo data seeded before staff had customers: assigns the internal demo staff still without a
   * customer to every demo customer once, so an existing .data works like a fresh one.
   */
  private async scopeDemoStaff(m: EntityManager, organizationId: string): Promise<void> {
    const staff = DEMO_USERS.filter((d) => !d.customer && !d.roles.some(isAdminRole)).map((d) => d.username);
    const pending = (await m.find(User, { where: { username: In(staff) } })).filter((u) => u.customerIds.length === 0);
    if (!pending.length) return;
    const customers = await m.find(Customer, { where: { organizationId } });
    if (!customers.length) return;
    for (const u of pending) {
      u.customerIds = customers.map((c) => c.id);
      await m.update(User, { id: u.id }, { customerIds: u.customerIds });
      await this.events.publish(m, EventTypes.IdentityUserUpdated, u.id, userPayload(u));
    }
    this.log.warn({ users: pending.map((u) => u.username) }, 'assigned the demo staff to the demo customers');
  }
}
