import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A DPR activity template: the activities a project's daily reports list, in order. */
@Entity({ name: 'dpr_template' })
/** Names are unique case-insensitively (migration: on lower(name)). */
@Index('dpr_template_name_uq', { synchronize: false })
export class DprTemplate {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('uuid', { name: 'activity_ids', array: true, default: () => `'{}'` })
  activityIds!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
