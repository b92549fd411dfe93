/**
 * GET /api/v1/campaigns/{id}/compare and the comparison dashboard: the campaign and the other side
 * named by `with` resolved (a 404 for a campaign that does not exist, a 400 for a question that does
 * not fit), the counts read in SQL, the labels mapped when a mapping is given
 * (lib/dashboards/label-mapping.ts), and the comparison computed (lib/dashboards/label-comparison.ts).
 * Two label sets that share no value are refused with the reason, never compared into κ = 0.
 */
import { AppError } from '@/lib/errors/app-error';
import { countLabelPairs, type CompareWith } from '@/lib/db/dashboards/label-comparison';
import { database } from '@/lib/db/database';
import type { DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { compareLabelSets, questionCategories, type LabelComparison, type LabelCount } from '@/lib/dashboards/label-comparison';
import {
  applyMapping,
  fittingPresets,
  isEmptyMapping,
  mappedCategories,
  parseMapping,
  shareNoValue,
  type LabelMapping,
} from '@/lib/dashboards/label-mapping';
import { parseLabelSource } from '@/lib/dashboards/judgement-analysis';
import type { Question } from '@/lib/annotation/questions';
import { requireDashboardCampaign } from './load-campaign-dashboard';

function comparableQuestion(campaign: DashboardCampaign, key: string, field: string) {
  const question = campaign.questions.find((q) => q.key === key);
  if (!question || question.type === 'text') {
    const keys = campaign.questions.filter((q) => q.type !== 'text').map((q) => q.key);
    throw new AppError('INVALID_INPUT', `${campaign.name} has no labelled question "${key}".`, {
      fields: { [field]: `one of ${keys.join(', ')}` },
    });
  }
  return question;
}

const SOURCE_NAMES = {
  referenceIsParaphrase: "the corpus's own paraphrase label (yes/no)",
  referenceLabel: "the corpus's own label",
} as const;

/**
 * The question and the other side a comparison names: a 404 for a campaign that does not exist, a
 * 400 for a question that does not fit. `source` is the corpus's paraphrase label for yes/no
 * questions and its label otherwise; `source:paraphrase` and `source:label` name one of them.
 */
export async function resolveComparison(
  campaign: DashboardCampaign,
  questionKey: string,
  withLabel: string,
): Promise<{ question: Question; other: CompareWith; otherName: string; otherQuestion: Question | null }> {
  const question = comparableQuestion(campaign, questionKey, 'question');
  const source = parseLabelSource(withLabel);
  if (!source) {
    const field =
      withLabel === 'source:label'
        ? 'referenceLabel'
        : withLabel === 'source:paraphrase' || question.type === 'boolean'
          ? 'referenceIsParaphrase'
          : 'referenceLabel';
    return { question, other: { kind: 'source', field }, otherName: SOURCE_NAMES[field], otherQuestion: null };
  }
  const otherCampaign = await requireDashboardCampaign(source.campaign);
  const otherQuestion = comparableQuestion(otherCampaign, source.question, 'with');
  return {
    question,
    other: { kind: 'campaign', campaignId: otherCampaign.id, question: otherQuestion.key },
    otherName: `${otherCampaign.name}: ${otherQuestion.label}`,
    otherQuestion,
  };
}

const observed = (counts: readonly LabelCount[], side: 'mine' | 'other') =>
  [...new Set(counts.flatMap((c) => (c[side] === null ? [] : [c[side]])))].sort();

/** Everything the page needs: the sides' labels, the mapping, and the comparison or why there is none. */
export interface PreparedComparison {
  question: Question;
  otherName: string;
  /** each side's labels before any mapping: the question's values (then others used), or those the corpus uses */
  mineValues: string[];
  otherValues: string[];
  mapping: LabelMapping | null;
  /** the raw counts, for a cell's pairs (values before the mapping) */
  counts: LabelCount[];
  comparison: LabelComparison | null;
  /** why the two sets cannot be compared as given (they share no value), with the presets that would fit */
  refusal: { message: string; presets: string[] } | null;
}

export async function prepareComparison(
  campaign: DashboardCampaign,
  questionKey: string,
  withLabel: string,
  mapText?: string,
): Promise<PreparedComparison> {
  const { question, other, otherName, otherQuestion } = await resolveComparison(campaign, questionKey, withLabel);
  const counts = await countLabelPairs(database(), campaign.id, question.key, other);
  const withUsed = (base: readonly string[], side: 'mine' | 'other') => [
    ...base,
    ...observed(counts, side).filter((v) => !base.includes(v)),
  ];
  const mineValues = withUsed(questionCategories(question), 'mine');
  const otherValues = withUsed(otherQuestion ? questionCategories(otherQuestion) : [], 'other');
  let mapping: LabelMapping | null = null;
  if (mapText && mapText.trim() !== '') {
    const parsed = parseMapping(mapText, mineValues, otherValues);
    if ('error' in parsed) throw new AppError('INVALID_INPUT', parsed.error, { fields: { map: parsed.error } });
    mapping = isEmptyMapping(parsed) ? null : parsed;
  }
  const mineMapped = mappedCategories(mineValues, mapping?.mine ?? {});
  const otherMapped = mappedCategories(otherValues, mapping?.other ?? {});
  const base = { question, otherName, mineValues, otherValues, mapping, counts };
  if (shareNoValue(mineMapped, otherMapped)) {
    const presets = fittingPresets(mineValues, otherValues);
    const list = (values: readonly string[]) => values.join(', ');
    return {
      ...base,
      comparison: null,
      refusal: {
        presets,
        message: `This campaign's labels (${list(mineMapped)}) and the other side's (${list(otherMapped)}) share no value, so agreement and κ would be 0 by construction. Map one side's labels onto the other's: \`map\` as ${
          presets.length > 0 ? `a preset (${presets.join(', ')}) or ` : ''
        }side:value=target entries joined by ";".`,
      },
    };
  }
  const yesNo = mineMapped.length === 2 && mineMapped.includes('yes') && mineMapped.includes('no');
  const comparison = compareLabelSets(
    mapping ? applyMapping(counts, mapping) : counts,
    mineMapped,
    question.type === 'boolean' || yesNo ? { positive: 'yes', negative: 'no' } : undefined,
  );
  return { ...base, comparison, refusal: null };
}

/** The comparison, or a 400 naming why the two sets cannot be compared as given. */
export async function compareCampaignLabels(
  campaign: DashboardCampaign,
  questionKey: string,
  withLabel: string,
  mapText?: string,
): Promise<LabelComparison & { mapping: LabelMapping | null }> {
  const prepared = await prepareComparison(campaign, questionKey, withLabel, mapText);
  if (!prepared.comparison) {
    throw new AppError('INVALID_INPUT', prepared.refusal?.message ?? 'These label sets cannot be compared.', {
      fields: { map: prepared.refusal?.message ?? 'needed' },
    });
  }
  return { ...prepared.comparison, mapping: prepared.mapping };
}
