import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Rights, socketPath } from '@windward/contracts';
import { LiveGateway, LiveSockets, Rooms, recordRooms, scopeRooms, type AuthUser, Sql } from '@windward/service-kit';

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
export class CampaignLive extends LiveGateway {
  protected readonly path = socketPath('repair');
  protected readonly anyOfRights = WATCH_RIGHTS;

  constructor(
    sockets: LiveSockets,
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {
    super(sockets);
  }

  protected rooms(user: AuthUser) {
    return [...scopeRooms(user), Rooms.user(user.userId)];
  }

  /** Tells watchers a campaign changed (call after commit). */
  changed(campaignId: string): void {
    void this.push(campaignId).catch((err: unknown) => this.sockets.log.warn({ err, campaignId }, 'repair live update failed'));
  }

  private async push(campaignId: string) {
    if (!this.live) return;
    const [row] = await this.ds.query(`SELECT customer_id, wind_farm_id FROM ${this.sql.s}.repair_campaign WHERE id = $1`, [campaignId]);
    // A deleted campaign has no row: only unrestricted watchers hear of it (their list drops it on refetch).
    const rooms = row ? recordRooms(row.customer_id, row.wind_farm_id) : [Rooms.ALL];
    this.emit(rooms, RepairLiveEvents.CAMPAIGN_CHANGED, { campaignId });
  }
}
