/**
 * What an export reads, resolved from a corpus or campaign slug: the rows (an ExportSelection for
 * lib/db/exports/export-sql.ts), the campaign's questions, and what the dataset card says about the source
 * corpora (licence, attribution) and the campaign (settings). Explorer views come from
 * lib/db/exports/export-view-source.ts.
 */
import type { Db } from '../client';
import type { ExportSelection } from './export-sql';
import type { ExportModelRun, ExportQuestion } from '@/lib/export/fields';
import type { CampaignCardInfo, CorpusCardInfo } from '@/lib/export/dataset-card';
import { finalRulesOf, readQualitySettings } from '@/lib/annotation/quality-settings';
import { readStoredQuestions } from '@/lib/annotation/questions';
import { ensurePseudonyms } from '../campaigns/campaign-create';

export interface ExportSource {
  kind: 'corpus' | 'campaign' | 'view';
  /** slug of the corpus or campaign; for a view, a name made of its corpora */
  name: string;
  corpusId: number | null;
  campaignId: number | null;
  selection: ExportSelection;
  questions: ExportQuestion[] | null;
  corpora: CorpusCardInfo[];
  campaign: CampaignCardInfo | null;
  /** the explorer view's query string (read API parameters) */
  filter: string | null;
  /** names of the user measures of the exported corpora (exported with the measures) */
  userMeasures?: string[];
  /** the campaign's model runs that answered at least one pair (exported with the `models` part) */
  modelRuns?: ExportModelRun[];
}

/** The campaign's model runs with answers, oldest first, with the questions each asked. */
export async function loadExportModelRuns(
  db: Db,
  campaignId: number,
  questions: readonly ExportQuestion[],
): Promise<ExportModelRun[]> {
  const runs = await db.modelRun.findMany({
    where: { campaignId, items: { some: { doneAt: { not: null } } } },
    select: {
      id: true,
      rater: true,
      model: true,
      endpointName: true,
      temperature: true,
      samples: true,
      promptHash: true,
      questions: true,
    },
    orderBy: { id: 'asc' },
  });
  return runs.map((r) => ({
    id: r.id,
    rater: r.rater,
    model: r.model,
    endpoint: r.endpointName,
    temperature: r.temperature,
    samples: r.samples,
    promptHash: r.promptHash,
    questions: questions.filter((q) => r.questions.includes(q.key)),
  }));
}

/** The names of the user measures of these corpora, sorted. */
export async function loadUserMeasureNames(db: Db, corpusIds: readonly number[]): Promise<string[]> {
  const rows = await db.corpusMeasure.findMany({
    where: { corpusId: { in: [...corpusIds] } },
    select: { name: true },
    distinct: ['name'],
    orderBy: { name: 'asc' },
  });
  return rows.map((r) => r.name);
}

const corpusSelect = {
  id: true,
  name: true,
  slug: true,
  tier: true,
  source: true,
  licence: true,
  attribution: true,
  description: true,
  language: true,
  measureTokenizer: true,
  semMeasures: true,
} as const;

export async function loadCorpusCards(db: Db, ids: readonly number[]): Promise<CorpusCardInfo[]> {
  const rows = await db.corpus.findMany({ where: { id: { in: [...ids] } }, select: corpusSelect, orderBy: { name: 'asc' } });
  return rows.map((c) => ({ ...c, tier: c.tier }));
}

export async function resolveCorpusSource(db: Db, slug: string): Promise<ExportSource | null> {
  const corpus = await db.corpus.findUnique({ where: { slug }, select: { id: true, slug: true } });
  if (!corpus) return null;
  return {
    kind: 'corpus',
    name: corpus.slug,
    corpusId: corpus.id,
    campaignId: null,
    selection: { from: '"Pair" p', where: 'p."corpusId" = $1', orderBy: 'p."id"', params: [corpus.id] },
    questions: null,
    corpora: await loadCorpusCards(db, [corpus.id]),
    campaign: null,
    filter: null,
    userMeasures: await loadUserMeasureNames(db, [corpus.id]),
  };
}

