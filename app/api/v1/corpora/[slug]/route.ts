/**
 * PATCH /api/v1/corpora/{slug}: archive or restore; DELETE: the corpus with everything in it (an
 * admin or its creator). Audited.
 */
import { archiveCorpusContract, deleteCorpusContract } from '@/lib/api/contracts/tidy';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { archiveCorpus, deleteCorpus } from '@/lib/services/tidy/tidy-entries';

export const PATCH = apiRoute(archiveCorpusContract, async ({ params, body, user }) => ({
  status: 200,
  body: await archiveCorpus(database(), user, params.slug, body.archived),
}));

export const DELETE = apiRoute(deleteCorpusContract, async ({ params, user }) => ({
  status: 200,
  body: await deleteCorpus(database(), user, params.slug),
}));
