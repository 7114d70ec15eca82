#!/usr/bin/env node
// Runs several node:test files in ONE process (docs/ci.md, "Node suites in one process"):
//   node --test-reporter=tap infra/scripts/node-group.mjs a.test.js b.test.js …
// Each file in its own process paid ~3 CPU-s to load Nest, TypeORM and the service's modules
// again; the suites of a workspace load them once. Files run one after another, each as a suite
// named after it, and each starts with the environment variables the run started with (a harness
// sets DATABASE_URL and its own settings in process.env). test-all runs it with --test-force-exit:
// a handle a file leaves open (a pool closing late on a loaded machine) must not hold the run.
import { before, describe } from 'node:test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const startEnv = { ...process.env };
const restoreEnv = () => {
  for (const k of Object.keys(process.env)) if (!(k in startEnv)) delete process.env[k];
  Object.assign(process.env, startEnv);
};
for (const file of process.argv.slice(2)) {
  describe(path.relative(process.cwd(), file), async () => {
    before(restoreEnv);
    await import(pathToFileURL(path.resolve(file)).href);
  });
}
