/**
 * Rows of a campaign's file (labels collected elsewhere, gold pairs): read, mapped with the column
 * map and value translations against the campaign's questions, then written all or nothing. One
 * path for `paralens import-annotations` / `paralens gold` and their upload routes, so a file gets
 * the same answer, row errors ("line N: …") included, wherever it is given.
 */
import type { AddedPairsPreparer } from '@/lib/pair-rows/prepare-added-pairs';
import { parseValueMap, type Parsed, type ValueMap } from '@/lib/annotation/annotation-import';
import type { Question } from '@/lib/annotation/questions';
import type { FileRow } from '@/lib/import/annotation-rows';
import { findCampaignQuestions, type RowError } from '../imports/annotation-import';
import { corpusExists } from '../pairs/pair-additions';
import type { SqlPool } from '../sql-pool';

export type MappedFileRow<R> = { ok: true; row: R } | { ok: false; line: number; message: string };

export interface CampaignFileKind<M, R> {
  /** "imported", "marked": what did not happen to the rows on failure */
  verb: string;
  parseMap(spec: string, questions: readonly Question[], options?: FileOptions): Parsed<M>;
  mapRow(
    cells: Readonly<Record<string, unknown>>,
    line: number,
    map: M,
    values: ValueMap,
    questions: readonly Question[],
  ): MappedFileRow<R>;
  /** writes every row or none; the line on success, and the counts behind it */
  write(
    pool: SqlPool,
    slug: string,
    rows: R[],
    options?: FileOptions,
  ): Promise<{ ok: true; summary: string; counts: Record<string, number> } | { ok: false; errors: RowError[] }>;
}

/**
 * `addPairs`: a corpus slug where pairs the file names but no corpus holds are created (labels only);
 * `preparePairs`: where their measures are computed (default: this thread; the web server's: a worker).
 */
export interface FileOptions {
  addPairs?: string;
  preparePairs?: AddedPairsPreparer;
}

export type CampaignFileOutcome =
  | { ok: true; summary: string; counts: Record<string, number> }
  /**
   * `map`, `values`, `addPairs`: the column map, value translations or corpus do not fit; `rows`:
   * rows listed, nothing written
   */
  | { ok: false; problem: 'no-campaign' | 'map' | 'values' | 'addPairs' | 'rows' | 'empty'; message: string; errors: RowError[] };

/** Rows read and mapped between two turns of the event loop (about 10 ms of a loaded machine's thread). */
const ROWS_PER_TURN = 500;

export async function importCampaignFile<M, R>(
  pool: SqlPool,
  kind: CampaignFileKind<M, R>,
  request: { slug: string; map: string; values: readonly string[]; rows: AsyncIterable<FileRow>; options?: FileOptions },
): Promise<CampaignFileOutcome> {
  const refuse = (problem: 'no-campaign' | 'map' | 'values' | 'addPairs' | 'empty', message: string): CampaignFileOutcome => ({
    ok: false,
    problem,
    message,
    errors: [],
  });
  const rowsFailed = (errors: RowError[]): CampaignFileOutcome => ({
    ok: false,
    problem: 'rows',
    message: `${errors.length} row${errors.length === 1 ? '' : 's'} could not be ${kind.verb}; nothing was written`,
    errors: [...errors].sort((a, b) => a.line - b.line),
  });
  const campaign = await findCampaignQuestions(pool, request.slug);
  if (!campaign) return refuse('no-campaign', `no campaign has the slug "${request.slug}"`);
  const map = kind.parseMap(request.map, campaign.questions, request.options);
  if (!map.ok) return refuse('map', map.error);
  const valueMap = parseValueMap(request.values, campaign.questions);
  if (!valueMap.ok) return refuse('values', valueMap.error);
  const addPairs = request.options?.addPairs;
  if (addPairs !== undefined && !(await corpusExists(pool, addPairs)))
    return refuse('addPairs', `--add-pairs: no corpus has the slug or name "${addPairs}"`);
  const rows: R[] = [];
  const errors: RowError[] = [];
  let read = 0;
  for await (const row of request.rows) {
    // Rows already in memory come without a turn of the event loop: let the web server answer others.
    if (++read % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    if ('error' in row) errors.push({ line: row.line, message: row.error });
    else {
      const mapped = kind.mapRow(row.cells, row.line, map.value, valueMap.value, campaign.questions);
      if (mapped.ok) rows.push(mapped.row);
      else errors.push({ line: mapped.line, message: mapped.message });
    }
  }
  if (errors.length > 0) return rowsFailed(errors);
  if (rows.length === 0) return refuse('empty', 'the file has no rows');
  const outcome = await kind.write(pool, request.slug, rows, request.options);
  return outcome.ok ? outcome : rowsFailed(outcome.errors);
}

const MAX_FIELDS = 100;

const ARGUMENT_PROBLEMS: ReadonlySet<string> = new Set(['map', 'values', 'addPairs', 'measures']);

/**
 * A failed outcome (of a campaign's file, or of a corpus's scores file: lib/db/corpora/user-measures.ts) as
 * the API's `error.fields`: `line N` → what is wrong (the first 100), or the argument at fault.
 */
export function rowErrorFields(outcome: {
  problem: string;
  message: string;
  errors: readonly RowError[];
}): Record<string, string> {
  if (ARGUMENT_PROBLEMS.has(outcome.problem)) return { [outcome.problem]: outcome.message };
  if (outcome.problem !== 'rows') return { content: outcome.message };
  const fields: Record<string, string> = {};
  for (const e of outcome.errors.slice(0, MAX_FIELDS)) fields[`line ${e.line}`] ??= e.message;
  if (outcome.errors.length > MAX_FIELDS) fields.more = `${outcome.errors.length - MAX_FIELDS} more rows`;
  return fields;
}
