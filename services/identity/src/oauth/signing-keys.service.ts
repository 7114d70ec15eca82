import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { DEV_SIGNING_KEY_SECRET, LocalKeySet, TOKEN_AUDIENCE, TOKEN_ISSUER, type AccessTokenClaims } from '@windward/service-kit';
import { SigningKey } from './signing-key.entity.js';
import { SigningKeySeal } from './signing-key-seal.js';

/**
 * The RS256 key that signs access tokens. Created on first start and kept in identity's schema,
 * the private half sealed with SIGNING_KEY_SECRET (set JWT_PRIVATE_JWK to bring your own); the
 * public half is published as JWKS for the other services and loaded into this process's own verifier.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private active: { kid: string; key: CryptoKey } | null = null;
  private jwks: JSONWebKeySet = { keys: [] };
  private readonly seal = new SigningKeySeal(process.env.SIGNING_KEY_SECRET || DEV_SIGNING_KEY_SECRET);

  constructor(
    @InjectRepository(SigningKey) private readonly keys: Repository<SigningKey>,
    private readonly local: LocalKeySet,
  ) {}

  async onModuleInit(): Promise<void> {
    if (process.env.JWT_PRIVATE_JWK) {
      const jwk = JSON.parse(process.env.JWT_PRIVATE_JWK);
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
      await this.keys.upsert({ kid: jwk.kid ?? 'configured', privateJwk: null, privateJwkEnc: this.seal.seal(jwk), publicJwk: pub, active: true }, ['kid']);
    }
    // Keys stored before sealing (or by hand) are sealed now; the plain copy is removed.
    for (const plain of await this.keys.find({ where: { privateJwk: Not(IsNull()) } })) {
      await this.keys.update({ kid: plain.kid }, { privateJwkEnc: this.seal.seal(plain.privateJwk!), privateJwk: null });
    }
    let row = await this.keys.findOne({ where: { active: true }, order: { createdAt: 'DESC' } });
    if (!row) {
      const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
      // Two instances may race on first start: the insert is idempotent, and we re-read.
      await this.keys
        .createQueryBuilder()
        .insert()
        .values({ kid, privateJwk: null, privateJwkEnc: this.seal.seal(privateJwk), publicJwk, active: true })
        .orIgnore()
        .execute();
      row = await this.keys.findOneOrFail({ where: { active: true }, order: { createdAt: 'DESC' } });
    }
    this.active = { kid: row.kid, key: (await importJWK(this.seal.open(row.privateJwkEnc!), 'RS256')) as CryptoKey };
    const all = await this.keys.find();
    this.jwks = { keys: all.map((k) => k.publicJwk) };
    this.local.set(this.jwks);
  }

  publicKeys(): JSONWebKeySet {
    return this.jwks;
  }

  /** `sid` names the sign-in session (refresh token family), used to find its SSO id token at logout. */
  async sign(claims: AccessTokenClaims, ttlSeconds: number): Promise<string> {
    if (!this.active) throw new Error('signing key not loaded');
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: this.active.kid })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(claims.sub)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.active.key);
  }
}
