/**
 * The new-campaign form's state and its translation into the body of POST /api/v1/campaigns (and
 * of the sample preview), plus the mapping of the API's 400 `error.fields` back to form fields.
 * Pure, so it is tested without a browser.
 */
import type { CreateCampaignBody } from '@/lib/api/contracts/campaigns';
import type { BuiltInQuestionKey } from '@/lib/annotation/questions';
import { DEFAULT_QUALITY_SETTINGS } from '@/lib/annotation/quality-settings';

type QuestionInputs = CreateCampaignBody['questions'];
type Condition = { question: string; values: Array<string | number | boolean> };

export type Strategy = 'all' | 'random' | 'stratified';
export type RationaleMode = 'off' | 'optional' | 'required' | 'conditional';

export interface CustomQuestionDraft {
  key: string;
  label: string;
  /** one option per line */
  options: string;
  level: 'nominal' | 'ordinal';
  required: boolean;
}

export interface MeasureFilterDraft {
  measure: string;
  min: string;
  max: string;
}

export interface CampaignFormState {
  name: string;
  corpora: string[];
  strategy: Strategy;
  size: string;
  perBin: string;
  /** a measure key, or "cell" for the characteristic-map cells */
  stratifyBy: string;
  bins: string;
  /** equal-width or equal-count bins */
  binning: 'width' | 'quantile';
  /** the quota and the strata per corpus */
  perCorpus: boolean;
  seed: string;
  lengthMin: string;
  lengthMax: string;
  tiers: string[];
  captionTypes: string[];
  measureFilters: MeasureFilterDraft[];
  asked: Record<Exclude<BuiltInQuestionKey, 'rationale'>, { asked: boolean; required: boolean }>;
  rationale: RationaleMode;
  /** "question=value" for each answer that makes the rationale required (mode "conditional") */
  rationaleWhen: string[];
  custom: CustomQuestionDraft[];
  overlap: string;
  goldEvery: string;
  /** quality settings: Likert answers within this many points of a gold answer count as right */
  likertTolerance: string;
  /** ordered answers this many points apart or more are left open */
  openSpread: string;
  randomiseOrder: boolean;
  holdMinutes: string;
  members: string[];
  guidelines: string;
  status: 'draft' | 'active';
}

export const initialFormState = (): CampaignFormState => ({
  name: '',
  corpora: [],
  strategy: 'stratified',
  size: '100',
  perBin: '20',
  stratifyBy: 'delta',
  bins: '5',
  binning: 'width',
  perCorpus: false,
  seed: '',
  lengthMin: '',
  lengthMax: '',
  tiers: [],
  captionTypes: [],
  measureFilters: [],
  asked: {
    semantic: { asked: true, required: true },
    syntactic: { asked: true, required: true },
    paraphraseLoose: { asked: false, required: true },
    paraphraseStrict: { asked: false, required: true },
    relation: { asked: false, required: true },
  },
  rationale: 'optional',
  rationaleWhen: [],
  custom: [],
  overlap: '3',
  // gold pairs are marked once the campaign exists: none are asked for until then
  goldEvery: '0',
  likertTolerance: '1',
  openSpread: '2',
  randomiseOrder: true,
  holdMinutes: '30',
  members: [],
  guidelines: '',
  status: 'draft',
});

