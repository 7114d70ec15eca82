import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { dateText } from '../common/columns.js';

/** The blades as they were when the inspection was made (serials tell a changed blade apart). */
export interface BladeSnapshot {
  position: number;
  serialNumber: string;
  length: number | null;
}

@Entity({ name: 'inspection' })
export class Inspection {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'turbine_name' })
  turbineName!: string;

  @Column('smallint', { name: 'package_type' })
  packageType!: number;

  @Column('smallint', { name: 'component_type' })
  componentType!: number;

  @Column('date', { name: 'inspection_date', transformer: dateText })
  inspectionDate!: string;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;

  @Column('text', { nullable: true })
  pilot!: string | null;

  @Column('text', { name: 'device_id', nullable: true })
  deviceId!: string | null;

  @Column('text', { name: 'inspection_data_config_id', nullable: true })
  inspectionDataConfigId!: string | null;

  @Column('uuid', { name: 'previous_inspection_id', nullable: true })
  previousInspectionId!: string | null;

  @Column('jsonb')
  blades!: BladeSnapshot[];

  @Column('text', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
