import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A DPR activity (what a campaign manager reports progress on, e.g. "turbines flown"). */
@Entity({ name: 'dpr_activity' })
/** Names are unique case-insensitively (migration: on lower(name)). */
@Index('dpr_activity_name_uq', { synchronize: false })
export class DprActivity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  unit!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
