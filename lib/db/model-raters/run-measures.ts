/**
 * A model run's Likert answers as measures of the corpora its pairs come from (user measures,
 * lib/db/corpora/user-measures.ts), so the correlation table, threshold analysis, distributions,
 * explorer, maps and exports take them beside BLEU, ROUGE and the semantic measures with no extra
 * step: `judge<run>_<question>` is the answer divided by 4 (0, 0.25, …, 1: in [0, 1] like every other
 * measure, so the maps' five bins are the five ratings; a correlation does not change under the
 * scaling), `judge<run>_<question>_exp` the expected rating Σ p(k)·k from logprobs, also divided by 4.
 * The semantic and syntactic ones may be a map's axis. Written when a session ends (a resumed run
 * rewrites them) and deleted with the run (CorpusMeasure.modelRunId cascades). A measure of the same
 * name that did not come from this run is left alone.
 */
import { inTransaction, type Queryable, type SqlPool } from '../sql-pool';

/** The measure name for a run's question (`expected`: the logprob rating). */
export function runMeasureName(runId: number, question: string, expected = false): string {
  const key = question.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `judge${runId}_${key}${expected ? '_exp' : ''}`.slice(0, 40);
}

const axisOf = (question: string) => (question === 'semantic' ? 'SEMANTIC' : question === 'syntactic' ? 'SYNTACTIC' : 'NONE');

async function writeOne(
  client: Queryable,
  run: { id: number; rater: string; createdById: number | null },
  corpusId: number,
  question: string,
  expected: boolean,
): Promise<number> {
  const name = runMeasureName(run.id, question, expected);
  const description = `${run.rater}: ${expected ? 'expected rating from logprobs' : 'rating'} of ${question} (0-4) divided by 4 (model run #${run.id})`;
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "CorpusMeasure" ("corpusId", "name", "description", "source", "axis", "createdById", "modelRunId")
     VALUES ($1, $2, $3, $4, $5::"MeasureAxis", $6, $7)
     ON CONFLICT ("corpusId", "name") DO UPDATE SET "description" = EXCLUDED."description"
       WHERE "CorpusMeasure"."modelRunId" = EXCLUDED."modelRunId"
     RETURNING "id"`,
    [corpusId, name, description, `model run #${run.id}`, axisOf(question), run.createdById, run.id],
  );
  const id = rows[0]?.id;
  if (id === undefined) return 0;
  await client.query(`DELETE FROM "PairScore" WHERE "measureId" = $1`, [id]);
  const column = expected ? 'expected' : 'answers';
  const inserted = await client.query(
    `INSERT INTO "PairScore" ("measureId", "pairId", "value")
     SELECT $1, i."pairId", (i."${column}" ->> $4)::float8 / 4
     FROM "ModelRunItem" i JOIN "Pair" p ON p."id" = i."pairId"
     WHERE i."runId" = $2 AND p."corpusId" = $3 AND jsonb_typeof(i."${column}" -> $4) = 'number'`,
    [id, run.id, corpusId, question],
  );
  if ((inserted.rowCount ?? 0) === 0) await client.query(`DELETE FROM "CorpusMeasure" WHERE "id" = $1`, [id]);
  return inserted.rowCount ?? 0;
}

/** (Re)writes the run's measures; returns the values written. */
export async function writeRunMeasures(pool: SqlPool, runId: number): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows: runs } = await client.query<{ id: number; rater: string; createdById: number | null }>(
      `SELECT "id", "rater", "createdById" FROM "ModelRun" WHERE "id" = $1`,
      [runId],
    );
    const run = runs[0];
    if (!run) return 0;
    const { rows } = await client.query<{ corpusId: number; question: string; expected: boolean }>(
      `SELECT DISTINCT p."corpusId", k.key AS question, k.expected
       FROM "ModelRunItem" i JOIN "Pair" p ON p."id" = i."pairId"
       CROSS JOIN LATERAL (
         SELECT a.key, false AS expected FROM jsonb_each(COALESCE(i."answers", '{}')) a WHERE jsonb_typeof(a.value) = 'number'
         UNION ALL
         SELECT e.key, true FROM jsonb_each(COALESCE(i."expected", '{}')) e WHERE jsonb_typeof(e.value) = 'number') k
       WHERE i."runId" = $1`,
      [runId],
    );
    let values = 0;
    for (const r of rows) values += await writeOne(client, run, r.corpusId, r.question, r.expected);
    return values;
  });
}

/** The names of the measures made from the run (one per question, on every corpus of its pairs). */
export async function listRunMeasureNames(db: Queryable, runId: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT "name" FROM "CorpusMeasure" WHERE "modelRunId" = $1 ORDER BY "name"`,
    [runId],
  );
  return rows.map((r) => r.name);
}
