/**
 * zod's messages in plain words for people filling in a form or calling the API: "is required"
 * instead of "Too small: expected string to have >=1 characters", "must be at most 1440" instead of
 * "Too big: expected number to be <=1440". Passed to every parse at the doors (the /api/v1 routes,
 * lib/http/api-core.ts; the older route wrapper, lib/http/route.ts; the command line's settings); a
 * message a schema writes itself always wins (zod's precedence). Pure.
 */
import type { z } from 'zod';

const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

type Issue = z.core.$ZodRawIssue;

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string | undefined {
  const min = issue.minimum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      return Number(min) <= 1 ? 'is required' : `needs at least ${plural(min, 'character')}`;
    case 'array':
    case 'set':
      return Number(min) <= 1 ? 'needs at least one entry' : `needs at least ${plural(min, 'entry', 'entries')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `must be at least ${min}` : `must be more than ${min}`;
    default:
      return undefined;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string | undefined {
  const max = issue.maximum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      return `may have at most ${plural(max, 'character')}`;
    case 'array':
    case 'set':
      return `may have at most ${plural(max, 'entry', 'entries')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    default:
      return undefined;
  }
}

const TYPE_WORDS: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
};

/** The plain message of an issue zod raised by itself; undefined keeps zod's own. */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return TYPE_WORDS[issue.expected] ?? `must be ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an email address';
      if (issue.format === 'url') return 'must be a web address (URL)';
      if (issue.format === 'regex') return 'has characters or a form it may not have';
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'unknown field' : 'unknown fields'}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/** For `schema.safeParse(value, { error: plainError })`. */
export const plainError = (issue: Issue): string | undefined => plainIssueMessage(issue);
