/**
 * The shared body of the routes that take a campaign's file as text (gold pairs, labels collected
 * elsewhere): the campaign by id or slug, the rows read and written all or nothing through
 * lib/db/campaigns/campaign-file.ts (the path the commands take), a refused file as a 400 listing each bad line.
 */
import { Readable } from 'node:stream';
import { AppError } from '@/lib/errors/app-error';
import { asSentence } from '@/lib/errors/as-sentence';
import { findCampaignSlug } from '@/lib/db/annotations/annotation-reads';
import { importCampaignFile, rowErrorFields, type CampaignFileKind, type FileOptions } from '@/lib/db/campaigns/campaign-file';
import { database } from '@/lib/db/database';
import { readAnnotationRowsFrom, type AnnotationFileFormat } from '@/lib/import/annotation-rows';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export interface CampaignFileBody {
  format: AnnotationFileFormat;
  map: string;
  values: string[];
  content: string;
}

export async function importCampaignFileBody<M, R>(
  campaignRef: string,
  kind: CampaignFileKind<M, R>,
  body: CampaignFileBody,
  options: FileOptions = {},
) {
  const slug = await findCampaignSlug(database(), parseCampaignRef(campaignRef));
  if (slug === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  const rows = readAnnotationRowsFrom(Readable.from([Buffer.from(body.content, 'utf8')]), body.format);
  const outcome = await importCampaignFile(database(), kind, { slug, map: body.map, values: body.values, rows, options });
  if (!outcome.ok) throw new AppError('INVALID_INPUT', asSentence(outcome.message), { fields: rowErrorFields(outcome) });
  return outcome;
}
