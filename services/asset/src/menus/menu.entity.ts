import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The menu catalogue (seeded at start from MENU_CATALOGUE). */
@Entity({ name: 'menu' })
export class Menu {
  @PrimaryColumn('int')
  id!: number;

  @Column('text', { name: 'right_key' })
  rightKey!: string;

  @Column('int', { name: 'parent_id', nullable: true })
  parentId!: number | null;

  @Column('int')
  sort!: number;
}

/** Menus a customer's users get; no row = every menu. */
@Entity({ name: 'customer_menu' })
export class CustomerMenu {
  @PrimaryColumn('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('int', { name: 'menu_ids', array: true })
  menuIds!: number[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
