import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { WindPark } from '../plants/wind-park.entity.js';
import { ComponentTypeEntity } from '../component-types/component-type.entity.js';

/** SPEC §3 device info; `id` is the device's number within its turbine. */
export interface Device {
  id: number;
  bizId: string | null;
  serialNumber: string | null;
  displayName: string;
  guid: string;
}

/** Which devices inspect which component for a package type (SPEC §3 assetConfigs). */
export interface StoredAssetConfig {
  packageType: number;
  componentType: number;
  deviceGuids: string[];
}

@Entity({ name: 'turbine' })
/** Turbine names are unique per park, case-insensitively (migration: on lower(name)). */
@Index('turbine_name_uq', { synchronize: false })
/** Serial numbers are unique, case-insensitively (migration: partial, on lower(serial_number)). */
@Index('turbine_serial_uq', { synchronize: false })
export class Turbine {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @ManyToOne(() => WindPark)
  @JoinColumn({ name: 'wind_park_id', foreignKeyConstraintName: 'turbine_wind_park_id_fkey' })
  park?: WindPark;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number', nullable: true })
  serialNumber!: string | null;

  /** Pipeline state (contracts TurbinePipelineState). */
  @Column('int', { default: 0 })
  status!: number;

  @Column('uuid', { name: 'generator_type_id', nullable: true })
  generatorTypeId!: string | null;

  @ManyToOne(() => ComponentTypeEntity)
  @JoinColumn({ name: 'generator_type_id', foreignKeyConstraintName: 'turbine_generator_type_id_fkey' })
  generatorType?: ComponentTypeEntity | null;

  @Column('uuid', { name: 'blade_type_id', nullable: true })
  bladeTypeId!: string | null;

  @ManyToOne(() => ComponentTypeEntity)
  @JoinColumn({ name: 'blade_type_id', foreignKeyConstraintName: 'turbine_blade_type_id_fkey' })
  bladeType?: ComponentTypeEntity | null;

  @Column('uuid', { name: 'nacelle_type_id', nullable: true })
  nacelleTypeId!: string | null;

  @ManyToOne(() => ComponentTypeEntity)
  @JoinColumn({ name: 'nacelle_type_id', foreignKeyConstraintName: 'turbine_nacelle_type_id_fkey' })
  nacelleType?: ComponentTypeEntity | null;

  @Column('uuid', { name: 'tower_type_id', nullable: true })
  towerTypeId!: string | null;

  @ManyToOne(() => ComponentTypeEntity)
  @JoinColumn({ name: 'tower_type_id', foreignKeyConstraintName: 'turbine_tower_type_id_fkey' })
  towerType?: ComponentTypeEntity | null;

  @Column('uuid', { name: 'foundation_type_id', nullable: true })
  foundationTypeId!: string | null;

  @ManyToOne(() => ComponentTypeEntity)
  @JoinColumn({ name: 'foundation_type_id', foreignKeyConstraintName: 'turbine_foundation_type_id_fkey' })
  foundationType?: ComponentTypeEntity | null;

  @Column('double precision', { nullable: true })
  latitude!: number | null;

  @Column('double precision', { nullable: true })
  longitude!: number | null;

  @Column('jsonb', { default: () => `'[]'` })
  devices!: Device[];

  @Column('jsonb', { name: 'asset_configs', default: () => `'[]'` })
  assetConfigs!: StoredAssetConfig[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
