import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { AppError, EventTypes, LICENCE_MODULES, type LicenceChangedPayload } from '@windward/contracts';
import {
  EventPublisher,
  LOGGER,
  SERVICE_CONFIG,
  licenceExpired,
  readLicence,
  signLicence,
  type AuthUser,
  type LicenceTerms,
  type ServiceConfig,
} from '@windward/service-kit';
import { Licence } from './licence.entity.js';
import { DEMO_LICENCE_PRIVATE_KEY, DEMO_LICENCE_PUBLIC_KEY } from './demo-licence-key.js';
import type { LicenceView } from './licence.view.js';

/** PEM public keys in one variable (several allowed, `\n` may be written as the two characters). */
export function parsePublicKeys(raw: string | undefined): string[] {
  if (!raw) return [];
  return (raw.replace(/\\n/g, '\n').match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? []).map((k) => `${k}\n`);
}

/** The demo licence `npm start` seeds: generous, so every demo and test fits (docs/licence.md). */
export function demoLicenceTerms(now = new Date()): LicenceTerms {
  const expires = new Date(now);
  expires.setUTCFullYear(expires.getUTCFullYear() + 5);
  return {
    licenceId: `demo-${randomUUID()}`,
    customer: 'Windward Demo',
    issuedAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    maxTurbines: 100_000,
    modules: [...LICENCE_MODULES],
  };
}

/**
 * The platform licence (docs/licence.md): identity stores every installed licence file, verifies
 * the newest at start and on change against the trusted Ed25519 keys, and announces it with
 * `identity.licence.changed`; asset and delivery enforce its turbine quota from their own copy.
 */
@Injectable()
export class LicenceService implements OnApplicationBootstrap {
  readonly trustedKeys: string[];

  constructor(
    private readonly ds: DataSource,
    @InjectRepository(Licence) private readonly licences: Repository<Licence>,
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    // The demo key's private half is in the repository: never trusted in production.
    this.trustedKeys = [...parsePublicKeys(process.env.LICENCE_PUBLIC_KEYS), ...(cfg.production ? [] : [DEMO_LICENCE_PUBLIC_KEY])];
  }

  /** At start: seeds the demo licence (SEED_DEMO, none installed yet), verifies the one in force and announces it. */
  async onApplicationBootstrap(): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:licence']);
      if (this.cfg.seedDemo && !this.cfg.production && !(await m.exists(Licence))) {
        const terms = demoLicenceTerms();
        await this.store(m, null, signLicence(terms, DEMO_LICENCE_PRIVATE_KEY), terms);
        this.log.warn('installed the demo licence');
      }
      const view = await this.current(m);
      if (view.status === 'valid') this.log.info({ customer: view.customer, expiresAt: view.expiresAt }, 'licence verified');
      else this.log.error({ status: view.status }, 'the platform licence is not valid: adding turbines and manual projects is refused until one is installed');
      if (view.status !== 'missing') await this.announce(m, view);
    });
  }

  /** The licence in force, verified now. */
  async current(m: EntityManager = this.ds.manager): Promise<LicenceView> {
    const row = await m.findOne(Licence, { where: {}, order: { id: 'DESC' } });
    if (!row) return { status: 'missing', licenceId: null, customer: null, issuedAt: null, expiresAt: null, maxTurbines: null, modules: [], installedAt: null };
    let terms: LicenceTerms | null = null;
    try {
      terms = readLicence(row.licenceText, this.trustedKeys);
    } catch {
      terms = null;
    }
    return {
      status: !terms ? 'invalid' : licenceExpired(terms.expiresAt) ? 'expired' : 'valid',
      licenceId: row.licenceId,
      customer: row.customer,
      issuedAt: terms?.issuedAt ?? null,
      expiresAt: row.expiresAt.toISOString(),
      maxTurbines: row.maxTurbines,
      modules: row.modules,
      installedAt: row.installedAt.toISOString(),
    };
  }

  /**
   * Installs a licence file: a changed, damaged or untrusted file is LICENCE_INVALID and an expired
   * one LICENCE_EXPIRED; either way nothing is stored and the licence in force stays.
   */
  async install(actor: AuthUser, text: string): Promise<LicenceView> {
    const terms = readLicence(text, this.trustedKeys);
    if (licenceExpired(terms.expiresAt)) throw new AppError('LICENCE_EXPIRED');
    return this.ds.transaction(async (m) => {
      await this.store(m, actor.userId, text, terms);
      const view = await this.current(m);
      await this.announce(m, view);
      return view;
    });
  }

  private async store(m: EntityManager, userId: string | null, text: string, terms: LicenceTerms): Promise<void> {
    await m.insert(Licence, {
      licenceText: text,
      licenceId: terms.licenceId,
      customer: terms.customer,
      expiresAt: new Date(terms.expiresAt),
      maxTurbines: terms.maxTurbines,
      modules: terms.modules,
      installedBy: userId,
    });
  }

  private async announce(m: EntityManager, v: LicenceView): Promise<void> {
    const payload: LicenceChangedPayload = {
      licenceId: v.licenceId,
      customer: v.customer,
      expiresAt: v.expiresAt,
      maxTurbines: v.maxTurbines,
      modules: v.modules,
      valid: v.status !== 'invalid',
    };
    await this.events.publish(m, EventTypes.IdentityLicenceChanged, 'licence', payload);
  }
}
