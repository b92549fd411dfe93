/**
 * The rules of tidying corpora and campaigns, pure: who may delete one (an admin, or the researcher
 * who created it; archiving, restoring and cloning are open to the whole area like every other
 * change to a corpus or campaign), what stands in the way of a deletion, how a confirmation names
 * what goes with it, and which archived entries a picker still shows (those the URL asks for).
 */
import type { RoleName } from '@/lib/access/roles';

/** Deleting cannot be undone: only an admin or the creator may. */
export function canDelete(user: { id: number | null; role: RoleName }, createdById: number | null): boolean {
  return user.role === 'ADMIN' || (user.role === 'RESEARCHER' && user.id !== null && createdById === user.id);
}

export const DELETE_REFUSED = 'Only an admin or the researcher who created it can delete it; archive it instead.';

export interface CorpusDeletionCounts {
  pairs: number;
  texts: number;
  importJobs: number;
  scoringJobs: number;
  exports: number;
  userMeasures: number;
  campaigns: Array<{ slug: string; name: string }>;
  activeJobs: number;
}

export interface CampaignDeletionCounts {
  items: number;
  annotators: number;
  assignments: number;
  answers: number;
  adjudications: number;
  goldAnswers: number;
  finalLabels: number;
  exports: number;
  activeExports: number;
  /** model runs of the campaign (their answers and the measures made from them go with it) */
  modelRuns: number;
  activeModelRuns: number;
  status: string;
}

const quoted = (names: string[]) => names.map((n) => `“${n}”`).join(', ');

/** Why the corpus cannot be deleted now, or null. */
export function corpusDeletionBlocker(counts: CorpusDeletionCounts): string | null {
  const n = counts.campaigns.length;
  if (n > 0) {
    return `The corpus is used by ${n === 1 ? 'the campaign' : `${n} campaigns:`} ${quoted(counts.campaigns.map((c) => c.name))}; delete ${n === 1 ? 'that campaign' : 'those campaigns'} first, or archive the corpus instead.`;
  }
  if (counts.activeJobs > 0)
    return 'An import, scoring or export of this corpus is waiting or running; cancel it or let it finish, then delete the corpus.';
  return null;
}

export function campaignDeletionBlocker(counts: CampaignDeletionCounts): string | null {
  if (counts.status === 'ACTIVE')
    return 'The campaign is active: annotators may be answering now. Pause or close it first, then delete it.';
  if (counts.activeExports > 0)
    return 'An export of this campaign is waiting or running; cancel it or let it finish, then delete the campaign.';
  if (counts.activeModelRuns > 0)
    return 'A model run of this campaign is waiting or running; cancel it or let it finish, then delete the campaign.';
  return null;
}

const formatCount = new Intl.NumberFormat('en');

function listed(parts: Array<[number, string, string]>): string[] {
  return parts.filter(([n]) => n > 0).map(([n, one, many]) => `${formatCount.format(n)} ${n === 1 ? one : many}`);
}

/** What a deletion of the corpus takes with it, as a list of phrases ("1,204 pairs", "2 exports and their files"). */
export function corpusDeletionParts(counts: CorpusDeletionCounts): string[] {
  return listed([
    [counts.pairs, 'pair', 'pairs'],
    [counts.texts, 'text', 'texts'],
    [counts.importJobs, 'import record', 'import records'],
    [counts.scoringJobs, 'scoring job', 'scoring jobs'],
    [counts.exports, 'export and its file', 'exports and their files'],
    [counts.userMeasures, 'user measure with its values', 'user measures with their values'],
  ]);
}

export function campaignDeletionParts(counts: CampaignDeletionCounts): string[] {
  return listed([
    [counts.items, 'sampled pair', 'sampled pairs'],
    [counts.answers, 'answer', 'answers'],
    [counts.assignments, 'assignment', 'assignments'],
    [counts.adjudications, 'adjudication', 'adjudications'],
    [counts.goldAnswers, 'gold answer', 'gold answers'],
    [counts.finalLabels, 'final label', 'final labels'],
    [counts.annotators, 'annotator membership', 'annotator memberships'],
    [counts.exports, 'export and its file', 'exports and their files'],
    [counts.modelRuns, 'model run with its answers and measures', 'model runs with their answers and measures'],
  ]);
}

/** A picker's entries: everything not archived, and the archived ones the page was asked for (reached by URL). */
export function pickerChoices<T extends { slug: string; archivedAt: Date | null }>(
  all: readonly T[],
  selected: readonly (string | undefined)[],
): T[] {
  return all.filter((c) => c.archivedAt === null || selected.includes(c.slug));
}
