import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericNumber } from '../common/columns.js';

export type TemplateKind = 'type' | 'severity' | 'recommendation';

/** One row of a customer's defect template: a defect type, a severity result or a recommendation. */
@Entity({ name: 'template_item' })
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
export class LpsTemplate {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  name!: string;

  @Column('numeric', { name: 'min_ohm', nullable: true, transformer: numericNumber })
  minOhm!: number | null;

  @Column('numeric', { name: 'max_ohm', nullable: true, transformer: numericNumber })
  maxOhm!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
