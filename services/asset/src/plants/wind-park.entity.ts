import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'wind_park' })
/** Park names are unique per customer, case-insensitively (migration: on lower(name)). */
@Index('wind_park_name_uq', { synchronize: false })
export class WindPark {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('double precision', { nullable: true })
  latitude!: number | null;

  @Column('double precision', { nullable: true })
  longitude!: number | null;

  @Column('text', { nullable: true })
  province!: string | null;

  @Column('text', { nullable: true })
  city!: string | null;

  @Column('text', { nullable: true })
  region!: string | null;

  @Column('numeric', {
    name: 'capacity_mw',
    precision: 10,
    scale: 2,
    nullable: true,
    transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) },
  })
  capacityMw!: number | null;

  @Column('boolean', { default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
