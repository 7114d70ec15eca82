import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'socket.io';
import type { Logger } from 'pino';
import type { AuthUser } from '../auth/auth-user.js';
import { TokenVerifier } from '../auth/token-verifier.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { ChangeFeed } from './change-feed.js';
import { RealtimeHub } from './realtime-hub.js';

/** A connected socket of a live gateway (`onConnection`). */
export type LiveSocket = Socket;

/** What every live gateway needs from the service (one injectable, so a gateway's constructor names only its own collaborators). */
@Injectable()
export class LiveSockets {
  constructor(
    readonly adapterHost: HttpAdapterHost,
    @Inject(TokenVerifier) readonly verifier: TokenVerifier,
    @Inject(SERVICE_CONFIG) readonly cfg: ServiceConfig,
    @Inject(LOGGER) readonly log: Logger,
  ) {}
}

/**
 * A service's live (socket.io) gateway: a `RealtimeHub` on the service's HTTP server (the
 * token verified like HTTP calls, `anyOfRights` checked, the caller's `rooms` joined) and,
 * when `feedChannel` is set, a `ChangeFeed` whose post-commit batches go to `onChanges`. Both
 * start with the app and close before it shuts down. A subclass names its `path`, rights and
 * rooms and says what a change sends (`emit` to the record's rooms); `resyncEvent` is sent to
 * every socket after the feed's connection was re-established (changes may have been missed).
 */
export abstract class LiveGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** socket.io path under the service's gateway prefix: contracts' `socketPath(<service>)`. */
  protected abstract readonly path: string;
  /** The caller needs one of these rights to connect. */
  protected abstract readonly anyOfRights: readonly string[];
  /** The pg_notify channel of the changes this gateway pushes (none: the service calls `emit` itself after commit). */
  protected readonly feedChannel: string | null = null;
  /** Sent (`{}`) to every socket after a lost feed connection came back; none: nothing is sent. */
  protected readonly resyncEvent: string | null = null;

  private hub: RealtimeHub | null = null;
  private feed: ChangeFeed | null = null;

  protected constructor(protected readonly sockets: LiveSockets) {}

  /** Rooms a verified caller joins (computed once per connection). */
  protected abstract rooms(user: AuthUser): string[] | Promise<string[]>;

  /** Extra per-connection wiring (request handlers such as a resync call). */
  protected onConnection(_socket: Socket, _user: AuthUser): void {}

  /** One batch of the feed's notifications (ids or payloads), after their transactions committed. */
  protected onChanges(_keys: string[]): Promise<void> {
    return Promise.resolve();
  }

  async onApplicationBootstrap(): Promise<void> {
    const { adapterHost, verifier, cfg, log } = this.sockets;
    this.hub = new RealtimeHub(adapterHost.httpAdapter.getHttpServer() as HttpServer, {
      path: this.path,
      verifier,
      anyOfRights: this.anyOfRights,
      rooms: (user) => this.rooms(user),
      onConnection: (socket, user) => this.onConnection(socket, user),
    });
    if (!this.feedChannel) return;
    const resync = this.resyncEvent;
    this.feed = new ChangeFeed(cfg.databaseUrl, this.feedChannel, (keys) => this.onChanges(keys), log, 10, resync ? () => this.hub?.io.emit(resync, {}) : undefined);
    await this.feed.start();
  }

  /** Whether the hub is up (the app finished starting and is not shutting down). */
  protected get live(): boolean {
    return this.hub !== null;
  }

  /** Sends one message to every socket in any of the rooms. */
  protected emit(rooms: readonly string[], event: string, payload: unknown): void {
    this.hub?.emit(rooms, event, payload);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.feed?.close();
    await this.hub?.close();
  }
}
