import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

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
export class Turbine {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number', nullable: true })
  serialNumber!: string | null;

  /** Pipeline state (contracts TurbinePipelineState). */
  @Column('int', { default: 0 })
  status!: number;

  @Column('uuid', { name: 'generator_type_id', nullable: true })
  generatorTypeId!: string | null;

  @Column('uuid', { name: 'blade_type_id', nullable: true })
  bladeTypeId!: string | null;

  @Column('uuid', { name: 'nacelle_type_id', nullable: true })
  nacelleTypeId!: string | null;

  @Column('uuid', { name: 'tower_type_id', nullable: true })
  towerTypeId!: string | null;

  @Column('uuid', { name: 'foundation_type_id', nullable: true })
  foundationTypeId!: string | null;

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
