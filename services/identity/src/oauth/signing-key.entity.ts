import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { JWK } from 'jose';

@Entity({ name: 'signing_key' })
export class SigningKey {
  @PrimaryColumn('text')
  kid!: string;

  @Column('jsonb', { name: 'private_jwk' })
  privateJwk!: JWK;

  @Column('jsonb', { name: 'public_jwk' })
  publicJwk!: JWK;

  @Column('boolean', { default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
