import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An advanced-search query a user saved (per user; names unique per user). */
@Entity({ name: 'saved_query' })
@Index('saved_query_user_name_uq', ['userId', 'name'], { unique: true })
export class SavedQuery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @Column('jsonb')
  criteria!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
