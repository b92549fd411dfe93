/**
 * A pair's page (researchers and admins): the pair with its texts, image, corpus and every measure,
 * and per campaign that holds it the annotations (by pseudonym, never email) with their edit
 * history, the final labels and the adjudication.
 */
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import type { Db } from '../client';
import type { FinalMethodName, MedianTie } from '@/lib/labels/final-labels';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';

const textSelect = { id: true, content: true, type: true, sourcePage: true, sourceTitle: true, wordCount: true } as const;

export async function getPairDetail(db: Db, pairId: number) {
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      id: true,
      originalId: true,
      clusterId: true,
      referenceLabel: true,
      referenceScore: true,
      referenceIsParaphrase: true,
      semParts: true,
      createdAt: true,
      corpus: { select: { slug: true, name: true, tier: true, licence: true, attribution: true, source: true } },
      textA: { select: textSelect },
      textB: { select: textSelect },
      image: { select: { key: true, url: true } },
      ...(Object.fromEntries(measureKeys.map((k) => [k, true])) as Record<keyof MeasureValues, true>),
    },
  });
  if (!pair) return null;
  const { textA, textB, ...rest } = pair;
  const measures = Object.fromEntries(measureKeys.map((k) => [k, pair[k]])) as MeasureValues;
  return { ...rest, a: textA, b: textB, measures };
}

export type PairDetail = NonNullable<Awaited<ReturnType<typeof getPairDetail>>>;

export interface PairCampaignRecord {
  campaign: { slug: string; name: string; questions: Question[] };
  annotations: Array<{
    annotator: string;
    excluded: boolean;
    answers: Record<string, unknown>;
    version: number;
    durationMs: number | null;
    updatedAt: Date;
    history: Array<{ version: number; values: Record<string, unknown>; createdAt: Date }>;
  }>;
  finals: Array<{ question: string; value: unknown; method: FinalMethodName; medianRule: MedianTie | null; n: number }>;
  adjudication: { method: string; answers: Record<string, unknown>; note: string | null } | null;
}

/** Everything annotators said about the pair, campaign by campaign (newest campaign first). */
export async function listPairCampaignRecords(db: Db, pairId: number): Promise<PairCampaignRecord[]> {
  const [annotations, finals, adjudications, members] = await Promise.all([
    db.annotation.findMany({
      where: { pairId },
      orderBy: [{ campaignId: 'desc' }, { id: 'asc' }],
      select: {
        campaignId: true,
        annotatorId: true,
        answers: true,
        version: true,
        durationMs: true,
        updatedAt: true,
        annotator: { select: { id: true, pseudonym: true } },
        revisions: { orderBy: { version: 'asc' }, select: { version: true, values: true, createdAt: true } },
      },
    }),
    db.finalLabel.findMany({
      where: { pairId },
      orderBy: { question: 'asc' },
      select: { campaignId: true, question: true, value: true, method: true, medianRule: true, n: true },
    }),
    db.adjudication.findMany({ where: { pairId }, select: { campaignId: true, method: true, answers: true, note: true } }),
    db.campaignMember.findMany({
      where: { campaign: { items: { some: { pairId } } }, excluded: true },
      select: { campaignId: true, userId: true },
    }),
  ]);
  const campaignIds = [
    ...new Set([
      ...annotations.map((a) => a.campaignId),
      ...finals.map((f) => f.campaignId),
      ...adjudications.map((a) => a.campaignId),
    ]),
  ];
  const campaigns = await db.campaign.findMany({
    where: { id: { in: campaignIds } },
    select: { id: true, slug: true, name: true, questions: true },
    orderBy: { id: 'desc' },
  });
  return campaigns.map((c) => {
    const adjudication = adjudications.find((a) => a.campaignId === c.id);
    return {
      campaign: { slug: c.slug, name: c.name, questions: readStoredQuestions(c.questions) },
      annotations: annotations
        .filter((a) => a.campaignId === c.id)
        .map((a) => ({
          annotator: a.annotator.pseudonym ?? `user-${a.annotator.id}`,
          excluded: members.some((m) => m.campaignId === c.id && m.userId === a.annotatorId),
          answers: a.answers as Record<string, unknown>,
          version: a.version,
          durationMs: a.durationMs,
          updatedAt: a.updatedAt,
          history: a.revisions.map((r) => ({
            version: r.version,
            values: r.values as Record<string, unknown>,
            createdAt: r.createdAt,
          })),
        })),
      finals: finals
        .filter((f) => f.campaignId === c.id)
        .map(({ campaignId: _c, method, medianRule, ...f }) => ({
          ...f,
          method: method.toLowerCase() as FinalMethodName,
          medianRule: medianRule ? (medianRule.toLowerCase() as MedianTie) : null,
        })),
      adjudication: adjudication
        ? { method: adjudication.method, answers: adjudication.answers as Record<string, unknown>, note: adjudication.note }
        : null,
    };
  });
}
