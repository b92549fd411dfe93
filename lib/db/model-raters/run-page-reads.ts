/**
 * What the model-rater pages read beyond the run views (model-run-views.ts): the first pair of a
 * campaign for the prompt's live preview, the measures a run became (with their corpora, for links
 * to the explorer), the pairs of a report cell with the run's answers, and the runs that answered one
 * pair (the pair page, researchers only). Prisma's model API: small, keyed reads.
 *
 * None of this is read by an annotator-facing page: the workbench, the discussion round and
 * adjudication never import this module.
 */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';

type Answers = Record<string, number | string | boolean>;

const asAnswers = (value: unknown): Answers | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : null;
const asNumbers = (value: unknown): Record<string, number> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : null;

/** The campaign's first pair (by position) in its stored order, for the prompt preview; null when it has none. */
export async function getCampaignPreviewPair(
  db: Db,
  campaignId: number,
): Promise<{ pairId: number; a: string; b: string } | null> {
  const item = await db.campaignItem.findFirst({
    where: { campaignId },
    orderBy: { position: 'asc' },
    select: { pair: { select: { id: true, textA: { select: { content: true } }, textB: { select: { content: true } } } } },
  });
  return item ? { pairId: item.pair.id, a: item.pair.textA.content, b: item.pair.textB.content } : null;
}

export interface RunMeasure {
  name: string;
  description: string | null;
  corpus: { slug: string; name: string };
  /** pairs with a value */
  values: number;
}

/** The corpus measures made from the run's answers, one row per corpus and measure. */
export async function listRunMeasures(db: Db, runId: number): Promise<RunMeasure[]> {
  const rows = await db.corpusMeasure.findMany({
    where: { modelRunId: runId },
    orderBy: [{ name: 'asc' }, { corpusId: 'asc' }],
    select: {
      name: true,
      description: true,
      corpus: { select: { slug: true, name: true } },
      _count: { select: { scores: true } },
    },
  });
  return rows.map((r) => ({ name: r.name, description: r.description, corpus: r.corpus, values: r._count.scores }));
}

export interface RunCellPair {
  id: number;
  a: string;
  b: string;
  corpus: { slug: string; name: string };
  /** the run's answers in the stored order (null: not answered yet; {} every request failed) */
  answers: Answers | null;
  swapAnswers: Answers | null;
}

const RUN_PAIRS_CAP = 500;

/**
 * The given pairs of the run (at most 500, in the given order), or with `pairIds` null its first
 * 500 pairs in the run's order, with its answers to them.
 */
export async function listRunPairs(db: Db, runId: number, pairIds: readonly number[] | null): Promise<RunCellPair[]> {
  const ids = pairIds === null ? null : [...new Set(pairIds)].slice(0, RUN_PAIRS_CAP);
  if (ids !== null && ids.length === 0) return [];
  const rows = await db.modelRunItem.findMany({
    where: ids === null ? { runId } : { runId, pairId: { in: ids } },
    orderBy: { position: 'asc' },
    take: RUN_PAIRS_CAP,
    select: {
      pairId: true,
      answers: true,
      swapAnswers: true,
      pair: {
        select: {
          textA: { select: { content: true } },
          textB: { select: { content: true } },
          corpus: { select: { slug: true, name: true } },
        },
      },
    },
  });
  const toPair = (r: (typeof rows)[number]): RunCellPair => ({
    id: r.pairId,
    a: r.pair.textA.content,
    b: r.pair.textB.content,
    corpus: r.pair.corpus,
    answers: asAnswers(r.answers),
    swapAnswers: asAnswers(r.swapAnswers),
  });
  if (ids === null) return rows.map(toPair);
  const byId = new Map(rows.map((r) => [r.pairId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toPair(r)] : [];
  });
}

export interface PairModelAnswer {
  run: { id: number; rater: string; status: JobStatus; createdAt: Date; questions: string[] };
  campaign: { slug: string; name: string };
  answers: Answers | null;
  /** per question: the share of the samples that gave the answer */
  confidence: Record<string, number> | null;
  expected: Record<string, number> | null;
  swapAnswers: Answers | null;
  doneAt: Date | null;
}

/** The model runs that asked this pair and what each answered (newest run first, at most 50). */
export async function listPairModelAnswers(db: Db, pairId: number): Promise<PairModelAnswer[]> {
  const rows = await db.modelRunItem.findMany({
    where: { pairId, doneAt: { not: null } },
    orderBy: { runId: 'desc' },
    take: 50,
    select: {
      answers: true,
      confidence: true,
      expected: true,
      swapAnswers: true,
      doneAt: true,
      run: {
        select: {
          id: true,
          rater: true,
          status: true,
          createdAt: true,
          questions: true,
          campaign: { select: { slug: true, name: true } },
        },
      },
    },
  });
  return rows.map((r) => ({
    run: { id: r.run.id, rater: r.run.rater, status: r.run.status, createdAt: r.run.createdAt, questions: r.run.questions },
    campaign: r.run.campaign,
    answers: asAnswers(r.answers),
    confidence: asNumbers(r.confidence),
    expected: asNumbers(r.expected),
    swapAnswers: asAnswers(r.swapAnswers),
    doneAt: r.doneAt,
  }));
}

/** The campaign's pairs and how many of them are gold (hidden test) pairs: what a run's `all` and `gold` draw. */
export async function countCampaignPairs(db: Db, campaignId: number): Promise<{ pairs: number; gold: number }> {
  const [pairs, gold] = await Promise.all([
    db.campaignItem.count({ where: { campaignId } }),
    db.campaignItem.count({ where: { campaignId, isGold: true } }),
  ]);
  return { pairs, gold };
}
