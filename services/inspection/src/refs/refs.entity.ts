import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { numericNumber } from '../common/columns.js';

/** Wind parks as asset announces them (asset.park.*): customer for data scope and templates. */
@Entity({ name: 'park_ref' })
export class ParkRef {
  @PrimaryColumn('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('text')
  name!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('boolean', { default: true })
  active!: boolean;
}

/** Turbines as asset announces them (asset.turbine.*). */
@Entity({ name: 'turbine_ref' })
export class TurbineRef {
  @PrimaryColumn('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number', nullable: true })
  serialNumber!: string | null;

  @Column('boolean', { default: false })
  deleted!: boolean;
}

/** A turbine's blade (from the optional `blades` of asset's turbine events): length bounds distance to root. */
@Entity({ name: 'blade_ref' })
@Check('blade_ref_position_check', 'position BETWEEN 1 AND 3')
export class BladeRef {
  @PrimaryColumn('uuid', { name: 'turbine_id' })
  turbineId!: string;

  /** Declares the migration's foreign key only (a turbine's blades go with it); never loaded. */
  @ManyToOne(() => TurbineRef, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'blade_ref_turbine_id_fkey' })
  turbine?: TurbineRef;

  @PrimaryColumn('smallint')
  position!: number;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number' })
  serialNumber!: string;

  @Column('numeric', { name: 'length_m', precision: 8, scale: 2, nullable: true, transformer: numericNumber })
  lengthM!: number | null;
}

/**
 * Who handles each task's current stage (taskflow.task.handler-changed): the handler always sees
 * the task's inspection data, whatever their data scope (docs/roles.md). No row = nobody.
 */
@Entity({ name: 'task_handler_ref' })
@Index('task_handler_ref_handler_idx', ['handlerId', 'inspectionId'])
export class TaskHandlerRef {
  @PrimaryColumn('uuid', { name: 'task_id' })
  taskId!: string;

  @Column('uuid', { name: 'inspection_id' })
  inspectionId!: string;

  @Column('uuid', { name: 'handler_id' })
  handlerId!: string;
}