export async function resolveCampaignSource(db: Db, slug: string): Promise<ExportSource | null> {
  const campaign = await db.campaign.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      name: true,
      description: true,
      status: true,
      questions: true,
      overlap: true,
      sampling: true,
      goldEvery: true,
      goldMinAccuracy: true,
      randomiseOrder: true,
      createdAt: true,
      qualitySettings: true,
      corpora: { select: { corpusId: true } },
      members: { select: { userId: true, role: true, excluded: true } },
      _count: { select: { items: true, annotations: true } },
    },
  });
  if (!campaign) return null;
  // Answers appear under pseudonyms: give one to every annotator who has none yet.
  const annotators = await db.annotation.findMany({
    where: { campaignId: campaign.id },
    distinct: ['annotatorId'],
    select: { annotatorId: true },
  });
  await ensurePseudonyms(db, [...new Set([...annotators.map((a) => a.annotatorId), ...campaign.members.map((m) => m.userId)])]);
  const questions = readStoredQuestions(campaign.questions);
  return {
    kind: 'campaign',
    name: campaign.slug,
    corpusId: null,
    campaignId: campaign.id,
    selection: {
      from: '"CampaignItem" ci JOIN "Pair" p ON p."id" = ci."pairId"',
      where: 'ci."campaignId" = $1',
      orderBy: 'ci."position", ci."id"',
      params: [campaign.id],
      campaignParam: 1,
    },
    questions: questions.map((q) => ({ key: q.key, type: q.type, label: q.label })),
    corpora: await loadCorpusCards(
      db,
      campaign.corpora.map((c) => c.corpusId),
    ),
    campaign: {
      name: campaign.name,
      slug: campaign.slug,
      description: campaign.description,
      status: campaign.status,
      questions: questions.map((q) => ({
        key: q.key,
        type: q.type,
        label: q.label,
        options: q.options?.map((o) => o.value) ?? null,
      })),
      overlap: campaign.overlap,
      goldEvery: campaign.goldEvery,
      goldMinAccuracy: campaign.goldMinAccuracy,
      randomiseOrder: campaign.randomiseOrder,
      sampling: campaign.sampling,
      items: campaign._count.items,
      annotations: campaign._count.annotations,
      annotators: campaign.members.filter((m) => m.role === 'ANNOTATOR').length,
      excludedAnnotators: campaign.members.filter((m) => m.excluded).length,
      finalRules: finalRulesOf(readQualitySettings(campaign.qualitySettings)),
      createdAt: campaign.createdAt.toISOString().slice(0, 10),
    },
    filter: null,
    userMeasures: await loadUserMeasureNames(
      db,
      campaign.corpora.map((c) => c.corpusId),
    ),
    modelRuns: await loadExportModelRuns(
      db,
      campaign.id,
      questions.map((q) => ({ key: q.key, type: q.type, label: q.label })),
    ),
  };
}

/** What the export form offers: every corpus and campaign, with their sizes. */
export async function listExportScopes(db: Db): Promise<{
  corpora: Array<{ slug: string; name: string; pairs: number }>;
  campaigns: Array<{ slug: string; name: string; items: number }>;
}> {
  const [corpora, campaigns] = await Promise.all([
    db.corpus.findMany({
      select: { slug: true, name: true, archivedAt: true, summary: { select: { pairs: true } } },
      orderBy: [{ archivedAt: { sort: 'desc', nulls: 'first' } }, { name: 'asc' }],
    }),
    db.campaign.findMany({
      select: { slug: true, name: true, archivedAt: true, _count: { select: { items: true } } },
      orderBy: [{ archivedAt: { sort: 'desc', nulls: 'first' } }, { name: 'asc' }],
    }),
  ]);
  // Archived corpora and campaigns stay exportable: listed last, marked.
  const named = (c: { name: string; archivedAt: Date | null }) => (c.archivedAt ? `${c.name} (archived)` : c.name);
  return {
    corpora: corpora.map((c) => ({ slug: c.slug, name: named(c), pairs: c.summary?.pairs ?? 0 })),
    campaigns: campaigns.map((c) => ({ slug: c.slug, name: named(c), items: c._count.items })),
  };
}

/** The id of the corpus or campaign with this slug; null when there is none. */
export async function findExportScopeId(db: Db, scope: 'corpus' | 'campaign', slug: string): Promise<number | null> {
  const row =
    scope === 'corpus'
      ? await db.corpus.findUnique({ where: { slug }, select: { id: true } })
      : await db.campaign.findUnique({ where: { slug }, select: { id: true } });
  return row?.id ?? null;
}