/** A number typed into a field; NaN stays NaN so the API names the field. */
const num = (text: string): number => (text.trim() === '' ? NaN : Number(text));
const optionalNum = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const bound = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export function optionLines(text: string): string[] {
  return text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** "relation=negation" → { question: "relation", values: ["negation"] }, values typed as the question's. */
function conditionsOf(tokens: readonly string[]): Condition[] {
  const byQuestion = new Map<string, Array<string | number | boolean>>();
  for (const token of tokens) {
    const at = token.indexOf('=');
    const question = token.slice(0, at);
    const raw = token.slice(at + 1);
    const value =
      question === 'semantic' || question === 'syntactic'
        ? Number(raw)
        : question.startsWith('paraphrase')
          ? raw === 'true'
          : raw;
    byQuestion.set(question, [...(byQuestion.get(question) ?? []), value]);
  }
  return [...byQuestion].map(([question, values]) => ({ question, values }));
}

export function questionInputs(state: CampaignFormState): QuestionInputs {
  const out: QuestionInputs = [];
  for (const [key, { asked, required }] of Object.entries(state.asked))
    if (asked) out.push(required ? key : { key, required: false });
  for (const c of state.custom)
    out.push({
      key: c.key.trim(),
      type: 'choice',
      ...(c.label.trim() ? { label: c.label.trim() } : {}),
      options: optionLines(c.options),
      level: c.level,
      required: c.required,
    });
  const asked = new Set(out.map((q) => (typeof q === 'string' ? q : q.key)));
  if (state.rationale === 'optional') out.push('rationale');
  if (state.rationale === 'required') out.push({ key: 'rationale', required: true });
  if (state.rationale === 'conditional') {
    const when = conditionsOf(state.rationaleWhen.filter((t) => asked.has(t.slice(0, t.indexOf('=')))));
    out.push(when.length > 0 ? { key: 'rationale', requiredWhen: when } : 'rationale');
  }
  return out;
}

export function sampleRequest(state: CampaignFormState): CreateCampaignBody['sample'] {
  const filters: NonNullable<CreateCampaignBody['sample']['filters']> = {};
  if (state.lengthMin.trim() !== '' || state.lengthMax.trim() !== '')
    filters.length = [num(state.lengthMin || '0'), num(state.lengthMax || '100000')];
  if (state.tiers.length > 0) filters.tier = state.tiers as NonNullable<typeof filters.tier>;
  if (state.captionTypes.length > 0) filters.captionType = state.captionTypes as NonNullable<typeof filters.captionType>;
  const measures = state.measureFilters.filter((m) => m.measure && (m.min.trim() !== '' || m.max.trim() !== ''));
  if (measures.length > 0) filters.measures = Object.fromEntries(measures.map((m) => [m.measure, [bound(m.min), bound(m.max)]]));
  const seed =
    state.seed.trim() === '' ? undefined : /^-?\d+$/.test(state.seed.trim()) ? Number(state.seed.trim()) : state.seed.trim();
  return {
    strategy: state.strategy,
    ...(state.strategy === 'random' ? { size: num(state.size) } : {}),
    ...(state.strategy === 'stratified'
      ? {
          perBin: num(state.perBin),
          measure: state.stratifyBy,
          ...(state.stratifyBy === 'cell'
            ? {}
            : { bins: num(state.bins), ...(state.binning === 'quantile' ? { binning: 'quantile' as const } : {}) }),
        }
      : {}),
    ...(state.perCorpus && state.strategy !== 'all' ? { perCorpus: true } : {}),
    ...(seed === undefined ? {} : { seed }),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

export function campaignRequest(state: CampaignFormState): CreateCampaignBody {
  return {
    name: state.name.trim(),
    corpora: state.corpora,
    sample: sampleRequest(state),
    questions: questionInputs(state),
    overlap: num(state.overlap),
    goldEvery: num(state.goldEvery),
    randomiseOrder: state.randomiseOrder,
    members: state.members,
    guidelines: state.guidelines,
    holdMinutes: optionalNum(state.holdMinutes) ?? 30,
    status: state.status,
    qualitySettings: {
      ...DEFAULT_QUALITY_SETTINGS,
      likertTolerance: num(state.likertTolerance),
      openSpread: num(state.openSpread),
    },
  };
}

/** The API names fields as "body.sample.perBin" (schema errors) or "sample.perBin" (checks): one key for both. */
export function formFieldErrors(fields: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const field = key.replace(/^body\.?/, '') || 'form';
    out[field] = out[field] ? `${out[field]}; ${message}` : message;
  }
  return out;
}

/** Errors for one form section: the field itself and everything under it ("sample" → "sample.filters.length"). */
export function errorsUnder(errors: Readonly<Record<string, string>>, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`) || k.startsWith(`${prefix}[`))
    .map(([k, m]) => (k === prefix ? m : `${k.slice(prefix.length + 1)}: ${m}`));
}
