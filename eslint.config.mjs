// ESLint flat config: Next's rules, typescript-eslint's type-checked rules, and the folder
// boundaries of docs/conventions.md (scripts/lint/boundaries.mjs: pure lib/<domain>/, queries and
// the Prisma client only in lib/db/, database drivers only in lib/db and lib/runtime, 'use server'
// only in lib/actions/).
import nextVitals from 'eslint-config-next/core-web-vitals';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '*.mjs',
      '*-tmp.ts',
      '.next/**',
      'node_modules/**',
      'lib/db/generated/**',
      'next-env.d.ts',
      '.paralens/**',
      'test-results/**',
      'playwright-report/**',
      'scripts/**/*.mjs',
    ],
  },
  ...nextVitals,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-anonymous-default-export': 'off',
    },
  },
  ...boundaryConfigs(import.meta.dirname),
  {
    // docs/conventions.md: files stay under 300 lines of code (blank lines and comments not
    // counted), and no line is wider than Prettier's 130 columns; Prettier formats the code, so
    // max-len catches comments (strings, template literals and URLs may run on).
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-len': [
        'error',
        { code: 130, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    // Longer on purpose; each says why in its opening comment.
    files: ['e2e/authorization-table.ts', 'lib/annotation/guideline-quotes.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.test.ts', 'e2e/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
