import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

/** How many entries were stored. */
export class LogCountView {
  count!: number;
}

/** One usage record. */
export class UsageLogView {
  id!: number;
  /** route: a route change; trace: a presence ping. */
  @ApiProperty({ enum: ['route', 'trace'] })
  kind!: string;
  userId!: string;
  username!: string | null;
  method!: string | null;
  url!: string | null;
  /** Milliseconds since the epoch (the browser's clock). */
  triggerTimestamp!: number;
  /** ISO date-time the server stored it. */
  receivedAt!: string;
}

export class UsageLogPage extends PageOf(UsageLogView) {}
