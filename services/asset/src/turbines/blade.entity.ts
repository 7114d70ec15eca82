import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One of a turbine's three blades (position 1..3). */
@Entity({ name: 'blade' })
export class Blade {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('smallint')
  position!: number;

  @Column('text')
  name!: string;

  @Column('text', { name: 'serial_number' })
  serialNumber!: string;
}
