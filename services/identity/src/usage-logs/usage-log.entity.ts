import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One usage record: a route change ('route', SPEC §7 metric/log) or a presence ping ('trace', traceLog). */
@Entity({ name: 'usage_log' })
@Check('usage_log_kind_check', `kind IN ('route', 'trace')`)
// Descending indexes (newest first), which TypeORM cannot describe: kept as the migration made them.
@Index('usage_log_trigger_at', { synchronize: false })
@Index('usage_log_user', { synchronize: false })
export class UsageLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column('text')
  kind!: 'route' | 'trace';

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { nullable: true })
  method!: string | null;

  @Column('text', { nullable: true })
  url!: string | null;

  @Column('timestamptz', { name: 'trigger_at' })
  triggerAt!: Date;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
