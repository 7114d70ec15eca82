import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { numericNumber } from '../common/columns.js';

export type TemplateKind = 'type' | 'severity' | 'recommendation';

/** One row of a customer's defect template: a defect type, a severity result or a recommendation. */
@Entity({ name: 'template_item' })
@Check('template_item_kind_check', `kind IN ('type', 'severity', 'recommendation')`)
@Check('template_item_level_check', 'level BETWEEN 0 AND 5')
/** Names are unique per customer and kind, case-insensitively (migration: on lower(name)). */
@Index('template_item_name_uq', { synchronize: false })
export class TemplateItem {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  kind!: TemplateKind;

  @Column('text')
  name!: string;

  /** Severity level 0..5 a severity result stands for. */
  @Column('smallint', { nullable: true })
  level!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** Ohm bounds a customer's LPS readings are judged against. */
@Entity({ name: 'lps_template' })
/** Names are unique per customer, case-insensitively (migration: on lower(name)). */
@Index('lps_template_name_uq', { synchronize: false })
export class LpsTemplate {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  name!: string;

  @Column('numeric', { name: 'min_ohm', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  minOhm!: number | null;

  @Column('numeric', { name: 'max_ohm', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  maxOhm!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
