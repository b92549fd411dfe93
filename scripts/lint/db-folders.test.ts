/**
 * lib/db is grouped by aggregate: its root holds only the shared plumbing, and every subfolder has a
 * README.md whose first paragraph names each query style its files use (Prisma's model API, `$queryRaw`,
 * the pg pool), so a newcomer knows which one to follow there.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const db = path.resolve(import.meta.dirname, '../../lib/db');

/** The files lib/db's root may hold: the one handle, the client, the pg pool and what every aggregate shares. */
const plumbing = [
  'database',
  'client',
  'sql-pool',
  'retry',
  'cursor-stream',
  'migrations',
  'schema-engine',
  'health',
  'settings',
];
/** Folders that are not aggregates: Prisma's generated client and the test setup. */
const notAggregates = ['generated', 'testing'];

type Style = 'model' | 'raw' | 'pg';
const styleNames: Record<Style, RegExp> = { model: /Prisma's model API/, raw: /\$queryRaw/, pg: /pg pool/ };
const modelCall =
  /\b\w+\s*\.\s*[a-z]\w*\s*\.\s*(findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(/;

/** The query styles a source file uses. */
export function queryStyles(source: string): Style[] {
  const styles: Style[] = [];
  if (modelCall.test(source)) styles.push('model');
  if (/\$(queryRaw|executeRaw)/.test(source)) styles.push('raw');
  if (/\.query\s*(<|\()|copyFrom\(|preparedStatement\(/.test(source)) styles.push('pg');
  return styles;
}

/** The styles `used` that the README's first paragraph (after its heading) does not name; all three when it names none. */
export function unnamedStyles(readme: string, used: Style[]): Style[] {
  const first = readme.replace(/^#.*\n+/, '').split(/\n\s*\n/)[0] ?? '';
  const named = (Object.keys(styleNames) as Style[]).filter((s) => styleNames[s].test(first));
  if (named.length === 0) return Object.keys(styleNames) as Style[];
  return used.filter((s) => !named.includes(s));
}

const sources = (dir: string) => readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

describe('lib/db by aggregate', () => {
  it('tells the query styles apart', () => {
    expect(queryStyles('return db.user.findUnique({ where: { id } });')).toEqual(['model']);
    expect(queryStyles('await tx.$executeRaw`DELETE FROM "X"`; await tx.campaign.update({})')).toEqual(['model', 'raw']);
    expect(queryStyles('const r = await pool.query<{ id: number }>(sql, values);')).toEqual(['pg']);
    expect(queryStyles('export const sql = `SELECT 1`;')).toEqual([]);
  });

  it('reads the styles from the first paragraph only', () => {
    const readme = "# lib/db/x\n\nRows of x, on Prisma's model API for single rows.\n\nThe pg pool is elsewhere.\n";
    expect(unnamedStyles(readme, ['model'])).toEqual([]);
    expect(unnamedStyles(readme, ['model', 'pg'])).toEqual(['pg']);
    expect(unnamedStyles('# lib/db/x\n\nRows of x.\n', [])).toEqual(['model', 'raw', 'pg']);
  });

  it('keeps only the shared plumbing at the root', () => {
    const stray = sources(db).filter((f) => !plumbing.includes(f.replace(/\.tsx?$/, '')));
    expect(stray, 'a query belongs in the folder of its aggregate (lib/db/<aggregate>/)').toEqual([]);
  });

  const folders = readdirSync(db, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !notAggregates.includes(e.name))
    .map((e) => e.name);

  it('has aggregate folders', () => expect(folders.length).toBeGreaterThan(5));

  for (const folder of folders) {
    it(`${folder}/README.md names the query styles its files use`, () => {
      const readmePath = path.join(db, folder, 'README.md');
      expect(existsSync(readmePath), `lib/db/${folder} has no README.md`).toBe(true);
      const used = [
        ...new Set(sources(path.join(db, folder)).flatMap((f) => queryStyles(readFileSync(path.join(db, folder, f), 'utf8')))),
      ];
      expect(unnamedStyles(readFileSync(readmePath, 'utf8'), used)).toEqual([]);
    });
  }
});
