import { describe, expect, it } from 'vitest';
import { createCampaignBodySchema } from '@/lib/api/contracts/campaigns';
import { resolveQuestions } from '@/lib/annotation/questions';
import {
  campaignRequest,
  errorsUnder,
  formFieldErrors,
  initialFormState,
  questionInputs,
  sampleRequest,
  type CampaignFormState,
} from './campaign-request';

const state = (patch: Partial<CampaignFormState>): CampaignFormState => ({
  ...initialFormState(),
  name: 'Delta study',
  corpora: ['demo'],
  ...patch,
});

describe('campaignRequest', () => {
  it('builds a stratified request the API contract accepts', () => {
    const body = campaignRequest(
      state({
        seed: '42',
        lengthMin: '10',
        lengthMax: '30',
        tiers: ['gold'],
        measureFilters: [{ measure: 'st', min: '0.8', max: '' }],
        members: ['annotator@paralens.local'],
      }),
    );
    expect(body.sample).toEqual({
      strategy: 'stratified',
      perBin: 20,
      measure: 'delta',
      bins: 5,
      seed: 42,
      filters: { length: [10, 30], tier: ['gold'], measures: { st: [0.8, null] } },
    });
    expect(body).toMatchObject({
      overlap: 3,
      goldEvery: 0,
      randomiseOrder: true,
      holdMinutes: 30,
      status: 'draft',
      members: ['annotator@paralens.local'],
    });
    expect(createCampaignBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends only what the strategy uses', () => {
    expect(sampleRequest(state({ strategy: 'all' }))).toEqual({ strategy: 'all' });
    expect(sampleRequest(state({ strategy: 'random', size: '50', seed: 'abc' }))).toEqual({
      strategy: 'random',
      size: 50,
      seed: 'abc',
    });
    expect(sampleRequest(state({ stratifyBy: 'cell' }))).toEqual({ strategy: 'stratified', perBin: 20, measure: 'cell' });
  });

  it('leaves a bad number for the API to name (NaN becomes null in JSON)', () => {
    const body = JSON.parse(JSON.stringify(campaignRequest(state({ overlap: 'x' })))) as unknown;
    const parsed = createCampaignBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['overlap']);
  });

  it('a words-per-text range from 50 to 10 is refused, under its own field, in the same words for the form and the API', () => {
    const parsed = createCampaignBodySchema.safeParse(campaignRequest(state({ lengthMin: '50', lengthMax: '10' })));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sample.filters.length', 'the smallest word count is above the largest'],
    ]);
    expect(createCampaignBodySchema.safeParse(campaignRequest(state({ lengthMin: '10', lengthMax: '10' }))).success).toBe(true);
  });
});

describe('questionInputs', () => {
  it('asks the built-ins that are on, optional ones as objects, and custom choice questions', () => {
    const s = state({
      asked: {
        ...initialFormState().asked,
        syntactic: { asked: false, required: true },
        relation: { asked: true, required: false },
      },
      custom: [
        { key: 'nli', label: 'NLI label', options: 'entailment\n neutral \n\ncontradiction', level: 'nominal', required: true },
      ],
    });
    const inputs = questionInputs(s);
    expect(inputs).toEqual([
      'semantic',
      { key: 'relation', required: false },
      {
        key: 'nli',
        type: 'choice',
        label: 'NLI label',
        options: ['entailment', 'neutral', 'contradiction'],
        level: 'nominal',
        required: true,
      },
      'rationale',
    ]);
    expect('questions' in resolveQuestions(inputs)).toBe(true);
  });

  it('makes the rationale required for chosen answers, typed like the question and only for questions asked', () => {
    const s = state({
      asked: {
        ...initialFormState().asked,
        relation: { asked: true, required: true },
        paraphraseStrict: { asked: true, required: true },
      },
      rationale: 'conditional',
      rationaleWhen: ['relation=negation', 'relation=exclusion', 'paraphraseStrict=false', 'semantic=0', 'paraphraseLoose=true'],
    });
    const rationale = questionInputs(s).at(-1);
    expect(rationale).toEqual({
      key: 'rationale',
      requiredWhen: [
        { question: 'relation', values: ['negation', 'exclusion'] },
        { question: 'paraphraseStrict', values: [false] },
        { question: 'semantic', values: [0] },
      ],
    });
    const resolved = resolveQuestions(questionInputs(s));
    expect('questions' in resolved).toBe(true);
  });

  it('leaves the rationale out when it is off', () => {
    expect(questionInputs(state({ rationale: 'off' }))).toEqual(['semantic', 'syntactic']);
  });
});

describe('field errors', () => {
  it('merges "body." keys from schema errors with the checks’ own keys', () => {
    const errors = formFieldErrors({
      'body.sample.perBin': 'Too small',
      'sample.perBin': 'needs perBin',
      corpora: 'unknown corpora: "x"',
      body: 'is not valid JSON',
    });
    expect(errors).toEqual({
      'sample.perBin': 'Too small; needs perBin',
      corpora: 'unknown corpora: "x"',
      form: 'is not valid JSON',
    });
    expect(errorsUnder(errors, 'sample')).toEqual(['perBin: Too small; needs perBin']);
    expect(errorsUnder(errors, 'corpora')).toEqual(['unknown corpora: "x"']);
  });
});
