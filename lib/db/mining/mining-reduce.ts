/**
 * The reduce of a mining run, in SQL over the staging table (miner-design.md §5: grouping and the
 * pair self-join of the full English dump take under a minute in PostgreSQL). Step flags per
 * reference follow the original's chained filters (seed-code.md §4.6-4.9): images with
 * minRefs ≤ n ≤ maxRefs references (n counts every reference, with or without caption), a caption
 * that is not empty, ≥ 6 words, the tier's rule (gold: Table 4 sentence; silver: verb), then
 * ≥ 2 surviving references per image again. Pairs join references of one image per caption type;
 * the pair filters use the case folds and near-equality forms the map computed.
 */
import type pg from 'pg';
import { funnelRow, type FunnelRow } from '@/lib/mining/funnel';
import { MIN_CAPTION_WORDS, type ReduceOptions } from '@/lib/mining/mining-options';
import { stagingTable } from './mining-staging';

function checkOptions(o: ReduceOptions): void {
  if (!Number.isSafeInteger(o.minRefs) || !Number.isSafeInteger(o.maxRefs) || o.minRefs < 0 || o.maxRefs < o.minRefs) {
    throw new Error(`invalid reference bounds ${o.minRefs}..${o.maxRefs}`);
  }
}

/** Builds `mining_flags_<run>` (step flags per reference) and `mining_pairs_<run>` (pairs with their filter flags). */
export async function buildReduceTables(client: pg.ClientBase, runId: number, options: ReduceOptions): Promise<void> {
  checkOptions(options);
  const refs = stagingTable(runId);
  const flags = stagingTable(runId, 'flags');
  const pairs = stagingTable(runId, 'pairs');
  const rule = (p: 'c' | 'a') =>
    options.tier === 'gold' ? `${p}_sentence` : options.silverRule === 'has-verb' ? `${p}_verb` : `NOT ${p}_verb`;
  await client.query(`DROP TABLE IF EXISTS ${pairs}, ${flags}`);
  await client.query(`CREATE UNLOGGED TABLE ${flags} AS
    WITH base AS (
      SELECT id, image_key, c_text IS NOT NULL AS c0, a_text IS NOT NULL AS a0,
        count(*) OVER (PARTITION BY image_key) AS n_all,
        coalesce(c_text <> '', false) AS c_has, coalesce(a_text <> '', false) AS a_has,
        coalesce(c_words >= ${MIN_CAPTION_WORDS}, false) AS c_long, coalesce(a_words >= ${MIN_CAPTION_WORDS}, false) AS a_long,
        coalesce(${rule('c')}, false) AS c_rule, coalesce(${rule('a')}, false) AS a_rule
      FROM ${refs}),
    steps AS (
      SELECT id, image_key, c0, a0, n_all >= ${options.minRefs} AS s1, n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AS s2,
        n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND c_has AS c3, n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND a_has AS a3,
        n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND c_has AND c_long AS c4, n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND a_has AND a_long AS a4,
        n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND c_has AND c_long AND c_rule AS c5,
        n_all BETWEEN ${options.minRefs} AND ${options.maxRefs} AND a_has AND a_long AND a_rule AS a5
      FROM base)
    SELECT *, (c5 OR a5) AND count(*) FILTER (WHERE c5 OR a5) OVER (PARTITION BY image_key) >= 2 AS s6 FROM steps`);
  await client.query(`CREATE UNLOGGED TABLE ${pairs} AS
    WITH joined AS (
      SELECT fa.image_key, k.kind, fa.id AS ref_a, fb.id AS ref_b
      FROM ${flags} fa JOIN ${flags} fb ON fb.image_key = fa.image_key AND fb.id > fa.id
      CROSS JOIN (VALUES ('c'), ('a')) AS k(kind)
      WHERE fa.s6 AND fb.s6 AND CASE k.kind WHEN 'c' THEN fa.c5 AND fb.c5 ELSE fa.a5 AND fb.a5 END),
    keyed AS (
      SELECT j.*, CASE j.kind WHEN 'c' THEN ra.c_fold ELSE ra.a_fold END AS fold_a, CASE j.kind WHEN 'c' THEN rb.c_fold ELSE rb.a_fold END AS fold_b,
        CASE j.kind WHEN 'c' THEN ra.c_norm ELSE ra.a_norm END AS norm_a, CASE j.kind WHEN 'c' THEN rb.c_norm ELSE rb.a_norm END AS norm_b
      FROM joined j JOIN ${refs} ra ON ra.id = j.ref_a JOIN ${refs} rb ON rb.id = j.ref_b),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY md5(least(fold_a COLLATE "C", fold_b COLLATE "C") || E'\\x01' || greatest(fold_a COLLATE "C", fold_b COLLATE "C"))
        ORDER BY image_key COLLATE "C", ref_a, ref_b) = 1 AS s7
      FROM keyed)
    SELECT image_key, kind, ref_a, ref_b, s7, s7 AND fold_a <> fold_b AS s8,
      s7 AND fold_a <> fold_b AND strpos(norm_a, norm_b) = 0 AND strpos(norm_b, norm_a) = 0 AS s9
    FROM ranked`);
}

const num = (v: unknown): number => Number(v ?? 0);

