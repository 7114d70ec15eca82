import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import consoleLayers from './web/lint/console-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'infra/nginx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest and TypeORM decorators need Function types in a few places.
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    // A service imports only libs/*, never another service (ARCHITECTURE.md).
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@windward/identity', '@windward/asset', '@windward/inspection', '@windward/task-flow', '@windward/repair', '@windward/delivery', '@windward/report', '@windward/import', '../../*/src/*'] }],
    },
  },
  {
    // The console's layers and public feature entries (docs/architecture.md "Console layers").
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { console: consoleLayers },
    rules: { 'console/layers': 'error' },
  },
  {
    // One way to open a live connection: the helper renews the token and reconnects when the
    // user's access changes (issue #16).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/core/realtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'socket.io-client',
              importNames: ['io'],
              message: 'Open live sockets with openLiveSocket from @/core/realtime/liveSocket.',
            },
          ],
        },
      ],
    },
  },
);
