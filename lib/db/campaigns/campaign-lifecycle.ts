/**
 * Tidying campaigns: archive and restore (hidden from lists and pickers, still reachable by URL, in
 * exports and dashboards), delete with everything in it (one transaction; refused while active or
 * while an export of it runs), and clone: a new draft campaign with the same corpora, sample (the
 * same pairs in the same order, gold pairs and strata included), questions, guidelines, overlap,
 * quality settings, gold answers and annotators, and none of the answers, holds, adjudications or
 * final labels.
 */
import { AppError } from '@/lib/errors/app-error';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import type { Db } from '../client';
import { freeSlug } from './campaign-create';
import type { Owned } from '../corpora/corpus-lifecycle';
import { campaignDeletionBlocker, type CampaignDeletionCounts } from '@/lib/tidy/tidy-rules';
import { readSamplingRecord } from '@/lib/sampling/describe-sample';
import { readSampleDefinitions, recordedSemSets, redrawBlocker } from '@/lib/sampling/definitions';
import { planSample, type SampleRequest } from '@/lib/sampling/sample-plan';
import { drawCampaignItems } from './sampling';

export function findCampaignForTidy(db: Db, ref: CampaignRef): Promise<(Owned & { status: string }) | null> {
  return db.campaign.findUnique({
    where: 'id' in ref ? { id: ref.id } : { slug: ref.slug },
    select: { id: true, name: true, slug: true, createdById: true, archivedAt: true, status: true },
  });
}

