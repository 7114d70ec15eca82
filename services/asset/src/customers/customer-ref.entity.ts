import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Asset's local copy of identity's customers (fed by identity.customer.* events). */
@Entity({ name: 'customer_ref' })
export class CustomerRef {
  @PrimaryColumn('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  name!: string;

  @Column('int', { name: 'max_turbines', nullable: true })
  maxTurbines!: number | null;

  @Column('boolean', { default: false })
  deleted!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
