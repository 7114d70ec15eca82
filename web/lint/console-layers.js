/**
 * ESLint rule `console/layers`: the console's layers (docs/architecture.md "Console layers").
 *
 *   shell      may import anything; other features only through their public entries
 *   features   may import core, shared and their own files; another feature only through its
 *              public entries (`@/features/<name>` = index.ts, `@/features/<name>/pages`, or
 *              `@/features/<name>/state`: the slice it adds to the store, for the shell's store);
 *              never the shell
 *   shared     may import core and shared; never features or the shell
 *   core       may import core and `@/shared/contracts` (the vocabulary); nothing else of src
 *   test       (the harness, src/test) may import anything; main.tsx likewise
 *
 * Some feature pairs may not import each other at all, not even the public entry: what they
 * share lives in shared (FORBIDDEN_FEATURE_PAIRS).
 *
 * Paths are resolved (the `@/` alias and relative paths alike), so `../../other/x` is caught
 * the same as `@/features/other/x`; static imports, re-exports and `import()` are checked.
 */
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Where a file of src sits: { layer, feature?, rest }. */
function locate(file) {
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  if (rel.startsWith('..')) return null;
  const [top, second, ...rest] = rel.split('/');
  if (top === 'features') return { layer: 'features', feature: second, rest: rest.join('/') };
  if (['shell', 'core', 'shared', 'test'].includes(top)) return { layer: top, rest: [second, ...rest].join('/') };
  return { layer: 'other', rest: rel };
}

function resolveSource(source, fromFile) {
  if (source.startsWith('@/')) return path.join(SRC, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null; // a package
}

const PUBLIC_ENTRIES = new Set(['', 'index', 'index.ts', 'pages', 'pages.ts', 'state', 'state.ts']);

/**
 * [from, to, where the shared part lives]: the first feature must not import the second.
 * The work tools use the inspection service's endpoints, readings and helpers from
 * shared/inspection, never the inspection screens (issue #13).
 */
const FORBIDDEN_FEATURE_PAIRS = [['work', 'inspection', '@/shared/inspection']];

function problem(from, to) {
  if (from.layer === 'test' || from.layer === 'other') return null;
  // Locales, styles and the test harness are not layers (testing helpers use the harness).
  if (to.layer === 'other' || to.layer === 'test') return null;
  const crossFeature = to.layer === 'features' && !(from.layer === 'features' && from.feature === to.feature);
  const forbidden = crossFeature && FORBIDDEN_FEATURE_PAIRS.find(([a, b]) => from.layer === 'features' && from.feature === a && to.feature === b);
  if (forbidden) return `features/${forbidden[0]} must not import features/${forbidden[1]}: use ${forbidden[2]}`;
  if (crossFeature && !PUBLIC_ENTRIES.has(to.rest))
    return `features/${to.feature}/${to.rest} is internal to the ${to.feature} feature: import its public index (@/features/${to.feature})`;
  if (from.layer === 'features' && to.layer === 'shell') return 'a feature must not import the shell (the shell imports features)';
  if (from.layer === 'shared' && (to.layer === 'features' || to.layer === 'shell')) return `shared must not import ${to.layer}`;
  if (from.layer === 'core') {
    if (to.layer === 'core') return null;
    if (to.layer === 'shared' && to.rest.replace(/\.ts$/, '') === 'contracts') return null;
    return `core must not import ${to.layer} (core is the bottom layer; only @/shared/contracts besides itself)`;
  }
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: "the console's layers: shell → features → shared → core" }, schema: [] },
  create(context) {
    const from = locate(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSource(source.value, context.filename);
      const to = target && locate(target);
      if (!to) return;
      const message = problem(from, to);
      if (message) context.report({ node: source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { layers: rule } };
