/**
 * The stored distributions of a corpus (lib/db/dashboards/distribution-cache.ts) against a real database: the
 * stored figures equal the live ones; a second request computes nothing; an import (a new summary
 * stamp) makes every measure stale; a user measure imported again makes only itself stale, and one
 * deleted leaves the stored figures; a split by more labels than the limit computes nothing; the
 * warm-up stores the splits a corpus can show, and a job warms a large corpus unless scoring is to come.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { catalogueMeasures, computeDistributionRows, userSqlMeasures } from './distributions';
import { corpusDistributionFigures, corpusSplitGroups, MAX_LABEL_GROUPS, warmCorpusDistributions } from './distribution-cache';
import { deleteUserMeasure, importScores } from '../corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { warmDistributionsAfterJob } from '@/lib/services/dashboards/warm-distributions';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const byKey = <T extends { measure: string; group: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => `${a.measure}/${a.group}`.localeCompare(`${b.measure}/${b.group}`));

async function scores(slug: string, values: Array<[number, number]>) {
  const tsv = `id\tmodel\n${values.map(([id, v]) => `${id}\t${v}`).join('\n')}\n`;
  const outcome = await importScores(pool, {
    slug,
    map: 'id=id',
    measures: 'model=model',
    rows: readAnnotationRowsFrom(Readable.from([Buffer.from(tsv)]), 'tsv'),
    source: 'model.tsv',
    userId: null,
  });
  expect(outcome.ok).toBe(true);
}

describe('stored distributions of a corpus', () => {
  it('are the live figures, computed once, and recomputed when the corpus or a measure of its own changes', async () => {
    const corpus = await makeCorpus(db);
    const pairs = await makePairs(
      db,
      corpus.id,
      Array.from({ length: 30 }, (_, i) => ({
        a: `Stored figures ${i} one.`,
        b: `Stored figures ${i} two.`,
        referenceIsParaphrase: i % 3 === 0,
        referenceLabel: ['E', 'C', 'N'][i % 3]!,
        measures: { bleu: ((i * 7) % 30) / 30, syn: (i % 10) / 10 },
      })),
    );
    await scores(
      corpus.slug,
      pairs.map((id, i) => [id, i / 10]),
    );
    const measures = [...catalogueMeasures(), ...userSqlMeasures(['model'])];
    const scope = { kind: 'corpus', corpusId: corpus.id, by: 'reference' } as const;

    const first = await corpusDistributionFigures(pool, corpus.id, 'reference', measures);
    expect(first.computed).toBe(measures.length);
    expect(first.labels).toBe(2);
    expect(byKey(first.rows)).toEqual(byKey(await computeDistributionRows(pool, scope, measures)));
    expect(first.rows.some((r) => r.measure === 'u.model')).toBe(true);

    const again = await corpusDistributionFigures(pool, corpus.id, 'reference', measures);
    expect(again.computed).toBe(0);
    expect(byKey(again.rows)).toEqual(byKey(first.rows));
    expect(again.groups).toEqual(first.groups);

    // the user measure imported again, with other values: only it is computed
    await scores(
      corpus.slug,
      pairs.map((id, i) => [id, 1 - i / 100]),
    );
    const replaced = await corpusDistributionFigures(pool, corpus.id, 'reference', measures);
    expect(replaced.computed).toBe(1);
    expect(replaced.rows.find((r) => r.measure === 'u.model' && r.group === 'yes')?.max).toBe(1);

    // more pairs: a new summary stamp, every measure stale, the groups counted again
    await makePairs(db, corpus.id, [
      {
        a: 'Stored figures late one.',
        b: 'Stored figures late two.',
        referenceIsParaphrase: true,
        referenceLabel: 'E',
        measures: { bleu: 1, syn: 1 },
      },
    ]);
    const grown = await corpusDistributionFigures(pool, corpus.id, 'reference', measures);
    expect(grown.computed).toBe(measures.length);
    expect(grown.groups.find((g) => g.group === 'yes')?.pairs).toBe(11);
    expect(byKey(grown.rows)).toEqual(byKey(await computeDistributionRows(pool, scope, measures)));

    // a deleted measure: the others stay stored
    await deleteUserMeasure(pool, corpus.id, 'model');
    const catalogue = catalogueMeasures();
    expect((await corpusDistributionFigures(pool, corpus.id, 'reference', catalogue)).computed).toBe(0);
  });

  it('a split by more labels than the limit computes nothing; the warm-up stores the splits a corpus can show', async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: MAX_LABEL_GROUPS + 1 }, (_, i) => ({
        a: `Many labels ${i} one.`,
        b: `Many labels ${i} two.`,
        referenceIsParaphrase: i % 2 === 0,
        referenceLabel: `label ${i}`,
        measures: { bleu: i / 20 },
      })),
    );
    const tooMany = await corpusDistributionFigures(pool, corpus.id, 'label', catalogueMeasures());
    expect(tooMany).toMatchObject({ labels: MAX_LABEL_GROUPS + 1, groups: [], rows: [], computed: 0 });
    expect(await corpusSplitGroups(pool, corpus.id, 'label')).toEqual({ labels: MAX_LABEL_GROUPS + 1, groups: [] });

    expect(await warmCorpusDistributions(pool, corpus.id)).toEqual(['reference']);
    expect((await corpusDistributionFigures(pool, corpus.id, 'reference', catalogueMeasures())).computed).toBe(0);
    // after a job: warmed unless the corpus is small or a scoring job is still to come
    const log: string[] = [];
    expect(await warmDistributionsAfterJob(pool, corpus.id, (l) => log.push(l))).toBe(false);
    const scoring = await db.scoringJob.create({ data: { corpusId: corpus.id, measures: ['st'], status: 'QUEUED' } });
    expect(await warmDistributionsAfterJob(pool, corpus.id, (l) => log.push(l), 1)).toBe(false);
    await db.scoringJob.update({ where: { id: scoring.id }, data: { status: 'SUCCEEDED' } });
    expect(await warmDistributionsAfterJob(pool, corpus.id, (l) => log.push(l), 1)).toBe(true);
    expect(log).toEqual([expect.stringMatching(/^distributions by label stored \(reference\) in \d+\.\d s$/)]);
    const reference = await corpusSplitGroups(pool, corpus.id, 'reference');
    expect(
      reference.groups
        .filter((g) => g.group !== null)
        .map((g) => [g.group, g.pairs])
        .sort(),
    ).toEqual([
      ['no', 6],
      ['yes', 7],
    ]);
  });
});
