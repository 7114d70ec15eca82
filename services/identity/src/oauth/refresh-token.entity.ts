import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../users/user.entity.js';

/** Rotating refresh tokens, stored as SHA-256 hashes; one family per sign-in. */
@Entity({ name: 'refresh_token' })
@Unique('refresh_token_token_hash_key', ['tokenHash'])
@Index('refresh_token_family', ['familyId'])
@Index('refresh_token_user', ['userId'])
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  @ForeignKey(() => User, { name: 'refresh_token_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @Column('uuid', { name: 'family_id' })
  familyId!: string;

  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  @Column('text', { name: 'client_id' })
  clientId!: string;

  @Column('text', { name: 'id_token', nullable: true })
  idToken!: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
