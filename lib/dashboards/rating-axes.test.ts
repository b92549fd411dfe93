import { describe, expect, it } from 'vitest';
import { builtInQuestion, resolveQuestions, type Question } from '@/lib/annotation/questions';
import { findRatingAxis, HUMAN_DELTA_AXIS, ratingAxes } from './rating-axes';

function questions(...inputs: Parameters<typeof resolveQuestions>[0]): Question[] {
  const r = resolveQuestions(inputs);
  if ('errors' in r) throw new Error(r.errors.join('; '));
  return r.questions;
}

describe('rating axes', () => {
  it('offers the Likert scales, ordinal choice questions and human Δ, in the order asked', () => {
    const qs = questions(
      'relation',
      { key: 'fluency', type: 'choice', options: ['poor', 'fair', 'good'], level: 'ordinal' },
      'syntactic',
      { key: 'topic', type: 'choice', options: ['x', 'y'] },
      'semantic',
      'paraphraseLoose',
      'rationale',
    );
    const axes = ratingAxes(qs);
    expect(axes.map((a) => [a.key, a.kind, a.range])).toEqual([
      ['fluency', 'ordinal', [0, 2]],
      ['syntactic', 'likert', [0, 4]],
      ['semantic', 'likert', [0, 4]],
      [HUMAN_DELTA_AXIS, 'humanDelta', [-4, 4]],
    ]);
    expect(axes[0]!.options).toEqual(['poor', 'fair', 'good']);
  });

  it('has no human Δ without both Likert scales', () => {
    expect(ratingAxes([builtInQuestion('semantic'), builtInQuestion('relation')]).map((a) => a.key)).toEqual(['semantic']);
  });

  it('explains why a key is no axis', () => {
    const qs = questions('semantic', { key: 'topic', type: 'choice', options: ['x', 'y'] }, 'paraphraseLoose');
    const err = (key: string) => {
      const r = findRatingAxis(qs, key);
      return 'error' in r ? r.error : null;
    };
    expect(err('topic')).toBe(
      '"topic" is not an ordered question (its options are nominal); rating axes of this campaign: semantic',
    );
    expect(err('paraphraseLoose')).toBe(
      '"paraphraseLoose" is not an ordered question (a boolean question); rating axes of this campaign: semantic',
    );
    expect(err('fluency')).toBe('the campaign asks no question "fluency"; rating axes of this campaign: semantic');
    expect(err(HUMAN_DELTA_AXIS)).toContain('no question "human.delta"');
    expect(findRatingAxis(qs, 'semantic')).toMatchObject({ axis: { key: 'semantic', kind: 'likert' } });
  });
});
