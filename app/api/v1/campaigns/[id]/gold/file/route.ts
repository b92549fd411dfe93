/** POST /api/v1/campaigns/{id}/gold/file: gold pairs from a file's text, all or nothing (researchers, admins). */
import { Readable } from 'node:stream';
import { importGoldFileContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { findCampaignSlug } from '@/lib/db/annotation-reads';
import { importCampaignFile, rowErrorFields } from '@/lib/db/campaign-file';
import { goldFile } from '@/lib/db/gold-import';
import { getSqlPool } from '@/lib/db/sql-pool';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(importGoldFileContract, async ({ params, body }) => {
  const slug = await findCampaignSlug(getSqlPool(), parseCampaignRef(params.id));
  if (slug === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  const rows = readAnnotationRowsFrom(Readable.from([Buffer.from(body.content, 'utf8')]), body.format);
  const outcome = await importCampaignFile(getSqlPool(), goldFile, { slug, map: body.map, values: body.values, rows });
  if (!outcome.ok) throw new AppError('INVALID_INPUT', `${outcome.message[0]!.toUpperCase()}${outcome.message.slice(1)}.`, { fields: rowErrorFields(outcome) });
  const { marked = 0, created = 0, replaced = 0 } = outcome.counts;
  return { status: 200, body: { marked, created, replaced, summary: outcome.summary } };
});
