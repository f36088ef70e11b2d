import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'reports', 'test-results', 'playwright-report', 'node_modules', 'dev-dist', 'dist-*', 'test-results-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // One import order everywhere (node: builtins, packages, #aliases, relative), fixed by `npm run format`.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // One entry point for state (see src/shared/state/jotai.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/state/jotai.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'jotai', message: 'Import from src/shared/state/jotai instead.' }] }],
    },
  },
  {
    files: ['scripts/**', 'relay/server/serve.ts', 'relay/cli/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/**', 'relay/**', 'scripts/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
