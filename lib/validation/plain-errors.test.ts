import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainError } from './plain-errors';

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { error: plainError });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('plain error messages', () => {
  it("the campaign form's examples in plain words", () => {
    const schema = z.object({
      name: z.string().min(1),
      holdMinutes: z.number().int().min(1).max(1440),
      overlap: z.number().int(),
      size: z.number(),
    });
    expect(messages(schema, { name: '', holdMinutes: 2000, overlap: 1.5 })).toEqual({
      name: 'is required',
      holdMinutes: 'must be at most 1440',
      overlap: 'must be a whole number',
      size: 'is required',
    });
  });

  it('lengths, lists, choices, formats, unknown keys', () => {
    expect(messages(z.object({ a: z.string().min(3).max(5) }), { a: 'x' })).toEqual({ a: 'needs at least 3 characters' });
    expect(messages(z.object({ a: z.string().max(5) }), { a: 'xxxxxxx' })).toEqual({ a: 'may have at most 5 characters' });
    expect(messages(z.object({ a: z.array(z.string()).min(1) }), { a: [] })).toEqual({ a: 'needs at least one entry' });
    expect(messages(z.object({ a: z.enum(['yes', 'no']) }), { a: 'maybe' })).toEqual({ a: 'must be one of "yes", "no"' });
    expect(messages(z.object({ a: z.email() }), { a: 'nope' })).toEqual({ a: 'must be an email address' });
    expect(messages(z.object({ a: z.number().gt(0) }), { a: 0 })).toEqual({ a: 'must be more than 0' });
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({ '': 'unknown fields: b, c' });
    expect(messages(z.object({ a: z.string() }), { a: 3 })).toEqual({ a: 'must be text' });
  });

  it("a schema's own message wins", () => {
    expect(messages(z.object({ key: z.string().regex(/^[a-z]+$/, 'lowercase letters only') }), { key: 'bad key!' })).toEqual({
      key: 'lowercase letters only',
    });
    expect(messages(z.object({ n: z.number().max(3, { message: 'three at most' }) }), { n: 4 })).toEqual({ n: 'three at most' });
  });
});
