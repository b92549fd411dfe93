import type { Metadata } from 'next';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { pickerChoices } from '@/lib/tidy/tidy-rules';
import {
  countReferenceJudgements,
  listMeasuresWithReferenceScores,
  listMeasureWithBinaryJudgement,
  listYesNoQuestionSources,
  ANALYSIS_ROW_LIMIT,
  type BinaryJudgement,
} from '@/lib/db/dashboards/corpus-judgements';
import { findDashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { computeMeasureThresholds, computeReferenceCorrelations, parseLabelSource } from '@/lib/dashboards/judgement-analysis';
import { isMeasureKey, measureCatalog, measureKeys, semanticMeasureKeys } from '@/lib/measures/catalog';
import { getCorpusTotals } from '@/lib/db/corpora/corpus-summary';
import {
  isAnyMeasureKey,
  isUserMeasureKey,
  measureLabelOf,
  userMeasureKey,
  type AnyMeasureKey,
} from '@/lib/measures/user-measures';
import { userMeasureNames } from '@/lib/db/corpora/user-measures';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { thinPoints } from '@/lib/stats/threshold-analysis';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, topTabs } from '@/components/dashboards/dashboard-tabs';
import { ReferenceCorrelationTable } from '@/components/dashboards/reference-correlation-table';
import { ScoreScatter } from '@/components/dashboards/score-scatter';
import { ThresholdCurves } from '@/components/dashboards/threshold-curves';
import { ThresholdTable } from '@/components/dashboards/threshold-table';
import { JudgementControls } from '@/components/dashboards/judgement-controls';

export const metadata: Metadata = { title: 'Measures against judgements' };

/** The measures a researcher reads first: Table 7's, with syn and sem; of the semantic ones, those the corpus has. */
const defaultMeasures: AnyMeasureKey[] = ['rouge1', 'rougeL', 'bleu', 'syn', 'wms', 'bertscore', 'st', 'sem'];

/** The default measures ticked: the first ones (and any semantic measure) that have values in the corpus. */
function defaultMeasuresWithValues(counts: Partial<Record<string, { n: number }>>): AnyMeasureKey[] {
  const has = (k: string) => (counts[k]?.n ?? 0) > 0;
  const chosen = [...defaultMeasures, ...semanticMeasureKeys.filter((k) => !defaultMeasures.includes(k))].filter(has);
  return chosen.length > 0 ? chosen : defaultMeasures;
}
const SCATTER_POINTS = 3000;

const searchSchema = z.object({
  corpus: z.string().max(200).optional().catch(undefined),
  measures: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(isAnyMeasureKey))
    .optional()
    .catch(undefined),
  // an empty field is no threshold (z.coerce would read it as 0)
  threshold: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().finite().min(-1e6).max(1e6).optional().catch(undefined),
  ),
  label: z
    .string()
    .max(300)
    .regex(/^(source|campaign:[^:]+:[^:]+)$/)
    .optional()
    .catch(undefined),
  scatter: z.string().refine(isMeasureKey).optional().catch(undefined),
});

async function judgementOf(label: string): Promise<BinaryJudgement | null> {
  const source = parseLabelSource(label);
  if (!source) return { kind: 'reference' };
  const campaign = await findDashboardCampaign(database(), parseCampaignRef(source.campaign));
  const question = campaign?.questions.find((q) => q.key === source.question && q.type === 'boolean');
  return campaign && question ? { kind: 'campaign', campaignId: campaign.id, question: question.key } : null;
}

