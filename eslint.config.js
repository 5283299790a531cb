// ESLint, configured once: TypeScript's recommended rules and React's hooks rules over the
// sources, tests, build and bench scripts. `npm run lint` runs it and Prettier's check; `npm test`
// runs lint first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'vendor/',
      'test-results/',
      'playwright-report/',
      'bench/out/',
      '.walk/',
      'tests/e2e/dompurify-corpus.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // `_name` marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Where we match control characters it is the point (URL schemes, sanitizing, the replica's parsers).
      'no-control-regex': 'off',
    },
  },
  {
    // Findings in the sources are fixed, not silenced: an `eslint-disable` comment there has no
    // effect and is itself reported. Elsewhere, a directive that silences nothing is an error.
    files: ['src/**'],
    linterOptions: { noInlineConfig: true },
  },
  {
    // A function of the sources reads in one screen: split a longer one into named parts.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    // Playwright's fixtures take a `use` callback: not React, whatever its name says.
    files: ['tests/e2e/**', 'tests/host/**', 'bench/**', 'scripts/**', 'build/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
