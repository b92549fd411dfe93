/**
 * The report of a model run read from the database: the same figures as the pure report computed on
 * the campaign's answers as written (so the reads give it the annotators' matrix, the run's answers
 * and the final labels, nothing more), open final labels left out and counted, strata by corpus and
 * by decile of a measure, the maps only when both similarity scales were asked.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { refreshCampaignFinalLabels } from '@/lib/db/annotations/final-labels';
import { getSqlPool } from '@/lib/db/sql-pool';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { makeFinishedRun } from '@/lib/db/testing/model-run';
import { builtInQuestion } from '@/lib/annotation/questions';
import { judgeQuestion } from '@/lib/model-raters/report/judge-question';
import type { JudgeAnswer } from '@/lib/model-raters/report/judge-types';
import { loadRunReport, type ReportRequest } from './load-run-report';

const request: ReportRequest = { epsilon: 0.2, smallSample: 'wilcoxon', fdr: 'per-stratum', resamples: 100 };

async function campaignWithRun(pairs: number) {
  const db = getDb();
  const spec = Array.from({ length: pairs }, (_, i) => ({
    measures: { syn: (i % 10) / 10 + 0.05, sem: ((i * 7) % 10) / 10 + 0.05, bleu: i / pairs },
    answers: [0, 1, 2].map((a) => ({
      semantic: (i + a * (i % 2)) % 5,
      syntactic: (i * 3 + (a === 2 ? 1 : 0)) % 5,
      paraphraseLoose: (i + a) % 3 !== 0,
    })),
  }));
  // semantic: odd pairs spread over three values (left open by the default spread rule); syntactic: two agree, one is off by one
  const rated = await makeRatedCampaign(db, {
    annotators: 3,
    questions: ['semantic', 'syntactic', 'paraphraseLoose'],
    pairs: spec,
    corpora: 2,
  });
  await refreshCampaignFinalLabels(getSqlPool(), rated.campaign.id);
  const model = (i: number) => ({ semantic: (i + 1) % 5, syntactic: (i * 3 + 1) % 5, paraphraseLoose: i % 2 === 0 });
  const { run } = await makeFinishedRun(db, {
    campaignId: rated.campaign.id,
    pairIds: rated.pairIds,
    questions: ['semantic', 'syntactic', 'paraphraseLoose'],
    answer: model,
  });
  return { ...rated, run, spec, model };
}

describe('the report of a model run', () => {
  it('gives the figures of the pure report on the answers as written, with open finals left out', async () => {
    const db = getDb();
    const { run, spec, pairIds, pseudonymOf, model, campaign } = await campaignWithRun(40);
    const loaded = await loadRunReport(db, getSqlPool(), run.id, { ...request, question: 'semantic' });
    expect(loaded.report.questions).toHaveLength(1);
    const got = loaded.report.questions[0]!;

    const coders = [0, 1, 2].map(pseudonymOf);
    const order = coders.map((c, a) => ({ c, a })).sort((x, y) => x.c.localeCompare(y.c));
    const finals = await db.finalLabel.findMany({ where: { campaignId: campaign.id, question: 'semantic' } });
    const expected = judgeQuestion({
      question: builtInQuestion('semantic'),
      humans: {
        coders: order.map((o) => o.c),
        units: pairIds,
        ratings: order.map((o) => spec.map((p) => p.answers[o.a]!.semantic)),
      },
      model: new Map(pairIds.map((id, i) => [id, model(i).semantic as JudgeAnswer])),
      finals: new Map(
        finals.map((f) => [
          f.pairId,
          { value: (f.value as JudgeAnswer | null) ?? null, open: f.value === null, method: f.method.toLowerCase() },
        ]),
      ),
      epsilon: 0.2,
      smallSample: 'wilcoxon',
      bootstrap: { resamples: 100, seed: 1 },
    });
    expect(got).toEqual(expected);
    const open = finals.filter((f) => f.value === null).length;
    expect(open).toBeGreaterThan(0);
    expect(got.final.open.total).toBe(open);
    expect(got.final.n).toBe(40 - open);
    expect(loaded.report.maps?.pairs).toBeGreaterThan(0);
    expect(loaded.report.strata).toBeNull();
  });

  it('reports every stratum: by corpus, and by decile of a measure', async () => {
    const db = getDb();
    const { run, corpora } = await campaignWithRun(40);
    const byCorpus = await loadRunReport(db, getSqlPool(), run.id, { ...request, by: 'corpus', question: 'paraphraseLoose' });
    const names = corpora.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(byCorpus.report.strata?.order).toEqual(names);
    const rows = byCorpus.report.strata!.questions.paraphraseLoose!;
    expect(rows.map((r) => r.pairs.compared)).toEqual([20, 20]);
    expect(rows.every((r) => r.final.binary !== null)).toBe(true);
    const byDecile = await loadRunReport(db, getSqlPool(), run.id, { ...request, by: 'decile:bleu', question: 'semantic' });
    expect(byDecile.report.strata?.order).toHaveLength(10);
    expect(byDecile.report.strata!.questions.semantic!.map((r) => r.pairs.compared)).toEqual(Array(10).fill(4));
  });

  it('refuses a stratum it does not know and a question the run did not ask', async () => {
    const db = getDb();
    const { run } = await campaignWithRun(5);
    await expect(loadRunReport(db, getSqlPool(), run.id, { ...request, by: 'decile:nonsense' })).rejects.toThrow(/by must be/);
    await expect(loadRunReport(db, getSqlPool(), run.id, { ...request, question: 'relation' })).rejects.toThrow(/question/);
  });
});
