import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique, UpdateDateColumn } from 'typeorm';

/** The menu catalogue (seeded at start from MENU_CATALOGUE). */
@Entity({ name: 'menu' })
@Unique('menu_right_key_key', ['rightKey'])
export class Menu {
  @PrimaryColumn('int')
  id!: number;

  @Column('text', { name: 'right_key' })
  rightKey!: string;

  @Column('int', { name: 'parent_id', nullable: true })
  parentId!: number | null;

  /** Declares the migration's foreign key; nothing loads it. */
  @ManyToOne(() => Menu)
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'menu_parent_id_fkey' })
  parent?: Menu;

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
