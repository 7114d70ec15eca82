import { Column, Entity, PrimaryColumn } from 'typeorm';
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

  @Column('boolean')
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

  @Column('boolean')
  deleted!: boolean;
}

/** A turbine's blade (from the optional `blades` of asset's turbine events): length bounds distance to root. */
@Entity({ name: 'blade_ref' })
export class BladeRef {
  @PrimaryColumn('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @PrimaryColumn('smallint')
  position!: number;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number' })
  serialNumber!: string;

  @Column('numeric', { name: 'length_m', nullable: true, transformer: numericNumber })
  lengthM!: number | null;
}
