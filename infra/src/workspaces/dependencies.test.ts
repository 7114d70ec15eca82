import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// A workspace is a folder with a package.json (services/project.json is the Nx target building them all).
const workspaces = ['libs', 'services']
  .flatMap((d) => readdirSync(path.join(root, d)).map((n) => `${d}/${n}`))
  .filter((w) => existsSync(path.join(root, w, 'package.json')))
  .concat(['infra', 'web']);

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/**
 * Each workspace declares what it imports: resolving a package only because npm hoisted another
 * workspace's dependency breaks as soon as that workspace drops it or is deployed alone.
 */
test('every package a workspace imports is declared in its own package.json', () => {
  const missing: string[] = [];
  for (const ws of workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = new Set([pkg.name as unknown as string, ...Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })]);
    const used = new Set<string>();
    for (const dir of ['src', 'bin', 'scripts']) {
      for (const file of sources(path.join(root, ws, dir))) {
        const text = readFileSync(file, 'utf8');
        // Bare specifiers only (npm names), not relative paths or strings that merely follow `from`.
        for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[^'"]*)?|node:[\w/]+)['"]/g)) used.add(packageOf(m[1]!));
      }
    }
    for (const name of used) {
      if (name.startsWith('node:') || builtinModules.includes(name) || name.startsWith('@/') || name === '@') continue;
      if (!declared.has(name)) missing.push(`${ws}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});
