import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { AppError } from '@windward/contracts';

/** What a licence grants (docs/licence.md). */
export interface LicenceTerms {
  licenceId: string;
  /** Who the platform is licensed to. */
  customer: string;
  issuedAt: string;
  /** ISO date-time; after it the licence is expired. */
  expiresAt: string;
  /** Turbines the whole platform may hold (all customers together). */
  maxTurbines: number;
  /** Modules switched on (shown in the console; see LICENCE_MODULES). */
  modules: string[];
}

export const LICENCE_FORMAT = 'windward-licence/1';

/**
 * A licence file: the terms as base64url JSON and an Ed25519 signature over exactly those bytes
 * (no JSON canonicalisation needed), in a small JSON document an operator can read and copy.
 */
interface LicenceFile {
  format: typeof LICENCE_FORMAT;
  payload: string;
  signature: string;
}

/** Signs `terms` with an Ed25519 private key (PEM, PKCS#8) and returns the licence file's text. */
export function signLicence(terms: LicenceTerms, privateKeyPem: string | KeyObject): string {
  const key = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
  const payload = Buffer.from(JSON.stringify(terms), 'utf8').toString('base64url');
  const signature = sign(null, Buffer.from(payload, 'ascii'), key).toString('base64url');
  const file: LicenceFile = { format: LICENCE_FORMAT, payload, signature };
  return `${JSON.stringify(file, null, 2)}\n`;
}

const isTerms = (t: unknown): t is LicenceTerms => {
  const o = t as Partial<LicenceTerms> | null;
  return (
    !!o &&
    typeof o.licenceId === 'string' &&
    typeof o.customer === 'string' &&
    typeof o.issuedAt === 'string' &&
    typeof o.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(o.expiresAt)) &&
    Number.isInteger(o.maxTurbines) &&
    (o.maxTurbines as number) >= 0 &&
    Array.isArray(o.modules) &&
    o.modules.every((m) => typeof m === 'string')
  );
};

/**
 * Reads a licence file and checks its signature against the trusted public keys (PEM). Anything
 * else — not JSON, another format, a changed payload or signature, an untrusted key — is
 * LICENCE_INVALID. Expiry is not checked here (see licenceExpired): an expired licence still says
 * who it was for.
 */
export function readLicence(text: string, trustedKeys: readonly (string | KeyObject)[]): LicenceTerms {
  let file: Partial<LicenceFile>;
  try {
    file = JSON.parse(text) as Partial<LicenceFile>;
  } catch {
    throw new AppError('LICENCE_INVALID');
  }
  if (file?.format !== LICENCE_FORMAT || typeof file.payload !== 'string' || typeof file.signature !== 'string') throw new AppError('LICENCE_INVALID');
  const data = Buffer.from(file.payload, 'ascii');
  const signature = Buffer.from(file.signature, 'base64url');
  const signed = trustedKeys.some((k) => {
    try {
      return verify(null, data, typeof k === 'string' ? createPublicKey(k) : k, signature);
    } catch {
      return false;
    }
  });
  if (!signed) throw new AppError('LICENCE_INVALID');
  let terms: unknown;
  try {
    terms = JSON.parse(Buffer.from(file.payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('LICENCE_INVALID');
  }
  if (!isTerms(terms)) throw new AppError('LICENCE_INVALID');
  return terms;
}

export const licenceExpired = (expiresAt: string | Date, now = new Date()) => new Date(expiresAt).getTime() <= now.getTime();
