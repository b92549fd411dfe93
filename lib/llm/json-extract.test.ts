import { describe, expect, it } from 'vitest';
import { extractAnswerJson, extractJsonObject, isEmptyReply } from './json-extract';

const value = (text: string) => extractJsonObject(text)?.value ?? null;

describe('extractJsonObject', () => {
  it('reads a bare object and gives its offsets', () => {
    const text = '{"semantic": 3, "relation": "forward"}';
    expect(extractJsonObject(text)).toEqual({ value: { semantic: 3, relation: 'forward' }, start: 0, end: text.length });
  });

  it('reads the object inside Markdown fences, with or without the json tag', () => {
    expect(value('```json\n{"semantic": 2}\n```')).toEqual({ semantic: 2 });
    expect(value('```\n{"semantic": 2}\n```')).toEqual({ semantic: 2 });
  });

  it('ignores prose before and after the object', () => {
    expect(value('Sure! Here is my judgement:\n{"paraphraseLoose": true}\nI hope this helps {really}.')).toEqual({
      paraphraseLoose: true,
    });
  });

  it('skips a <think> block, even one that contains JSON', () => {
    const text = '<think>Maybe {"semantic": 1}? No, more.</think>\n{"semantic": 3}';
    expect(extractJsonObject(text)).toMatchObject({ value: { semantic: 3 }, start: text.indexOf('{"semantic": 3}') });
  });

  it('keeps braces and escaped quotes inside strings', () => {
    expect(value('{"rationale": "a } and a \\" and a {", "semantic": 4}')).toEqual({
      rationale: 'a } and a " and a {',
      semantic: 4,
    });
  });

  it('takes the first balanced object that parses, skipping broken ones', () => {
    expect(value('{not json} then {"a": 1} then {"b": 2}')).toEqual({ a: 1 });
    expect(value('[1, 2] {"a": {"nested": true}}')).toEqual({ a: { nested: true } });
  });

  it('takes the last object when asked (a chain of thought ends with its answer)', () => {
    expect(extractJsonObject('draft {"a": 1}; final {"a": {"b": 2}}', 'last')?.value).toEqual({ a: { b: 2 } });
  });

  it('returns null without an object', () => {
    expect(value('')).toBeNull();
    expect(value('I would say three.')).toBeNull();
    expect(value('{"semantic": 3')).toBeNull();
    expect(value('<think>{"semantic": 3}</think> no answer')).toBeNull();
  });
});

describe('extractAnswerJson', () => {
  it('prefers the content, and reads the reasoning only when the content is empty', () => {
    expect(extractAnswerJson('{"a": 1}', '{"a": 2}')).toMatchObject({ value: { a: 1 }, source: 'content' });
    expect(extractAnswerJson('', 'Thinking… {"a": 0} then {"a": 2}')).toMatchObject({ value: { a: 2 }, source: 'reasoning' });
    expect(extractAnswerJson(null, '{"a": 2}')).toMatchObject({ source: 'reasoning' });
    expect(extractAnswerJson('prose only', '{"a": 2}')).toBeNull();
  });

  it('tells an empty reply', () => {
    expect(isEmptyReply('', null)).toBe(true);
    expect(isEmptyReply('  \n', '')).toBe(true);
    expect(isEmptyReply('<think>hm</think>', null)).toBe(true);
    expect(isEmptyReply('', 'thinking')).toBe(false);
    expect(isEmptyReply('x', null)).toBe(false);
  });
});
