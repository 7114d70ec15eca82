import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { JWK } from 'jose';

const FORMAT = 'v1';

/**
 * Seals the token-signing private key for storage: AES-256-GCM under a key derived (scrypt) from
 * SIGNING_KEY_SECRET, so a copy of the database alone cannot mint tokens. Format
 * `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SigningKeySeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = scryptSync(secret, 'windward identity signing key', 32);
  }

  seal(jwk: JWK): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The key, or an error that says the secret is wrong (never a silent new key: tokens would all break). */
  open(sealed: string): JWK {
    const [format, iv, tag, data] = sealed.split('.');
    if (format !== FORMAT || !iv || !tag || !data) throw new Error('identity: the stored signing key is not in a known sealed format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')) as JWK;
    } catch {
      throw new Error('identity: the stored signing key cannot be opened with SIGNING_KEY_SECRET (wrong secret?); refusing to start');
    }
  }
}
