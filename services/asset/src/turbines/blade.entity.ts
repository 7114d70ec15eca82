import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Turbine } from './turbine.entity.js';

/** One of a turbine's three blades (position 1..3). */
@Entity({ name: 'blade' })
@Check('blade_position_check', 'position BETWEEN 1 AND 3')
@Unique('blade_turbine_id_position_key', ['turbineId', 'position'])
/** Blade names and serial numbers are unique per turbine, case-insensitively (migration: on lower(…)). */
@Index('blade_name_uq', { synchronize: false })
@Index('blade_serial_uq', { synchronize: false })
export class Blade {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  /** A turbine's blades go with it. */
  @ManyToOne(() => Turbine, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'blade_turbine_id_fkey' })
  turbine?: Turbine;

  @Column('smallint')
  position!: number;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number' })
  serialNumber!: string;
}
