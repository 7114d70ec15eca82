import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A machine client (OAuth2 client-credentials grant, RFC 6749 §4.4): software such as the
 * drone-ingestion service that signs in as itself. Registered by an administrator with its own
 * rights and data scope; the secret is shown once and only its SHA-256 is kept.
 */
@Entity({ name: 'machine_client' })
@Unique('machine_client_client_id_key', ['clientId'])
export class MachineClient {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The public identifier the client sends (`client_id`), generated: `mc-` and 20 hex digits. */
  @Column('text', { name: 'client_id' })
  clientId!: string;

  @Column('text')
  name!: string;

  /** SHA-256 (hex) of the secret: it is 32 random bytes, so a fast hash is enough (no password to guess). */
  @Column('text', { name: 'secret_hash', select: false })
  secretHash!: string;

  /** Right keys (contracts `Right`) its tokens carry. */
  @Column('text', { array: true })
  rights!: string[];

  /** Data scope: null = every customer / park. */
  @Column('uuid', { name: 'customer_ids', array: true, nullable: true })
  customerIds!: string[] | null;

  @Column('uuid', { name: 'park_ids', array: true, nullable: true })
  parkIds!: string[] | null;

  @Column('uuid', { name: 'created_by' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
