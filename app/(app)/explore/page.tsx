import type { Metadata } from 'next';
import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listViewPage, type ViewPage } from '@/lib/db/pairs/pair-list';
import { listExploreOptions } from '@/lib/db/pairs/explore-options';
import { isAppError } from '@/lib/errors/app-error';
import { parseExplorerView, userMeasureColumn, writeExplorerView } from '@/lib/explore/explorer-view';
import { listUserMeasureColumns } from '@/lib/db/corpora/user-measures';
import { decodePairCursor } from '@/lib/explore/pair-cursor';
import { emptyPairFilter, pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { PageHeader } from '@/components/ui/page-header';
import { FilterForm } from '@/components/explore/filter-form';
import { PairTable } from '@/components/explore/pair-table';
import { listSemanticAxes } from '@/lib/db/corpora/semantic-set';
import { listCorpusMeasureLanguages } from '@/lib/db/corpora/corpora';
import { englishOnlyMeasureKeys } from '@/lib/measures/catalog';
import { PairCountSection } from './_sections/pair-count-section';
import { Pager } from '@/components/explore/pager';
import { ExportViewLink } from '@/components/export/export-view-link';
import { FilterErrors } from '@/components/explore/filter-errors';

export const metadata: Metadata = { title: 'Explorer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The query as URLSearchParams without empty values (an HTML form sends every field, filled or not). */
function paramsOf(search: Record<string, string | string[] | undefined>): { params: URLSearchParams; hadEmpty: boolean } {
  const params = new URLSearchParams();
  let hadEmpty = false;
  for (const [name, value] of Object.entries(search)) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) {
      if (v.trim() === '') hadEmpty = true;
      else params.append(name, v);
    }
  }
  return { params, hadEmpty };
}

async function loadPage(filter: PairFilter, backward: boolean): Promise<ViewPage | { error: Record<string, string> }> {
  try {
    return await listViewPage(database(), filter, backward);
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_INPUT')
      return { error: (error.details as { fields: Record<string, string> }).fields };
    throw error;
  }
}

export default async function ExplorePage({ searchParams }: Props) {
  await requireArea('explore');
  const { params, hadEmpty } = paramsOf(await searchParams);
  const parsed = parsePairFilter(params);
  const view = parseExplorerView(params);
  if (hadEmpty && parsed.ok) redirect(`/explore?${writeExplorerView(pairFilterToParams(parsed.filter), view).toString()}`);
  const filter = parsed.ok ? parsed.filter : emptyPairFilter();
  const options = await listExploreOptions(database());
  const semAxes = await listSemanticAxes(database());
  const shownCorpora = filter.corpora.length > 0 ? filter.corpora : [...semAxes.keys()];
  const semNote = [...new Set(shownCorpora.map((slug) => semAxes.get(slug)?.formula).filter((f): f is string => f !== undefined))]
    .map((formula) => `${shownCorpora.filter((slug) => semAxes.get(slug)?.formula === formula).join(', ')}: ${formula}`)
    .join('; ');
  // English-only measures (WordNet, GloVe) are empty for corpora in other languages: their headers say which.
  const measureLanguages = await listCorpusMeasureLanguages(database());
  const notEnglish = shownCorpora.filter((slug) => (measureLanguages.get(slug) ?? 'en') !== 'en');
  const englishOnlyNote =
    notEnglish.length > 0
      ? `English only: not computed for ${notEnglish.map((slug) => `${slug} (${measureLanguages.get(slug)})`).join(', ')}`
      : undefined;
  const page = parsed.ok ? await loadPage(filter, view.backward) : { error: parsed.errors };
  // One corpus shown: its user measures are columns (shown unless the URL chooses the columns) and ranges.
  const userColumns =
    filter.corpora.length === 1
      ? (await listUserMeasureColumns(database(), filter.corpora[0]!)).map((m) => userMeasureColumn(m.name, m.description))
      : [];
  const visibleColumns = params.has('cols') ? view.columns : [...view.columns, ...userColumns.map((c) => c.id)];
  const hidden: Array<[string, string]> = [];
  if (filter.sort.key !== 'id' || filter.sort.desc) hidden.push(['sort', `${filter.sort.desc ? '-' : ''}${filter.sort.key}`]);
  if (filter.limit !== 100) hidden.push(['limit', String(filter.limit)]);

  const pairQuery = pairFilterToParams(filter, { cursor: false, limit: false }).toString();
  const linkWith = (cursor: string | null, backward: boolean, from: number) => {
    if (!cursor) return null;
    const p = writeExplorerView(pairFilterToParams({ ...filter, cursor: decodePairCursor(cursor) }), { ...view, backward, from });
    return `/explore?${p.toString()}`;
  };
  const ok = 'rows' in page ? page : null;
  const prevHref = ok ? linkWith(ok.prevCursor, true, Math.max(1, view.from - filter.limit)) : null;
  const nextHref = ok ? linkWith(ok.nextCursor, false, view.from + (ok.rows.length || 0)) : null;

  return (
    <>
      <PageHeader
        title="Explorer"
        description="Every pair of every corpus: search, filter, sort, open. The address bar holds the whole view: bookmark it or share it."
      />
      <FilterForm
        filter={filter}
        options={options}
        hidden={hidden}
        userMeasures={userColumns.map((c) => ({ key: c.id, label: c.label, description: c.description }))}
      />
      {'error' in page ? (
        <FilterErrors errors={page.error} />
      ) : (
        <>
          <Pager
            first={
              view.from > 1 || filter.cursor
                ? `/explore?${writeExplorerView(pairFilterToParams({ ...filter, cursor: null }), { ...view, backward: false, from: 1 }).toString()}`
                : null
            }
            prev={prevHref}
            next={nextHref}
            count={
              <Suspense fallback={<span className="muted">counting …</span>}>
                <PairCountSection filter={filter} from={view.from} shown={page.rows.length} />
              </Suspense>
            }
          />
          <ExportViewLink query={pairQuery} />
          <PairTable
            rows={page.rows.map((r) => ({ ...r, href: `/explore/pairs/${r.id}${pairQuery ? `?${pairQuery}` : ''}` }))}
            visible={visibleColumns}
            extraColumns={userColumns}
            widths={view.widths}
            density={view.density}
            sort={filter.sort}
            prevHref={prevHref}
            nextHref={nextHref}
            headerNotes={{
              sem: semNote,
              delta: semNote,
              ...Object.fromEntries(englishOnlyMeasureKeys.map((key) => [key, englishOnlyNote])),
            }}
          />
        </>
      )}
    </>
  );
}
