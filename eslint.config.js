import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports run one way: web → contract ← server. Features of the web app never import each other.
const webMayNotImport = [
  {
    group: ['@larkspur/server', '@larkspur/server/*', '**/server/src/**'],
    message: 'The web app never imports the server.',
  },
];
const serverMayNotImport = [
  {
    group: ['@larkspur/web', '@larkspur/web/*', '**/web/src/**', 'react', 'react-dom'],
    message: 'The server never imports the web app.',
  },
];
const contractMayNotImport = [
  {
    group: ['@larkspur/server', '@larkspur/web', '**/server/**', '**/web/**'],
    message: 'The contract depends on zod only.',
  },
];
// Server modules (decision 0216): one module reaches another only through its index.ts, the
// module's public surface; tests may reach a module's internals (they test them).
const serverModules = fs
  .readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const notThroughIndex = '/(?!index(\\.js)?$)';
const moduleInternals = (modules, prefix) => ({
  regex: `^${prefix}(${modules.join('|')})${notThroughIndex}`,
  message: 'Import another server module through its index.ts (its public surface), not its files.',
});
// Every folder of web/src/features is a feature, read when the config loads: a new feature is
// fenced in from its first file, and a name cannot be listed for a folder that is gone.
const features = fs
  .readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/.artifacts/**',
      'bench/.out/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webMayNotImport }],
    },
  },
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webMayNotImport,
            {
              group: features.filter((f) => f !== feature).map((f) => `@/features/${f}/**`),
              message:
                'Features do not import each other: move shared code to components/ or lib/, or compose in app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...serverMayNotImport, moduleInternals(serverModules, '(\\./|(\\.\\./)+)modules/')],
        },
      ],
    },
  },
  ...serverModules.map((name) => ({
    files: [`server/src/modules/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverMayNotImport,
            moduleInternals(
              serverModules.filter((other) => other !== name),
              '(\\.\\./)+',
            ),
          ],
        },
      ],
    },
  })),
  {
    // Tests drive a module's internals directly.
    files: ['server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverMayNotImport }] },
  },
  {
    files: ['contract/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: contractMayNotImport }] },
  },
);
