/**
 * A scores file imported as user measures of a corpus (`POST /api/v1/corpora/{slug}/measures`), all
 * or nothing: a measure of the same name is replaced only by its creator or an admin
 * (lib/access/ownership.ts; anyone else: 403, nothing written), a file with bad rows is refused with
 * each row's line (400). The import is audited as the user.
 */
import { Readable } from 'node:stream';
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { RoleName } from '@/lib/access/roles';
import { recordAudit } from '@/lib/db/accounts/audit';
import { rowErrorFields } from '@/lib/db/campaigns/campaign-file';
import { importScores, type ImportedMeasure } from '@/lib/db/corpora/user-measures';
import type { Database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { asSentence } from '@/lib/errors/as-sentence';
import type { AnnotationFileFormat } from '@/lib/import/annotation-format';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { requireCorpus } from '../dashboards/load-corpus-dashboard';

export interface ScoresFile {
  format: AnnotationFileFormat;
  map: string;
  measures: string;
  axes?: string | undefined;
  description?: string | undefined;
  fileName?: string | undefined;
  /** the file's text */
  content: string;
}

export async function importUserMeasures(
  db: Database,
  user: { id: number; role: RoleName },
  slug: string,
  file: ScoresFile,
): Promise<{ pairs: number; measures: ImportedMeasure[]; summary: string }> {
  const corpus = await requireCorpus(slug);
  const outcome = await importScores(db, {
    slug: corpus.slug,
    map: file.map,
    measures: file.measures,
    axes: file.axes,
    description: file.description || null,
    rows: readAnnotationRowsFrom(Readable.from([Buffer.from(file.content, 'utf8')]), file.format),
    source: file.fileName || null,
    userId: user.id,
    mayReplace: (createdById) => isCreatorOrAdmin(user, createdById),
  });
  if (!outcome.ok && outcome.problem === 'not-yours') throw new AppError('FORBIDDEN', asSentence(outcome.message));
  if (!outcome.ok) throw new AppError('INVALID_INPUT', asSentence(outcome.message), { fields: rowErrorFields(outcome) });
  await recordAudit(db, {
    actorId: user.id,
    action: 'measures.import',
    targetType: 'corpus',
    targetId: corpus.slug,
    details: { pairs: outcome.pairs, measures: outcome.measures.map((m) => ({ ...m })) },
  });
  return { pairs: outcome.pairs, measures: outcome.measures, summary: outcome.summary };
}
