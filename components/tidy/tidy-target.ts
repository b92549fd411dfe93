/**
 * The corpus or campaign a tidy button acts on, and its archive and delete calls of /api/v1 through
 * the typed client (pages hand over the plain target; the contracts stay on this side).
 */
import { callApi } from '@/lib/api/typed-client';
import {
  archiveCampaignContract,
  archiveCorpusContract,
  deleteCampaignContract,
  deleteCorpusContract,
} from '@/lib/api/contracts/tidy';

export type TidyTarget = { what: 'corpus'; slug: string } | { what: 'campaign'; id: number };

/** PATCH /api/v1/corpora/{slug} or /api/v1/campaigns/{id} with `{ archived }`. */
export function archiveTarget(target: TidyTarget, archived: boolean) {
  return target.what === 'corpus'
    ? callApi(archiveCorpusContract, { params: { slug: target.slug }, body: { archived } })
    : callApi(archiveCampaignContract, { params: { id: target.id }, body: { archived } });
}

/** DELETE /api/v1/corpora/{slug} or /api/v1/campaigns/{id}. */
export function deleteTarget(target: TidyTarget) {
  return target.what === 'corpus'
    ? callApi(deleteCorpusContract, { params: { slug: target.slug } })
    : callApi(deleteCampaignContract, { params: { id: target.id } });
}