/** Rows 0-9 of the run's funnel, from the tables buildReduceTables made. */
export async function computeFunnel(client: pg.ClientBase, runId: number, options: ReduceOptions): Promise<FunnelRow[]> {
  const flags = stagingTable(runId, 'flags');
  const pairs = stagingTable(runId, 'pairs');
  const steps: Array<[string, string, string]> = [
    ['true', 'c0', 'a0'],
    ['s1', 's1 AND c0', 's1 AND a0'],
    ['s2', 's2 AND c0', 's2 AND a0'],
    ['c3 OR a3', 'c3', 'a3'],
    ['c4 OR a4', 'c4', 'a4'],
    ['c5 OR a5', 'c5', 'a5'],
    ['s6', 's6 AND c5', 's6 AND a5'],
  ];
  const perImage = steps
    .map(
      ([ref, c, a], k) =>
        `count(*) FILTER (WHERE ${ref}) AS n${k}, count(*) FILTER (WHERE ${c}) AS c${k}, count(*) FILTER (WHERE ${a}) AS a${k}`,
    )
    .join(',\n');
  const totals = steps
    .map(
      (
        _,
        k,
      ) => `count(*) FILTER (WHERE n${k} > 0) AS images${k}, count(*) FILTER (WHERE n${k} >= 2) AS r2_${k}, count(*) FILTER (WHERE n${k} >= 5) AS r5_${k},
      sum(n${k}) AS refs${k}, sum(c${k} + a${k}) AS caps${k}, sum(c${k} * (c${k} - 1) / 2 + a${k} * (a${k} - 1) / 2) AS pairs${k}`,
    )
    .join(',\n');
  const early =
    (
      await client.query<Record<string, string>>(
        `WITH g AS (SELECT image_key, ${perImage} FROM ${flags} GROUP BY image_key) SELECT ${totals} FROM g`,
      )
    ).rows[0] ?? {};
  const late =
    (
      await client.query<Record<string, string>>(`WITH uses AS (
      SELECT image_key, kind, ref, bool_or(s7) AS s7, bool_or(s8) AS s8, bool_or(s9) AS s9
      FROM (SELECT image_key, kind, ref_a AS ref, s7, s8, s9 FROM ${pairs} UNION ALL SELECT image_key, kind, ref_b, s7, s8, s9 FROM ${pairs}) u
      GROUP BY image_key, kind, ref),
    g AS (SELECT image_key, count(*) FILTER (WHERE s7) AS n7, count(*) FILTER (WHERE s8) AS n8, count(*) FILTER (WHERE s9) AS n9 FROM uses GROUP BY image_key)
    SELECT ${[7, 8, 9].map((k) => `count(*) FILTER (WHERE n${k} > 0) AS images${k}, count(*) FILTER (WHERE n${k} >= 2) AS r2_${k}, count(*) FILTER (WHERE n${k} >= 5) AS r5_${k}, coalesce(sum(n${k}), 0) AS refs${k}`).join(', ')},
      (SELECT count(*) FILTER (WHERE s7) FROM ${pairs}) AS pairs7, (SELECT count(*) FILTER (WHERE s8) FROM ${pairs}) AS pairs8, (SELECT count(*) FILTER (WHERE s9) FROM ${pairs}) AS pairs9
    FROM g`)
    ).rows[0] ?? {};
  const silver = options.tier === 'silver';
  const rows = steps.map((_, k) =>
    funnelRow(
      k,
      {
        images: num(early[`images${k}`]),
        imagesRefs2: num(early[`r2_${k}`]),
        imagesRefs5: num(early[`r5_${k}`]),
        references: num(early[`refs${k}`]),
        captions: num(early[`caps${k}`]),
        pairs: num(early[`pairs${k}`]),
      },
      silver,
    ),
  );
  for (const k of [7, 8, 9]) {
    const references = num(late[`refs${k}`]);
    rows.push(
      funnelRow(k, {
        images: num(late[`images${k}`]),
        imagesRefs2: num(late[`r2_${k}`]),
        imagesRefs5: num(late[`r5_${k}`]),
        references,
        captions: references,
        pairs: num(late[`pairs${k}`]),
      }),
    );
  }
  return rows;
}

export interface MinedPair {
  imageKey: string;
  kind: 'c' | 'a';
  pageA: number;
  titleA: string;
  textA: string;
  pageB: number;
  titleB: string;
  textB: string;
}

/** The pairs that pass every filter, image by image, in batches (a cursor keeps memory flat). */
export async function* readSurvivingPairs(client: pg.ClientBase, runId: number, batchSize = 5000): AsyncGenerator<MinedPair[]> {
  const refs = stagingTable(runId);
  const pairs = stagingTable(runId, 'pairs');
  await client.query('BEGIN');
  try {
    await client.query(`DECLARE mined_pairs NO SCROLL CURSOR FOR
      SELECT p.image_key AS "imageKey", p.kind, ra.page_id AS "pageA", ra.title AS "titleA", rb.page_id AS "pageB", rb.title AS "titleB",
        CASE p.kind WHEN 'c' THEN ra.c_text ELSE ra.a_text END AS "textA", CASE p.kind WHEN 'c' THEN rb.c_text ELSE rb.a_text END AS "textB"
      FROM ${pairs} p JOIN ${refs} ra ON ra.id = p.ref_a JOIN ${refs} rb ON rb.id = p.ref_b
      WHERE p.s9 ORDER BY p.image_key COLLATE "C", p.kind, p.ref_a, p.ref_b`);
    for (;;) {
      const { rows } = await client.query<MinedPair & { pageA: string; pageB: string }>(`FETCH ${batchSize} FROM mined_pairs`);
      if (rows.length === 0) break;
      yield rows.map((r) => ({ ...r, pageA: Number(r.pageA), pageB: Number(r.pageB) }));
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