/** Archives (or restores) the campaign; false when it already was in that state. */
export async function setCampaignArchived(db: Db, id: number, archived: boolean): Promise<boolean> {
  const { count } = await db.campaign.updateMany({
    where: { id, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
  });
  return count === 1;
}

export type CampaignDeletionSummary = CampaignDeletionCounts;

export async function describeCampaignDeletion(db: Pick<Db, '$queryRaw'>, id: number): Promise<CampaignDeletionSummary> {
  const [row] = await db.$queryRaw<CampaignDeletionSummary[]>`
    SELECT (SELECT count(*) FROM "CampaignItem" WHERE "campaignId" = ${id})::int AS "items",
           (SELECT count(*) FROM "CampaignMember" WHERE "campaignId" = ${id} AND "role" = 'ANNOTATOR')::int AS "annotators",
           (SELECT count(*) FROM "Assignment" WHERE "campaignId" = ${id})::int AS "assignments",
           (SELECT count(*) FROM "Annotation" WHERE "campaignId" = ${id})::int AS "answers",
           (SELECT count(*) FROM "Adjudication" WHERE "campaignId" = ${id})::int AS "adjudications",
           (SELECT count(*) FROM "GoldAnswer" WHERE "campaignId" = ${id})::int AS "goldAnswers",
           (SELECT count(*) FROM "FinalLabel" WHERE "campaignId" = ${id})::int AS "finalLabels",
           (SELECT count(*) FROM "ExportJob" WHERE "campaignId" = ${id})::int AS "exports",
           (SELECT count(*) FROM "ExportJob" WHERE "campaignId" = ${id} AND "status" IN ('QUEUED', 'RUNNING'))::int AS "activeExports",
           (SELECT count(*) FROM "ModelRun" WHERE "campaignId" = ${id})::int AS "modelRuns",
           (SELECT count(*) FROM "ModelRun" WHERE "campaignId" = ${id} AND "status" IN ('QUEUED', 'RUNNING'))::int AS "activeModelRuns",
           c."status"::text AS "status"
    FROM "Campaign" c WHERE c."id" = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', 'No such campaign.');
  return row;
}

/**
 * Deletes the campaign with everything in it, in one transaction, or refuses (CONFLICT); returns
 * the export files to remove once committed.
 */
export async function deleteCampaignCompletely(
  db: Db,
  id: number,
): Promise<{ deleted: CampaignDeletionSummary; files: string[] }> {
  return db.$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Campaign" WHERE "id" = ${id} FOR UPDATE`;
      if (locked.length === 0) throw new AppError('NOT_FOUND', 'No such campaign.');
      const summary = await describeCampaignDeletion(tx, id);
      const blocker = campaignDeletionBlocker(summary);
      if (blocker) throw new AppError('CONFLICT', blocker);
      const files = await tx.exportJob.findMany({
        where: { campaignId: id, filePath: { not: null } },
        select: { filePath: true },
      });
      await tx.campaign.delete({ where: { id } });
      return { deleted: summary, files: files.map((f) => f.filePath!) };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}

/** A new draft campaign from this one's settings and sample (see the module comment); returns its id and slug. */
export async function cloneCampaign(
  db: Db,
  sourceId: number,
  name: string,
  createdById: number | null,
): Promise<{ id: number; slug: string; items: number }> {
  const slug = await freeSlug(db, name);
  return db.$transaction(async (tx) => {
    const [created] = await tx.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "Campaign" ("name", "slug", "description", "guidelines", "status", "questions", "overlap", "sampling", "goldEvery",
                              "randomiseOrder", "holdMinutes", "goldMinAccuracy", "qualitySettings", "createdById", "updatedAt")
      SELECT ${name}, ${slug}, "description", "guidelines", 'DRAFT', "questions", "overlap", "sampling", "goldEvery",
             "randomiseOrder", "holdMinutes", "goldMinAccuracy", "qualitySettings", ${createdById}::int, now()
      FROM "Campaign" WHERE "id" = ${sourceId} RETURNING "id"`;
    if (!created) throw new AppError('NOT_FOUND', 'No such campaign.');
    const id = created.id;
    await tx.$executeRaw`INSERT INTO "CampaignCorpus" ("campaignId", "corpusId") SELECT ${id}, "corpusId" FROM "CampaignCorpus" WHERE "campaignId" = ${sourceId}`;
    const items = await tx.$executeRaw`
      INSERT INTO "CampaignItem" ("campaignId", "pairId", "position", "isGold", "stratum")
      SELECT ${id}, "pairId", "position", "isGold", "stratum" FROM "CampaignItem" WHERE "campaignId" = ${sourceId}`;
    await tx.$executeRaw`
      INSERT INTO "GoldAnswer" ("campaignId", "pairId", "answers", "explanation")
      SELECT ${id}, "pairId", "answers", "explanation" FROM "GoldAnswer" WHERE "campaignId" = ${sourceId}`;
    await tx.$executeRaw`
      INSERT INTO "CampaignMember" ("campaignId", "userId", "role")
      SELECT ${id}, m."userId", m."role" FROM "CampaignMember" m JOIN "User" u ON u."id" = m."userId" AND u."isActive"
      WHERE m."campaignId" = ${sourceId}`;
    return { id, slug, items };
  });
}

/**
 * A new draft campaign with this one's settings, corpora and annotators and its sample drawn again:
 * the recorded request and seed, with sem (and Δ) recomputed from the measures that formed it when it
 * was drawn (lib/sampling/definitions.ts), so a corpus whose sem changed since still gives the pairs
 * it gave then. Refused (CONFLICT) when that cannot be done: no definitions recorded, a corpus gone,
 * a tokenizer changed. No answers, no gold pairs (gold is off until some are marked).
 */
export async function redrawCampaign(
  db: Db,
  sourceId: number,
  createdById: number | null,
): Promise<{ id: number; slug: string; items: number }> {
  const source = await db.campaign.findUnique({
    where: { id: sourceId },
    select: { id: true, name: true, slug: true, sampling: true, corpora: { select: { corpusId: true } } },
  });
  if (!source) throw new AppError('NOT_FOUND', 'No such campaign.');
  const record = readSamplingRecord(source.sampling);
  const definitions = readSampleDefinitions((source.sampling as { definitions?: unknown } | null)?.definitions);
  const corpora = await db.corpus.findMany({
    where: { slug: { in: record.corpora } },
    select: { id: true, slug: true, measureTokenizer: true },
  });
  const today = Object.fromEntries(corpora.map((c) => [c.slug, { tokenizer: c.measureTokenizer }]));
  const blocker = redrawBlocker(definitions, today);
  if (blocker || !definitions) throw new AppError('CONFLICT', blocker ?? 'This sample cannot be drawn again.');
  const request = (source.sampling as { request?: SampleRequest } | null)?.request;
  const planned = request && record.seed !== null ? planSample({ ...request, seed: record.seed }, () => record.seed!) : null;
  if (!planned?.ok)
    throw new AppError('CONFLICT', 'The recorded request of this sample no longer reads; it cannot be drawn again.');
  const sets = recordedSemSets(definitions);
  const semSets = new Map(definitions.usesSem ? corpora.map((c) => [c.id, sets[c.slug] ?? []] as const) : []);
  const name = `${source.name} (drawn again)`.slice(0, 120);
  const slug = await freeSlug(db, name);
  return db.$transaction(
    async (tx) => {
      const [created] = await tx.$queryRaw<Array<{ id: number }>>`
        INSERT INTO "Campaign" ("name", "slug", "description", "guidelines", "status", "questions", "overlap", "sampling", "goldEvery",
                                "randomiseOrder", "holdMinutes", "goldMinAccuracy", "qualitySettings", "createdById", "updatedAt")
        SELECT ${name}, ${slug}, "description", "guidelines", 'DRAFT', "questions", "overlap", '{}'::jsonb, 0,
               "randomiseOrder", "holdMinutes", "goldMinAccuracy", "qualitySettings", ${createdById}::int, now()
        FROM "Campaign" WHERE "id" = ${sourceId} RETURNING "id"`;
      if (!created) throw new AppError('NOT_FOUND', 'No such campaign.');
      const id = created.id;
      await tx.$executeRaw`INSERT INTO "CampaignCorpus" ("campaignId", "corpusId") SELECT ${id}, "corpusId" FROM "CampaignCorpus" WHERE "campaignId" = ${sourceId}`;
      const outcome = await drawCampaignItems(
        tx,
        id,
        corpora.map((c) => c.id),
        planned.plan,
        semSets,
      );
      if (outcome.items === 0)
        throw new AppError('CONFLICT', 'Drawn again, the sample is empty: no pair passes its filters now.');
      await tx.$executeRaw`
        INSERT INTO "CampaignMember" ("campaignId", "userId", "role")
        SELECT ${id}, m."userId", m."role" FROM "CampaignMember" m JOIN "User" u ON u."id" = m."userId" AND u."isActive"
        WHERE m."campaignId" = ${sourceId}`;
      const { semCandidates: _candidates, ...drawn } = outcome;
      const sampling = {
        request,
        corpora: record.corpora,
        ...planned.plan,
        ...drawn,
        definitions,
        redrawnFrom: { slug: source.slug, name: source.name },
      };
      await tx.$executeRaw`UPDATE "Campaign" SET "sampling" = ${JSON.stringify(sampling)}::jsonb WHERE "id" = ${id}`;
      return { id, slug, items: outcome.items };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}
