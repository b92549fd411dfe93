// ESLint flat config: Next's rules, typescript-eslint's type-checked rules, and the folder
// boundaries of STYLE.md (pure lib/<domain>/, Prisma only in lib/db/, 'use server' only in lib/actions/).
import nextVitals from 'eslint-config-next/core-web-vitals';
import tseslint from 'typescript-eslint';

const pureDomains = ['access', 'agreement', 'errors', 'import', 'ingest', 'measures', 'metrics', 'naming', 'sampling', 'stats', 'formats', 'mining'];

const forbiddenInPure = [
  { group: ['next', 'next/*', 'next-auth', 'next-auth/*'], message: 'lib/<domain> is pure: no Next.js imports.' },
  { group: ['react', 'react-dom', 'react/*'], message: 'lib/<domain> is pure: no React.' },
  { group: ['@prisma/*', '**/generated/**'], message: 'lib/<domain> is pure: no Prisma (use lib/db from the caller).' },
  { group: ['@/lib/db', '@/lib/db/*', '@/lib/auth', '@/lib/auth/*', '@/lib/actions/*', '@/lib/runtime/*'], message: 'lib/<domain> is pure: no database, auth or runtime imports.' },
];

export default tseslint.config(
  {
    ignores: ['*.mjs', '*-tmp.ts', '.next/**', 'node_modules/**', 'lib/db/generated/**', 'next-env.d.ts', '.paralens/**', 'test-results/**', 'playwright-report/**', 'scripts/**/*.mjs'],
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
  {
    files: pureDomains.map((d) => `lib/${d}/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { patterns: forbiddenInPure }] },
  },
  {
    files: ['app/**', 'components/**', 'lib/actions/**', 'lib/auth/**', 'lib/http/**', 'lib/runtime/**', 'scripts/**', 'e2e/**', 'proxy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@prisma/*', '**/generated/**', '**/db/generated/*'], message: 'Only lib/db imports the Prisma client; call a lib/db function.' }] },
      ],
    },
  },
  {
    files: ['components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/lib/db/client', '@/lib/db/*.ts'], importNames: ['getDb', 'createPrismaClient'], message: 'Components get data from pages, not from the database.' },
            { group: ['@prisma/*', '**/generated/**'], message: 'Only lib/db imports the Prisma client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['lib/actions/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Program > ExpressionStatement[directive='use server']", message: "'use server' belongs in lib/actions/ only." },
      ],
    },
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
