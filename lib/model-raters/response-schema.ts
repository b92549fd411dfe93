/**
 * The JSON schema a model's answer must match: exactly the questions asked, each value as narrow as
 * the annotators' form allows (a Likert rating an integer on the question's scale, 0-4 for the
 * built-in ones; a relation one of the campaign's classes; a choice one of its option values; a
 * rationale a string of bounded length), every key required and no other key. It is sent as
 * OpenAI's `response_format: {type: "json_schema", json_schema: {name, strict: true, schema}}`
 * (OpenAI API reference, Structured Outputs; vLLM and llama.cpp's server accept the same field and
 * compile it into a grammar), and written into the prompt under the json_object and plain forms.
 */
import { RATIONALE_MAX_LENGTH, type Question } from '@/lib/annotation/questions';
import { RELATIONS } from '@/lib/annotation/relations';
import type { ResponseFormatMode } from '@/lib/llm/endpoint';

export const RESPONSE_SCHEMA_NAME = 'paralens_answers';

export type JsonSchema = Record<string, unknown>;

/** A Likert question's ratings: its options' values when they are all integers, else the built-in 0..4. */
export function likertScale(question: Question): number[] {
  const values = (question.options ?? []).map((o) => Number(o.value));
  const integers = values.length >= 2 && values.every((v) => Number.isInteger(v));
  return integers ? [...values].sort((a, b) => a - b) : [0, 1, 2, 3, 4];
}

/** The values a relation or choice question accepts: its options, or the six relations. */
export function optionValues(question: Question): string[] {
  const options = (question.options ?? []).map((o) => o.value);
  if (question.type === 'relation') return options.length > 0 ? options : [...RELATIONS];
  return options;
}

/** The maximum length of a text (rationale) answer. */
export function textMaxLength(question: Question): number {
  return question.maxLength ?? RATIONALE_MAX_LENGTH;
}

function propertySchema(question: Question): JsonSchema {
  switch (question.type) {
    case 'likert': {
      const scale = likertScale(question);
      return { type: 'integer', minimum: scale[0], maximum: scale[scale.length - 1], enum: scale };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'relation':
    case 'choice':
      return { type: 'string', enum: optionValues(question) };
    case 'text':
      return { type: 'string', maxLength: textMaxLength(question) };
  }
}

/** The schema for exactly the asked questions, in the order asked. */
export function buildResponseSchema(questions: readonly Question[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(questions.map((q) => [q.key, propertySchema(q)])),
    required: questions.map((q) => q.key),
    additionalProperties: false,
  };
}

/** Built once per questions array: every request of a run sends the same schema. */
const schemas = new WeakMap<readonly Question[], JsonSchema>();

/** The `response_format` member of the request body for a mode; undefined under the plain prompt. */
export function responseFormatBody(mode: ResponseFormatMode, questions: readonly Question[]): JsonSchema | undefined {
  if (mode === 'json_schema') {
    let schema = schemas.get(questions);
    if (!schema) schemas.set(questions, (schema = buildResponseSchema(questions)));
    return { type: 'json_schema', json_schema: { name: RESPONSE_SCHEMA_NAME, strict: true, schema } };
  }
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}
