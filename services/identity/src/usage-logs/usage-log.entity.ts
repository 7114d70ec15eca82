import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One usage record: a route change ('route', SPEC §7 metric/log) or a presence ping ('trace', traceLog). */
@Entity({ name: 'usage_log' })
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
