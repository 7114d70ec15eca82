import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Rights, socketPath } from '@windward/contracts';
import { LOGGER, RealtimeHub, Rooms, TokenVerifier, recordRooms, scopeRooms } from '@windward/service-kit';
import { Sql } from '../common/sql.js';

/** What watching screens receive (docs/repair.md): refetch the campaign (and the overview) over HTTP. */
export const RepairLiveEvents = { CAMPAIGN_CHANGED: 'campaign.changed' } as const;

const WATCH_RIGHTS = [Rights.MENU_REPAIR_OVERVIEW, Rights.MENU_REPAIR_CAMPAIGN, Rights.REPAIR_PLAN_SHOW, Rights.REPAIR_EDIT];

/**
 * Live campaign progress over socket.io at /gw/repair/socket.io. Only the campaign id travels
 * (to the rooms of its customer and park); clients refetch through HTTP, which applies every
 * rule (a technician's own campaigns included), so nothing leaks through the socket.
 * Sent after the writing transaction committed, from the instance that wrote.
 */
@Injectable()
export class CampaignLive implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private hub: RealtimeHub | null = null;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly ds: DataSource,
    private readonly sql: Sql,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    const http = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    this.hub = new RealtimeHub(http, {
      path: socketPath('repair'),
      verifier: this.verifier,
      anyOfRights: WATCH_RIGHTS,
      rooms: (user) => [...scopeRooms(user), Rooms.user(user.userId)],
    });
  }

  /** Tells watchers a campaign changed (call after commit). */
  changed(campaignId: string): void {
    void this.push(campaignId).catch((err: unknown) => this.log.warn({ err, campaignId }, 'repair live update failed'));
  }

  private async push(campaignId: string) {
    if (!this.hub) return;
    const [row] = await this.ds.query(`SELECT customer_id, wind_farm_id FROM ${this.sql.s}.repair_campaign WHERE id = $1`, [campaignId]);
    // A deleted campaign has no row: only unrestricted watchers hear of it (their list drops it on refetch).
    const rooms = row ? recordRooms(row.customer_id, row.wind_farm_id) : [Rooms.ALL];
    this.hub.emit(rooms, RepairLiveEvents.CAMPAIGN_CHANGED, { campaignId });
  }

  async beforeApplicationShutdown() {
    await this.hub?.close();
  }
}
