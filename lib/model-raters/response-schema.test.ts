import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { buildResponseSchema, likertScale, responseFormatBody } from './response-schema';

const asked: Question[] = [
  builtInQuestion('semantic'),
  builtInQuestion('paraphraseStrict'),
  builtInQuestion('relation'),
  {
    key: 'topic',
    type: 'choice',
    label: 'Topic',
    required: true,
    options: [
      { value: 'art', label: 'Art' },
      { value: 'war', label: 'War' },
    ],
  },
  builtInQuestion('rationale'),
];

describe('buildResponseSchema', () => {
  it('describes exactly the asked questions, all required, nothing else allowed', () => {
    expect(buildResponseSchema(asked)).toEqual({
      type: 'object',
      properties: {
        semantic: { type: 'integer', minimum: 0, maximum: 4, enum: [0, 1, 2, 3, 4] },
        paraphraseStrict: { type: 'boolean' },
        relation: { type: 'string', enum: ['equivalence', 'forward', 'reverse', 'intersection', 'exclusion', 'negation'] },
        topic: { type: 'string', enum: ['art', 'war'] },
        rationale: { type: 'string', maxLength: 4000 },
      },
      required: ['semantic', 'paraphraseStrict', 'relation', 'topic', 'rationale'],
      additionalProperties: false,
    });
  });

  it('derives a Likert scale from the options, falling back to 0..4', () => {
    expect(likertScale(builtInQuestion('syntactic'))).toEqual([0, 1, 2, 3, 4]);
    expect(
      likertScale({
        key: 'x',
        type: 'likert',
        label: 'x',
        required: true,
        options: [
          { value: '1', label: 'a' },
          { value: '5', label: 'b' },
        ],
      }),
    ).toEqual([1, 5]);
    expect(likertScale({ key: 'x', type: 'likert', label: 'x', required: true })).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the response_format body of each mode', () => {
    expect(responseFormatBody('json_schema', asked.slice(0, 1))).toEqual({
      type: 'json_schema',
      json_schema: { name: 'paralens_answers', strict: true, schema: buildResponseSchema(asked.slice(0, 1)) },
    });
    expect(responseFormatBody('json_object', asked)).toEqual({ type: 'json_object' });
    expect(responseFormatBody('prompt', asked)).toBeUndefined();
  });
});
