#!/usr/bin/env node
// `npm run licence -- <command>`: the vendor's side of platform licences (docs/licence.md).
//   keygen --out <dir>                       an Ed25519 key pair: licence-private.pem (keep it safe,
//                                            never on the platform) and licence-public.pem (set it
//                                            as LICENCE_PUBLIC_KEYS on identity)
//   issue --key <private.pem> --customer <name> --expires <YYYY-MM-DD> --turbines <n>
//         [--modules a,b,…] [--id <licence id>] [--out <file>]
//                                            a signed licence file (stdout without --out), to
//                                            install in the console (Configuration → Licence)
//   show <file> --public <public.pem>        verifies a licence file and prints its terms
// Needs a build first (npm run build): it uses the kit's licence codec.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { signLicence, readLicence, licenceExpired } = await import(pathToFileURL(join(root, 'libs/service-kit/dist/licence/licence-file.js')).href);
const { LICENCE_MODULES } = await import(pathToFileURL(join(root, 'libs/contracts/dist/index.js')).href);

const [command, ...rest] = process.argv.slice(2);
const opt = (name) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const need = (name) => {
  const v = opt(name);
  if (!v) fail(`--${name} is required`);
  return v;
};
function fail(message) {
  console.error(`licence: ${message}`);
  process.exit(2);
}

if (command === 'keygen') {
  const out = need('out');
  mkdirSync(out, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(out, 'licence-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  writeFileSync(join(out, 'licence-public.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
  console.log(`wrote ${join(out, 'licence-private.pem')} (secret) and ${join(out, 'licence-public.pem')} (LICENCE_PUBLIC_KEYS)`);
} else if (command === 'issue') {
  const expires = new Date(`${need('expires')}T23:59:59.999Z`);
  if (Number.isNaN(expires.getTime())) fail('--expires must be a date, YYYY-MM-DD');
  const turbines = Number(need('turbines'));
  if (!Number.isInteger(turbines) || turbines < 0) fail('--turbines must be a whole number');
  const modules = (opt('modules') ?? LICENCE_MODULES.join(',')).split(',').map((m) => m.trim()).filter(Boolean);
  const unknown = modules.filter((m) => !LICENCE_MODULES.includes(m));
  if (unknown.length) fail(`unknown modules ${unknown.join(', ')} (known: ${LICENCE_MODULES.join(', ')})`);
  const terms = {
    licenceId: opt('id') ?? randomUUID(),
    customer: need('customer'),
    issuedAt: new Date().toISOString(),
    expiresAt: expires.toISOString(),
    maxTurbines: turbines,
    modules,
  };
  const text = signLicence(terms, readFileSync(need('key'), 'utf8'));
  const out = opt('out');
  if (out) {
    writeFileSync(out, text);
    console.error(`wrote ${out}: ${terms.customer}, ${terms.maxTurbines} turbines, until ${terms.expiresAt}`);
  } else process.stdout.write(text);
} else if (command === 'show') {
  const file = rest.find((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  if (!file) fail('show <file> --public <public.pem>');
  try {
    const terms = readLicence(readFileSync(file, 'utf8'), [readFileSync(need('public'), 'utf8')]);
    console.log(JSON.stringify({ ...terms, expired: licenceExpired(terms.expiresAt) }, null, 2));
  } catch (e) {
    fail(`${file}: ${e.message}`);
  }
} else {
  fail('commands: keygen, issue, show (see the head of infra/scripts/licence.mjs)');
}
