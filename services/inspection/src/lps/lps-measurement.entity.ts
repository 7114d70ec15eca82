import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Inspection } from '../inspections/inspection.entity.js';
import { LpsTemplate } from '../templates/template.entity.js';
import { numericNumber } from '../common/columns.js';

/** One LPS resistance reading of a receptor on one side of a blade. */
@Entity({ name: 'lps_measurement' })
@Check('lps_measurement_blade_position_check', 'blade_position BETWEEN 1 AND 3')
@Check('lps_measurement_side_check', `side IN ('PS', 'SS')`)
@Check('lps_measurement_ring_count_check', 'ring_count >= 0')
/** An open circuit has no reading; anything else has one. */
@Check('lps_measurement_check', 'open_circuit OR ohm IS NOT NULL')
/** One reading per blade, receptor (case-insensitively) and side (migration: on lower(receptor_id)). */
@Index('lps_measurement_uq', { synchronize: false })
export class LpsMeasurement {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  /** Declares the migration's foreign key only (an inspection's readings go with it); never loaded. */
  @ManyToOne(() => Inspection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'inspection_id', foreignKeyConstraintName: 'lps_measurement_inspection_id_fkey' })
  inspection?: Inspection;

  @Column('smallint', { name: 'blade_position' })
  bladePosition!: number;

  @Column('text', { name: 'receptor_id' })
  receptorId!: string;

  @Column('text')
  side!: 'PS' | 'SS';

  @Column('numeric', { precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  ohm!: number | null;

  @Column('boolean', { name: 'open_circuit', default: false })
  openCircuit!: boolean;

  @Column('numeric', { name: 'min_ohm', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  minOhm!: number | null;

  @Column('numeric', { name: 'max_ohm', precision: 12, scale: 3, nullable: true, transformer: numericNumber })
  maxOhm!: number | null;

  @Column('int', { name: 'ring_count', nullable: true })
  ringCount!: number | null;

  @Column('uuid', { name: 'template_id', nullable: true })
  templateId!: string | null;

  /** Declares the migration's foreign key only; never loaded. */
  @ManyToOne(() => LpsTemplate)
  @JoinColumn({ name: 'template_id', foreignKeyConstraintName: 'lps_measurement_template_id_fkey' })
  template?: LpsTemplate | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
