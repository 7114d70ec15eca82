import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { AppError, isAppError } from '@windward/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { bearerToken, type TokenVerifier } from '../auth/token-verifier.js';

export interface RealtimeHubOptions {
  /** socket.io path, e.g. contracts' `socketPath('task-flow')` = `/gw/task/socket.io`. */
  path: string;
  verifier: TokenVerifier;
  /** The caller needs at least one of these rights to connect (empty = any signed-in caller). */
  anyOfRights?: readonly string[];
  /** Rooms a verified caller joins; computed once per connection (a reconnect recomputes them). */
  rooms(user: AuthUser): string[] | Promise<string[]>;
  /** Extra per-connection wiring (request handlers such as a resync call). */
  onConnection?(socket: Socket, user: AuthUser): void;
}

/** Room names every live screen can use: one for unrestricted callers, one per customer, park and user. */
export const Rooms = {
  ALL: 'scope:all',
  customer: (id: string) => `customer:${id}`,
  park: (id: string) => `park:${id}`,
  user: (id: string) => `user:${id}`,
} as const;

/**
 * Scope rooms of a caller (AuthUser null = unrestricted): unrestricted → `scope:all`; a park
 * scope → its parks (the narrower scope decides); else a customer scope → its customers.
 * `allowedPark` lets a service that knows park → customer drop parks outside the customer scope.
 */
export function scopeRooms(user: AuthUser, allowedPark: (parkId: string) => boolean = () => true): string[] {
  if (user.parkIds !== null) return user.parkIds.filter(allowedPark).map(Rooms.park);
  if (user.customerIds !== null) return user.customerIds.map(Rooms.customer);
  return [Rooms.ALL];
}

/** Rooms that may see a record of this customer and park (pair with `scopeRooms`). */
export function recordRooms(customerId: string | null | undefined, parkId: string | null | undefined): string[] {
  const rooms: string[] = [Rooms.ALL];
  if (customerId) rooms.push(Rooms.customer(customerId));
  if (parkId) rooms.push(Rooms.park(parkId));
  return rooms;
}

/**
 * socket.io on a service's own HTTP server. The handshake carries identity's access token in
 * `auth.token` (or an `Authorization: Bearer` header); it is verified with the kit's
 * TokenVerifier exactly like HTTP calls, rights are checked, and the socket joins the rooms
 * its data scope allows — so a message sent to a record's rooms never reaches a caller who
 * could not read the record over HTTP. Refusals arrive as `connect_error` with `data: {code, message}`.
 */
export class RealtimeHub {
  readonly io: Server;
  private readonly stopWatching: () => void;

  constructor(http: HttpServer, private readonly o: RealtimeHubOptions) {
    // Same origin through the gateway: no CORS needed, and no client bundle served by the service.
    this.io = new Server(http, { path: o.path, serveClient: false });
    this.io.use((socket, next) => {
      void this.authenticate(socket).then(
        () => next(),
        (err: unknown) => {
          const e = isAppError(err) ? err : new AppError('UNAUTHORIZED');
          const out = new Error(e.code as string) as Error & { data?: unknown };
          out.data = { code: e.code, message: e.message };
          next(out);
        },
      );
    });
    // A revoked session's sockets are told (`session_revoked`) and closed at once (issue #16).
    const stops = [
      o.verifier.revocations?.onRevoked((sids) => this.dropSessions(sids)),
      // Rooms were computed from the old scope: the console renews its token and reconnects.
      o.verifier.revocations?.onAccessChanged((userId, version) => this.dropOutdated(userId, version)),
    ];
    this.stopWatching = () => stops.forEach((stop) => stop?.());
    this.io.on('connection', (socket) => {
      const user = socket.data.user as AuthUser;
      const rooms = socket.data.rooms as string[];
      if (rooms.length) void socket.join(rooms);
      o.onConnection?.(socket, user);
    });
  }

  private async authenticate(socket: Socket): Promise<void> {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const header = socket.handshake.headers.authorization ?? '';
    const token = typeof auth?.token === 'string' ? auth.token : (bearerToken(header) ?? '');
    if (!token) throw new AppError('UNAUTHORIZED');
    const user = await this.o.verifier.verify(token);
    const needed = this.o.anyOfRights ?? [];
    if (needed.length && !needed.some((r) => user.rights.includes(r))) throw new AppError('NO_ACCESS_RIGHTS');
    socket.data.user = user;
    socket.data.rooms = await this.o.rooms(user);
  }

  /** Sends one message to every socket in any of the rooms (each socket receives it once). */
  emit(rooms: readonly string[], event: string, payload: unknown): void {
    if (rooms.length) this.io.to([...rooms]).emit(event, payload);
  }

  /** Closes every socket opened with an access token of these sessions. */
  dropSessions(sessionIds: readonly string[]): void {
    for (const socket of this.io.sockets.sockets.values()) {
      const sid = (socket.data.user as AuthUser | undefined)?.sessionId;
      if (sid && sessionIds.includes(sid)) {
        socket.emit('session_revoked', { code: 'UNAUTHORIZED' });
        socket.disconnect(true);
      }
    }
  }

  /** Closes the user's sockets opened with a token older than this access version. */
  dropOutdated(userId: string, accessVersion: number): void {
    for (const socket of this.io.sockets.sockets.values()) {
      const user = socket.data.user as AuthUser | undefined;
      if (user?.userId === userId && (user.accessVersion ?? 0) < accessVersion) {
        socket.emit('access_changed', { code: 'ACCESS_CHANGED' });
        socket.disconnect(true);
      }
    }
  }

  async close(): Promise<void> {
    this.stopWatching();
    this.io.disconnectSockets(true);
    // Closes engine.io; the HTTP server is closed by Nest afterwards (an error here only says so).
    await new Promise<void>((r) => this.io.close(() => r()));
  }
}
