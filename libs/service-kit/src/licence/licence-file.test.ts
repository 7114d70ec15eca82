import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { isAppError } from '@windward/contracts';
import { LICENCE_FORMAT, licenceExpired, readLicence, signLicence, type LicenceTerms } from './licence-file.js';

const pair = () => {
  const k = generateKeyPairSync('ed25519');
  return { priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, pub: k.publicKey.export({ type: 'spki', format: 'pem' }) as string };
};
const terms: LicenceTerms = {
  licenceId: 'L-1',
  customer: 'North Sea Wind',
  issuedAt: '2026-11-26T00:00:00.000Z',
  expiresAt: '2027-11-26T00:00:00.000Z',
  maxTurbines: 500,
  modules: ['inspection', 'repair'],
};
const invalid = (fn: () => unknown) => assert.throws(fn, (e) => isAppError(e) && e.code === 'LICENCE_INVALID');

describe('licence files (Ed25519)', () => {
  const vendor = pair();

  test('a signed licence reads back with its terms under the trusted key', () => {
    const text = signLicence(terms, vendor.priv);
    assert.equal(JSON.parse(text).format, LICENCE_FORMAT);
    assert.deepEqual(readLicence(text, [vendor.pub]), terms);
    // Any one of several trusted keys will do.
    assert.deepEqual(readLicence(text, [pair().pub, vendor.pub]), terms);
  });

  test('a changed payload, a changed signature or another key is LICENCE_INVALID', () => {
    const file = JSON.parse(signLicence(terms, vendor.priv)) as { payload: string; signature: string };
    const more = Buffer.from(JSON.stringify({ ...terms, maxTurbines: 50000 })).toString('base64url');
    invalid(() => readLicence(JSON.stringify({ ...file, payload: more }), [vendor.pub]));
    const sig = Buffer.from(file.signature, 'base64url');
    sig[0] ^= 1;
    invalid(() => readLicence(JSON.stringify({ ...file, signature: sig.toString('base64url') }), [vendor.pub]));
    invalid(() => readLicence(signLicence(terms, pair().priv), [vendor.pub]));
    invalid(() => readLicence(signLicence(terms, vendor.priv), []));
  });

  test('not JSON, another format or terms of the wrong shape are LICENCE_INVALID', () => {
    invalid(() => readLicence('not a licence', [vendor.pub]));
    invalid(() => readLicence(JSON.stringify({ format: 'other', payload: 'x', signature: 'y' }), [vendor.pub]));
    invalid(() => readLicence(signLicence({ ...terms, maxTurbines: -1 }, vendor.priv), [vendor.pub]));
    invalid(() => readLicence(signLicence({ ...terms, expiresAt: 'soon' }, vendor.priv), [vendor.pub]));
  });

  test('expiry is a separate check', () => {
    assert.equal(licenceExpired('2027-11-26T00:00:00Z', new Date('2027-11-25T23:59:59Z')), false);
    assert.equal(licenceExpired('2027-11-26T00:00:00Z', new Date('2027-11-26T00:00:00Z')), true);
  });
});
