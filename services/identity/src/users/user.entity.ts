import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../organizations/organization.entity.js';

/**
 * Also in the migrations, which TypeORM cannot describe and so leaves alone: the unique indexes on
 * lower(username) and lower(email), and the GIN index on customer_ids.
 */
@Entity({ name: 'app_user' })
@Index('app_user_sso_subject_uq', ['ssoSubject'], { unique: true, where: 'sso_subject IS NOT NULL' })
@Index('app_user_organization', ['organizationId'])
@Index('app_user_customer_ids', { synchronize: false })
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
  @ForeignKey(() => Organization, { name: 'app_user_organization_id_fkey', onDelete: 'NO ACTION' })
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

  /** Raised when roles, rights or data scope change; access tokens carry it as `av` (issue #16). */
  @Column('int', { name: 'access_version', default: 0 })
  accessVersion!: number;

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
