import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const COMPONENT_KINDS = ['generator', 'blade', 'nacelle', 'tower', 'foundation'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

const num = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A generator (= turbine type), blade, nacelle, tower or foundation type of one wind park. */
@Entity({ name: 'component_type' })
export class ComponentTypeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('text')
  kind!: ComponentKind;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  manufacturer!: string | null;

  @Column('text', { nullable: true })
  model!: string | null;

  @Column('numeric', { name: 'length_m', nullable: true, transformer: num })
  lengthM!: number | null;

  @Column('numeric', { name: 'width_m', nullable: true, transformer: num })
  widthM!: number | null;

  @Column('numeric', { name: 'height_m', nullable: true, transformer: num })
  heightM!: number | null;

  @Column('numeric', { name: 'rated_power_kw', nullable: true, transformer: num })
  ratedPowerKw!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