export default async function JudgementsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('dashboards');
  const search = searchSchema.parse(await searchParams);
  const corpora = pickerChoices(await listCorporaWithCounts(database(), { includeArchived: true }), [search.corpus]);
  const corpus = corpora.find((c) => c.slug === search.corpus) ?? corpora[0];
  const header = (
    <>
      <PageHeader
        title="Measures against judgements"
        description="How well each measure agrees with the human judgements that come with a corpus (its own scores and labels) or with a campaign's final yes/no labels: correlations, ROC AUC, and the threshold that best separates paraphrases, as the EACL 2023 paper chose ST > 0.8 against MSRPC's labels."
      />
      <DashboardTabs current="/dashboards/judgements" links={topTabs} />
    </>
  );
  if (!corpus) {
    return (
      <>
        {header}
        <EmptyState title="No corpus yet">
          <p>
            Import a reference corpus with scores or labels of its own (STS-B, SICK, MSRPC, PAWS, PIT) to see how the measures
            agree with them.
          </p>
        </EmptyState>
      </>
    );
  }
  const db = database();
  const [counts, allLabels] = await Promise.all([
    countReferenceJudgements(db, corpus.id),
    listYesNoQuestionSources(db, corpus.id),
  ]);
  const campaignLabels = pickerChoices(allLabels, [allLabels.find((c) => c.label === search.label)?.slug]);
  const measures =
    search.measures && search.measures.length > 0
      ? search.measures
      : defaultMeasuresWithValues((await getCorpusTotals(database(), corpus.id)).sums.all.measures);
  const label = search.label ?? (counts.labels > 0 || campaignLabels.length === 0 ? 'source' : campaignLabels[0]!.label);
  const labelOptions = [
    { label: 'source', text: `the corpus's own labels (${counts.labels.toLocaleString('en')} pairs)` },
    ...campaignLabels.map((c) => ({ label: c.label, text: `${c.campaign}: ${c.question} (final labels)` })),
  ];

  const scored = counts.scores > 0 ? await listMeasuresWithReferenceScores(db, corpus.id) : null;
  const correlations = scored ? computeReferenceCorrelations(scored) : null;
  const scatter = search.scatter ?? measures.filter(isMeasureKey).find((k) => (correlations?.measures[k].n ?? 0) > 0) ?? 'bleu';
  // the corpus's own measures (import-scores) join the threshold analysis when chosen
  const userMeasures = (await userMeasureNames(db, [corpus.id])).map(userMeasureKey);
  const analysed = measures.filter((m) => !isUserMeasureKey(m) || userMeasures.includes(m));
  const scatterPoints = scored
    ? thinPoints(
        scored.scores.flatMap((y, i) => {
          const x = scored.measures[scatter][i];
          return x === null || x === undefined ? [] : [{ pairId: scored.pairIds[i]!, x, y }];
        }),
        SCATTER_POINTS,
      )
    : [];

  const judgement = await judgementOf(label);
  // one measure at a time, each within ANALYSIS_ROW_LIMIT pairs, so that a large corpus's page stays
  // within memory; the corpus's own labels are not read when it has none
  const results = [];
  if (judgement && !(judgement.kind === 'reference' && counts.labels === 0))
    for (const m of analysed)
      results.push(
        computeMeasureThresholds(m, await listMeasureWithBinaryJudgement(db, m, corpus.id, judgement), search.threshold),
      );
  const sampledFrom = results.find((r) => r.sampledFrom !== null)?.sampledFrom ?? null;
  const withValues = results.filter((r) => r.n > 0 && r.positives > 0 && r.positives < r.n);
  const base = (next: Record<string, string>) => {
    const params = new URLSearchParams({
      corpus: corpus.slug,
      measures: measures.join(','),
      label,
      ...(search.threshold === undefined ? {} : { threshold: String(search.threshold) }),
      scatter,
      ...next,
    });
    return `/dashboards/judgements?${params.toString()}`;
  };

  return (
    <>
      {header}
      <JudgementControls
        corpora={corpora.map((c) => ({ slug: c.slug, name: c.name }))}
        corpus={corpus.slug}
        measures={[...measureKeys, ...userMeasures].map((k) => ({ key: k, label: measureLabelOf(k) }))}
        selected={measures}
        labels={labelOptions}
        label={label}
        threshold={search.threshold}
      />
      <PageSection
        id="scores"
        title="Against the corpus's own scores"
        note={
          correlations
            ? `${correlations.sampledFrom === null ? `${correlations.n.toLocaleString('en')} pairs with a score` : `A systematic sample of ${correlations.n.toLocaleString('en')} of the ${correlations.sampledFrom.toLocaleString('en')} pairs with a score (one in ${scored!.sampleStep.toLocaleString('en')} by id)`}${correlations.withoutScore > 0 ? `; ${correlations.withoutScore.toLocaleString('en')} without one, left out` : ''}. Each cell's n leaves out pairs without that measure.`
            : undefined
        }
      >
        {correlations ? (
          <>
            <ReferenceCorrelationTable
              measures={measureKeys}
              cells={correlations.measures}
              scatterHref={(k) => `${base({ scatter: k })}#scores`}
              current={scatter}
            />
            <h3 className="small">
              {measureCatalog[scatter].label} against the corpus&apos;s score ({scatterPoints.length.toLocaleString('en')} pairs
              {(correlations.measures[scatter].n ?? 0) > SCATTER_POINTS
                ? `, evenly thinned from ${correlations.measures[scatter].n.toLocaleString('en')}`
                : ''}
              ; click a point to open its pair)
            </h3>
            {scatterPoints.length > 0 ? (
              <ScoreScatter points={scatterPoints} measure={measureCatalog[scatter].label} score="the corpus's score" />
            ) : (
              <p className="muted">No pair has both a score and a value of {measureCatalog[scatter].label} yet.</p>
            )}
          </>
        ) : (
          <EmptyState title="No scores of its own">
            <p>
              {corpus.name} came without similarity scores (STS-B, SICK and the PIT corpora bring them), so there is nothing to
              correlate the measures with.
            </p>
          </EmptyState>
        )}
      </PageSection>
      <PageSection
        id="thresholds"
        title="Against a binary judgement"
        note={`A pair counts as a predicted paraphrase when its value is at least the threshold (scikit-learn's convention). AUC counts ties half; its interval is DeLong's.${sampledFrom === null ? '' : ` Computed on a systematic sample (one pair in k by id) of at most ${ANALYSIS_ROW_LIMIT.toLocaleString('en')} of the ${sampledFrom.toLocaleString('en')} pairs with a label and a value; each row's n says how many.`}`}
      >
        {!judgement ? (
          <EmptyState title="No such label">
            <p>That campaign or question no longer exists; choose another label above.</p>
          </EmptyState>
        ) : results.every((r) => r.n === 0) ? (
          <EmptyState title="Nothing to judge by yet">
            <p>
              {label === 'source'
                ? `${corpus.name} has no paraphrase labels of its own (MSRPC, PAWS and the PIT corpora bring them), or the chosen measures have no values.`
                : 'No pair of this corpus has a final yes/no label in that campaign yet.'}
            </p>
          </EmptyState>
        ) : (
          <>
            <ThresholdTable results={results} />
            {withValues.length > 0 && (
              <ThresholdCurves
                series={withValues.map((r) => ({ key: r.measure, label: measureLabelOf(r.measure), result: r }))}
                chosen={search.threshold ?? null}
                fileBase={`${corpus.slug}-thresholds`}
              />
            )}
          </>
        )}
      </PageSection>
    </>
  );
}
