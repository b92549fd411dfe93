/**
 * GET and POST /api/v1/corpora/{slug}/measures: a corpus's user measures, and a scores file
 * imported as measures, all or nothing (researchers, admins); a measure of the same name is
 * replaced only by its creator or an admin (lib/access/ownership.ts).
 */
import { Readable } from 'node:stream';
import { importScoresContract, listUserMeasuresContract } from '@/lib/api/contracts/user-measures';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus } from '@/lib/services/dashboards/load-corpus-dashboard';
import { AppError } from '@/lib/errors/app-error';
import { recordAudit } from '@/lib/db/accounts/audit';
import { database } from '@/lib/db/database';
import { rowErrorFields } from '@/lib/db/campaigns/campaign-file';
import { importScores, listUserMeasures } from '@/lib/db/corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { isCreatorOrAdmin } from '@/lib/access/ownership';

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

export const GET = apiRoute(listUserMeasuresContract, async ({ params }) => {
  const corpus = await requireCorpus(params.slug);
  const measures = await listUserMeasures(database(), corpus.id);
  return {
    status: 200,
    body: { measures: measures.map(({ id: _id, createdAt, ...m }) => ({ ...m, createdAt: createdAt.toISOString() })) },
  };
});

export const POST = apiRoute(importScoresContract, async ({ params, body, user }) => {
  const corpus = await requireCorpus(params.slug);
  const outcome = await importScores(database(), {
    slug: corpus.slug,
    map: body.map,
    measures: body.measures,
    axes: body.axes,
    description: body.description || null,
    rows: readAnnotationRowsFrom(Readable.from([Buffer.from(body.content, 'utf8')]), body.format),
    source: body.fileName || null,
    userId: user.id,
    mayReplace: (createdById) => isCreatorOrAdmin(user, createdById),
  });
  if (!outcome.ok && outcome.problem === 'not-yours') throw new AppError('FORBIDDEN', `${capitalised(outcome.message)}.`);
  if (!outcome.ok)
    throw new AppError('INVALID_INPUT', `${outcome.message[0]!.toUpperCase()}${outcome.message.slice(1)}.`, {
      fields: rowErrorFields(outcome),
    });
  await recordAudit(database(), {
    actorId: user.id,
    action: 'measures.import',
    targetType: 'corpus',
    targetId: corpus.slug,
    details: { pairs: outcome.pairs, measures: outcome.measures.map((m) => ({ ...m })) },
  });
  return { status: 200, body: { pairs: outcome.pairs, measures: outcome.measures, summary: outcome.summary } };
});
