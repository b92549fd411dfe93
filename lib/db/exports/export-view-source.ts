/**
 * An explorer view as an export source: the view's query string (the read API's filter parameters,
 * lib/explore/pair-filter.ts) becomes exactly the rows the view shows, on all its pages, in its
 * order (lib/db/pairs/pair-query.ts builds the conditions, so the explorer, the read API and exports
 * cannot disagree). With a base (`paralens export --corpus/--campaign … --filter …`) the filter
 * narrows the base's rows; a campaign (the base's, or the view's `campaign=`) brings its answers.
 * The cursor and limit of a view are ignored: an export has every page.
 */
import { AppError } from '@/lib/errors/app-error';
import { pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import type { Db } from '../client';
import { loadUserMeasureNames, resolveCampaignSource, type ExportSource } from './export-sources';
import { resolvePairFilter } from '../pairs/pair-list';
import { filterConditions, measureValueSql, Params } from '../pairs/pair-conditions';
import type { Queryable } from '../sql-pool';

/** The view's filter, or what is wrong with its parameters (400 for the web, exit 2 for the CLI). */
export function parseViewQuery(query: string): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(query));
  if (!parsed.ok) {
    const problems = Object.entries(parsed.errors).map(([name, message]) => `${name} ${message}`);
    throw new AppError('INVALID_INPUT', `Invalid filter: ${problems.join('; ')}`, { fields: parsed.errors });
  }
  return { ...parsed.filter, cursor: null };
}

function viewOrder(filter: PairFilter): string {
  const dir = filter.sort.desc ? 'DESC' : 'ASC';
  if (filter.sort.key === 'id') return `p."id" ${dir}`;
  const c = measureValueSql(filter.sort.key);
  return `(${c} IS NULL), ${c} ${dir}, p."id" ${dir}`;
}

export async function resolveViewSource(db: Db, sql: Queryable, query: string, base?: ExportSource): Promise<ExportSource> {
  const filter = parseViewQuery(query);
  if (base?.kind === 'corpus') filter.corpora = [base.name];
  if (base?.kind === 'campaign') filter.campaign = base.name;
  const campaignBase =
    base?.kind === 'campaign' ? base : filter.campaign === null ? null : await resolveCampaignSource(db, filter.campaign);
  // textIdLimit -1: text search is checked row by row inside the export's own snapshot.
  const resolved = await resolvePairFilter(sql, filter, { textIdLimit: -1 });
  const params = new Params();
  if (campaignBase) params.add(campaignBase.campaignId);
  const branches = resolved.corpusIds.map((id) => `(${filterConditions(resolved, id, params).join(' AND ')})`);
  const where = branches.length === 0 ? 'FALSE' : branches.length === 1 ? branches[0]! : `(${branches.join(' OR ')})`;
  const sortGiven = new URLSearchParams(query).has('sort');
  const canonical = pairFilterToParams(filter).toString();
  return {
    kind: base?.kind ?? 'view',
    name: base?.name ?? (filter.corpora.join('+') || filter.campaign || 'all-corpora'),
    corpusId: base?.corpusId ?? null,
    campaignId: campaignBase?.campaignId ?? null,
    selection: campaignBase
      ? {
          from: campaignBase.selection.from,
          where: `ci."campaignId" = $1 AND ${where}`,
          orderBy: base && !sortGiven ? campaignBase.selection.orderBy : viewOrder(filter),
          params: params.values,
          campaignParam: 1,
        }
      : { from: '"Pair" p', where, orderBy: viewOrder(filter), params: params.values },
    questions: campaignBase?.questions ?? null,
    corpora: base?.corpora ?? [],
    campaign: campaignBase?.campaign ?? null,
    filter: canonical,
    userMeasures: await loadUserMeasureNames(db, resolved.corpusIds),
  };
}

/** Whether a view's query string names a campaign (its answers can then be exported). */
export function viewHasCampaign(query: string): boolean {
  return Boolean(new URLSearchParams(query).get('campaign'));
}

/** What is wrong with a view's query string (unknown corpus or campaign, bad parameters), or null. */
export async function checkViewQuery(sql: Queryable, query: string): Promise<string | null> {
  try {
    await resolvePairFilter(sql, parseViewQuery(query), { textIdLimit: -1 });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
