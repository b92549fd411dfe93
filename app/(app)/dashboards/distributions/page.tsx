import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { pickerChoices } from '@/lib/tidy/tidy-rules';
import { listYesNoQuestionSources } from '@/lib/db/dashboards/corpus-judgements';
import { corpusSplitGroups } from '@/lib/db/dashboards/distribution-cache';
import { corpusDistributions, MAX_LABEL_GROUPS } from '@/lib/services/dashboards/compute-distributions';
import { corpusDistributionsQuery } from '@/lib/api/contracts/distributions';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardTabs, topTabs } from '@/components/dashboards/dashboard-tabs';
import { ChoiceSelect } from '@/components/dashboards/choice-select';
import { LeadingSelect } from '@/components/dashboards/leading-select';
import { DistributionsView } from '@/components/dashboards/distributions-view';

export const metadata: Metadata = { title: 'Distributions by label' };

const searchSchema = z.object({
  corpus: z.string().max(200).optional().catch(undefined),
  by: z.enum(['reference', 'label']).optional().catch(undefined),
  measures: corpusDistributionsQuery.shape.measures.catch(undefined),
});

const REFERENCE_NAMES = { yes: 'paraphrase', no: 'not a paraphrase' };

export default async function DistributionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('dashboards');
  const search = searchSchema.parse(await searchParams);
  const corpora = pickerChoices(await listCorporaWithCounts(database(), { includeArchived: true }), [search.corpus]);
  const corpus = corpora.find((c) => c.slug === search.corpus) ?? corpora[0];
  const header = (
    <>
      <PageHeader
        title="Distributions by label"
        description="Every measure's distribution in a corpus, split by the corpus's own label: box plots and histograms side by side with n per group, as the thesis shows paraphrases and non-paraphrases (Figs. 5.3, 5.4). A campaign's final labels split its pairs on the campaign's own page."
      />
      <DashboardTabs current="/dashboards/distributions" links={topTabs} />
    </>
  );
  if (!corpus) {
    return (
      <>
        {header}
        <EmptyState title="No corpus yet">
          <p>Import a reference corpus with labels of its own (MSRPC, PAWS, SICK, PIT) to see its measures split by them.</p>
        </EmptyState>
      </>
    );
  }
  const db = database();
  // both splits' groups are stored with the figures (lib/db/dashboards/distribution-cache.ts): no scan of the pairs
  const [reference, { labels: distinct }, campaigns] = await Promise.all([
    corpusSplitGroups(db, corpus.id, 'reference'),
    corpusSplitGroups(db, corpus.id, 'label'),
    listYesNoQuestionSources(db, corpus.id),
  ]);
  const judged = reference.groups.reduce((sum, g) => sum + (g.group === null ? 0 : g.pairs), 0);
  const splits = [
    ...(judged > 0 ? [{ value: 'reference', text: `its paraphrase label (${judged.toLocaleString('en')} pairs)` }] : []),
    ...(distinct > 0 && distinct <= MAX_LABEL_GROUPS ? [{ value: 'label', text: `its label (${distinct} values)` }] : []),
  ];
  const by = splits.find((s) => s.value === search.by)?.value ?? splits[0]?.value;
  const data = by === 'reference' || by === 'label' ? await corpusDistributions(corpus.id, by, search.measures) : null;
  const campaignLinks = [...new Map(pickerChoices(campaigns, []).map((c) => [c.label.split(':')[1], c.campaign])).entries()];
  return (
    <>
      {header}
      <form method="get" className="row small" aria-label="What to split">
        <LeadingSelect
          label="Corpus"
          name="corpus"
          value={corpus.slug}
          options={corpora.map((c) => ({ value: c.slug, text: c.name }))}
          resets={['by', 'measures']}
        />
        {splits.length > 0 && <ChoiceSelect label="Split by" name="by" value={by ?? 'reference'} options={splits} />}
        {search.measures && <input type="hidden" name="measures" value={search.measures.join(',')} />}
        <div style={{ alignSelf: 'end' }}>
          <button type="submit">Show</button>
        </div>
      </form>
      {campaignLinks.length > 0 && (
        <p className="small">
          By a campaign&apos;s final labels:{' '}
          {campaignLinks.map(([id, name], i) => (
            <span key={id}>
              {i > 0 && ' · '}
              <Link href={`/dashboards/campaigns/${id}/distributions`}>{name}</Link>
            </span>
          ))}
        </p>
      )}
      {!data ? (
        <EmptyState title="No labels to split by">
          <p>
            {corpus.name} has no paraphrase label of its own
            {distinct > MAX_LABEL_GROUPS
              ? `, and its ${distinct.toLocaleString('en')} distinct labels are too many to split by (at most ${MAX_LABEL_GROUPS})`
              : ' and no label'}
            . Annotate its pairs in a campaign with a yes/no question to split them by the campaign&apos;s final labels.
          </p>
        </EmptyState>
      ) : (
        <DistributionsView
          data={data}
          names={by === 'reference' ? REFERENCE_NAMES : {}}
          fileName={`${corpus.slug}-distributions-${by}.csv`}
        />
      )}
    </>
  );
}
