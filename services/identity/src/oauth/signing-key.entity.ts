import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { JWK } from 'jose';

@Entity({ name: 'signing_key' })
export class SigningKey {
  @PrimaryColumn('text')
  kid!: string;

  /** Only in databases from before encryption, until identity's next start encrypts it. */
  @Column('jsonb', { name: 'private_jwk', nullable: true })
  privateJwk!: JWK | null;

  /** The private JWK sealed with SIGNING_KEY_SECRET (signing-key-seal.ts). */
  @Column('text', { name: 'private_jwk_enc', nullable: true })
  privateJwkEnc!: string | null;

  @Column('jsonb', { name: 'public_jwk' })
  publicJwk!: JWK;

  @Column('boolean', { default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
