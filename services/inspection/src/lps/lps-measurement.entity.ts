import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericNumber } from '../common/columns.js';

/** One LPS resistance reading of a receptor on one side of a blade. */
@Entity({ name: 'lps_measurement' })
export class LpsMeasurement {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  @Column('smallint', { name: 'blade_position' })
  bladePosition!: number;

  @Column('text', { name: 'receptor_id' })
  receptorId!: string;

  @Column('text')
  side!: 'PS' | 'SS';

  @Column('numeric', { nullable: true, transformer: numericNumber })
  ohm!: number | null;

  @Column('boolean', { name: 'open_circuit' })
  openCircuit!: boolean;

  @Column('numeric', { name: 'min_ohm', nullable: true, transformer: numericNumber })
  minOhm!: number | null;

  @Column('numeric', { name: 'max_ohm', nullable: true, transformer: numericNumber })
  maxOhm!: number | null;

  @Column('int', { name: 'ring_count', nullable: true })
  ringCount!: number | null;

  @Column('uuid', { name: 'template_id', nullable: true })
  templateId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
