import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'app_user' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  username!: string;

  @Column('text', { nullable: true })
  email!: string | null;

  @Column('text', { name: 'display_name' })
  displayName!: string;

  @Column('text', { name: 'password_hash', select: false })
  passwordHash!: string;

  @Column('int', { array: true, default: () => "'{}'" })
  roles!: number[];

  @Column('uuid', { name: 'organization_id', nullable: true })
  organizationId!: string | null;

  @Column('uuid', { name: 'customer_ids', array: true, default: () => "'{}'" })
  customerIds!: string[];

  @Column('text', { name: 'park_ids', array: true, default: () => "'{}'" })
  parkIds!: string[];

  /** Per-user rights set by an administrator; null means "the defaults of the user's roles". */
  @Column('text', { name: 'rights_granted', array: true, nullable: true })
  rightsGranted!: string[] | null;

  @Column('boolean', { default: true })
  active!: boolean;

  /** The SSO identity provider's subject, bound at the first single sign-on. */
  @Column('text', { name: 'sso_subject', nullable: true })
  ssoSubject!: string | null;

  @Column('timestamptz', { name: 'valid_until', nullable: true })
  validUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
