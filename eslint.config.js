// Typed ESLint for TypeScript and React (zero warnings in `npm test`). Astro components are
// checked by `astro check`; eslint-plugin-astro 2+ needs Node 22 (docs/decisions.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import { importRules } from './lint/import-rules.js';

/** The JSX attributes whose values people read (or hear from a screen reader). */
const READ_ATTRIBUTE = 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/]';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      '.astro/',
      'test-results/',
      'playwright-report/',
      'local/',
      'src/server/db/migrations/',
      '**/*.astro',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { imports: importRules },
    rules: {
      'imports/cross-folder': 'error',
      'imports/feature-internals': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in src/server/env.ts (or src/lib/build-env.ts for the build).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // What a member reads comes from the catalogues, in their language (tests may write text).
    files: ['**/*.tsx'],
    ignores: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXText[value=/\\p{L}/u]',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/\\p{L}/u]',
          `${READ_ATTRIBUTE} > Literal[value=/\\p{L}/u]`,
          `${READ_ATTRIBUTE} > JSXExpressionContainer > Literal[value=/\\p{L}/u]`,
        ].map((selector) => ({ selector, message: 'Texts go through t(): add the key to src/i18n/locales/*.json' })),
      ],
    },
  },
  {
    files: ['src/server/env.ts', 'src/lib/build-env.ts', 'scripts/**', 'playwright.config.ts', 'tests/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests open a feature to test its parts; the app's own code goes through front doors.
      'imports/feature-internals': 'off',
    },
  },
  {
    // The lint rules themselves are plain JavaScript that ESLint loads before TypeScript.
    files: ['lint/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
