import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { listRunPairs } from '@/lib/db/model-raters/run-page-reads';
import { parseDbId } from '@/lib/api/db-numbers';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { RunPairsTable } from '@/components/model-raters/run-pairs-table';

export const metadata: Metadata = { title: 'Pairs of a model run' };

type Props = {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const cellSearch = z.object({
  kind: z.enum(['final', 'swap', 'repeat', 'map-model', 'map-humans', 'map-difference']),
  row: z.string().max(100),
  column: z.string().max(100),
  n: z.coerce.number().int().min(0).max(100_000_000).catch(0),
  ids: z
    .string()
    .max(6000)
    .transform((s) => s.split(',').flatMap((x) => (parseDbId(x) === null ? [] : [Number(x)])))
    .catch([]),
  question: z.string().max(40).optional(),
});

function titleOf(c: z.infer<typeof cellSearch>): string {
  switch (c.kind) {
    case 'final':
      return `${c.question ?? ''}: the model answered ${c.row}, the final label is ${c.column}`;
    case 'swap':
      return `${c.question ?? ''}: ${c.row} in the stored order, ${c.column} with the texts exchanged`;
    case 'repeat':
      return `${c.question ?? ''}: ${c.row} in this run, ${c.column} in the run it repeats`;
    case 'map-model':
      return `The model's map: syntactic ${c.row}, semantic ${c.column}`;
    case 'map-humans':
      return `The annotators' map: syntactic ${c.row}, semantic ${c.column}`;
    case 'map-difference':
      return `Placed by the model at syntactic ${c.row}, semantic ${c.column}, by the annotators elsewhere`;
  }
}

/**
 * The pairs of one cell of a run's report (its confusion matrix, swap probe or maps), or without a
 * cell the run's pairs in order, with the model's answers; each opens the pair page.
 */
export default async function RunPairsPage({ params, searchParams }: Props) {
  await requireArea('campaigns');
  const { slug, id: rawId } = await params;
  const id = parseDbId(rawId);
  if (id === null) notFound();
  const run = await getModelRun(database(), id);
  if (!run || run.campaign.slug !== decodeURIComponent(slug)) notFound();
  const raw = await searchParams;
  const runUrl = `/campaigns/${encodeURIComponent(run.campaign.slug)}/model-runs/${run.id}`;
  // without a cell: every pair of the run (its first 500), with all its answers
  const cell = raw.kind === undefined ? null : cellSearch.safeParse(raw);
  if (cell && !cell.success) notFound();
  const of = cell?.data ?? null;
  const pairs = await listRunPairs(database(), run.id, of ? of.ids : null);
  const back = `${runUrl}${of?.question ? `?question=${encodeURIComponent(of.question)}` : ''}#judged-heading`;
  const total = of ? of.n : run.pairsTotal;
  const shown = total > pairs.length ? ` (the first ${pairs.length.toLocaleString('en')} listed)` : '';
  const questions = !of
    ? run.questions
    : of.kind === 'final' || of.kind === 'swap' || of.kind === 'repeat'
      ? [of.question ?? '']
      : ['syntactic', 'semantic'];
  return (
    <>
      <PageHeader
        title={of ? titleOf(of) : `The pairs of run #${run.id} and its answers`}
        description={
          <>
            Run #{run.id} ({run.rater}) · {total.toLocaleString('en')} pairs{shown} · <Link href={back}>back to the report</Link>
          </>
        }
      />
      {pairs.length === 0 ? (
        <EmptyState title="No pairs to list">
          <p>
            This cell lists no pair of the run. <Link href={back}>Back to the report</Link>
          </p>
        </EmptyState>
      ) : (
        <RunPairsTable pairs={pairs} questions={questions} showSwapped={of ? of.kind === 'swap' : run.swap} />
      )}
    </>
  );
}
