import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One installed licence file; the newest row is the one in force, older ones stay as history. */
@Entity('licence')
export class Licence {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The signed file exactly as installed: it is verified again at every start. */
  @Column('text', { name: 'licence_text' })
  licenceText!: string;

  @Column('text', { name: 'licence_id' })
  licenceId!: string;

  @Column('text')
  customer!: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('int', { name: 'max_turbines' })
  maxTurbines!: number;

  @Column('text', { array: true })
  modules!: string[];

  @Column('uuid', { name: 'installed_by', nullable: true })
  installedBy!: string | null;

  @CreateDateColumn({ name: 'installed_at', type: 'timestamptz' })
  installedAt!: Date;
}
