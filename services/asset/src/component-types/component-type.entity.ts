import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { WindPark } from '../plants/wind-park.entity.js';

export const COMPONENT_KINDS = ['generator', 'blade', 'nacelle', 'tower', 'foundation'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

const num = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A generator (= turbine type), blade, nacelle, tower or foundation type of one wind park. */
@Entity({ name: 'component_type' })
@Check('component_type_kind_check', `kind IN ('generator', 'blade', 'nacelle', 'tower', 'foundation')`)
/** Type names are unique per park and kind, case-insensitively (migration: on lower(name)). */
@Index('component_type_name_uq', { synchronize: false })
/** One blade type per manufacturer name in a park (migration: partial, on lower(manufacturer)). */
@Index('component_type_blade_manufacturer_uq', { synchronize: false })
export class ComponentTypeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  /** A park's types go with it. */
  @ManyToOne(() => WindPark, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'wind_park_id', foreignKeyConstraintName: 'component_type_wind_park_id_fkey' })
  park?: WindPark;

  @Column('text')
  kind!: ComponentKind;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  manufacturer!: string | null;

  @Column('text', { nullable: true })
  model!: string | null;

  @Column('numeric', { name: 'length_m', precision: 8, scale: 2, nullable: true, transformer: num })
  lengthM!: number | null;

  @Column('numeric', { name: 'width_m', precision: 8, scale: 2, nullable: true, transformer: num })
  widthM!: number | null;

  @Column('numeric', { name: 'height_m', precision: 8, scale: 2, nullable: true, transformer: num })
  heightM!: number | null;

  @Column('numeric', { name: 'rated_power_kw', precision: 10, scale: 1, nullable: true, transformer: num })
  ratedPowerKw!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
