import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Local read model of asset's wind parks (fed by asset.park.* events): which customer owns which park. */
@Entity({ name: 'park_ref' })
@Index('park_ref_customer', ['customerId'])
export class ParkRef {
  @PrimaryColumn('text', { name: 'park_id' })
  parkId!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  name!: string;
}
