// Runs several e2e files in one process on ONE platform (docs/ci.md, "e2e groups"):
//   node --test-reporter=tap infra/dist/e2e/group.js a.e2e.test.js b.e2e.test.js …
// Booting eight services and the gateway costs about 40 CPU-seconds on our CI machines; a run
// of 22 files paid it 22 times. Files run one after another, in the order given, so what one
// file leaves behind is the same on every run (test-all.mjs keeps the groups fixed). A file
// must therefore not assume the demo data is untouched by the files before it in its group.
import { after } from 'node:test';
import { shareOnePlatform, stopSharedPlatform } from './harness.js';

shareOnePlatform();
after(stopSharedPlatform);
// The files themselves load exactly as the Node suites' do (one suite per file, in order).
await import(new URL('../../scripts/node-group.mjs', import.meta.url).href);
