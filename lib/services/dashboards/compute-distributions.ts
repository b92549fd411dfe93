/**
 * The distributions API and dashboards: the split resolved (a 400 for a question or label that cannot
 * split), the groups counted and the figures computed in SQL (lib/db/dashboards/distributions.ts), put in order
 * (lib/dashboards/distributions.ts).
 */
import { AppError } from '@/lib/errors/app-error';
import {
  catalogueMeasures,
  computeDistributionRows,
  countDistributionGroups,
  userSqlMeasures,
  type DistributionScope,
} from '@/lib/db/dashboards/distributions';
import { corpusDistributionFigures, MAX_LABEL_GROUPS } from '@/lib/db/dashboards/distribution-cache';

export { MAX_LABEL_GROUPS };
import { listCampaignCorpora } from '@/lib/db/dashboards/characteristic-maps';
import { userMeasureNames } from '@/lib/db/corpora/user-measures';
import type { DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { database } from '@/lib/db/database';
import { assembleDistributions, orderGroups, type Distributions } from '@/lib/dashboards/distributions';
import { questionCategories } from '@/lib/dashboards/label-comparison';

async function distributions(
  scope: DistributionScope,
  by: string,
  order: readonly string[],
  measureKeys?: readonly string[],
): Promise<Distributions> {
  const pool = database();
  // the built-in measures, then the user measures of the corpus (or of the campaign's corpora)
  const corpusIds =
    scope.kind === 'corpus' ? [scope.corpusId] : (await listCampaignCorpora(pool, scope.campaignId)).map((c) => c.id);
  const own = userSqlMeasures(await userMeasureNames(pool, corpusIds));
  const unknown = (measureKeys ?? []).filter((k) => k.startsWith('u.') && !own.some((m) => m.key === k));
  if (unknown.length > 0)
    throw new AppError(
      'INVALID_INPUT',
      `${unknown.join(', ')}: no measure of your own by that name here (import one with paralens import-scores)`,
      { fields: { measures: unknown.join(', ') } },
    );
  const measures = [...catalogueMeasures(), ...own].filter((m) => !measureKeys || measureKeys.includes(m.key));
  // a corpus's figures are stored (lib/db/dashboards/distribution-cache.ts); a campaign's computed
  const {
    groups: counted,
    rows,
    labels,
  } = scope.kind === 'corpus'
    ? await corpusDistributionFigures(pool, scope.corpusId, scope.by, measures)
    : await Promise.all([countDistributionGroups(pool, scope), computeDistributionRows(pool, scope, measures)]).then(
        ([groups, rows]) => ({ groups, rows, labels: 0 }),
      );
  if (labels > MAX_LABEL_GROUPS) {
    throw new AppError(
      'INVALID_INPUT',
      `This corpus has ${labels} distinct labels; a split by label takes at most ${MAX_LABEL_GROUPS}.`,
      { fields: { by: 'reference' } },
    );
  }
  const groups = orderGroups(
    counted.flatMap((g) => (g.group === null ? [] : [{ group: g.group, pairs: g.pairs }])),
    order,
  );
  return assembleDistributions(by, measures, rows, groups, counted.find((g) => g.group === null)?.pairs ?? 0);
}

export async function corpusDistributions(
  corpusId: number,
  by: 'reference' | 'label',
  measureKeys?: readonly string[],
): Promise<Distributions> {
  return distributions({ kind: 'corpus', corpusId, by }, by, by === 'reference' ? ['yes', 'no'] : [], measureKeys);
}

export async function campaignDistributions(
  campaign: DashboardCampaign,
  questionKey: string,
  measureKeys?: readonly string[],
): Promise<Distributions> {
  const question = campaign.questions.find((q) => q.key === questionKey);
  if (!question || question.type === 'text') {
    const keys = campaign.questions.filter((q) => q.type !== 'text').map((q) => q.key);
    throw new AppError('INVALID_INPUT', `${campaign.name} has no labelled question "${questionKey}".`, {
      fields: { question: `one of ${keys.join(', ')}` },
    });
  }
  return distributions(
    { kind: 'campaign', campaignId: campaign.id, question: question.key },
    question.key,
    questionCategories(question),
    measureKeys,
  );
}
