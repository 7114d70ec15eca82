/**
 * The DEMO licence key pair (docs/licence.md). Its private key is public (it is in this file), so
 * licences it signs are trusted only outside production: `npm start` / SEED_DEMO seeds a demo
 * licence with it. A production platform trusts only LICENCE_PUBLIC_KEYS.
 */
export const DEMO_LICENCE_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIMTCYfF42hpxy1gr8snOIKxae0+XUrtP01HVHLYSJ6kH
-----END PRIVATE KEY-----
`;

export const DEMO_LICENCE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAGS+P3V6JmyPVk4MKWIwCri1YffQwjTxZ9HWhapNF0LI=
-----END PUBLIC KEY-----
`;
