/**
 * The query parameters of pair lists (`GET /api/v1/pairs`), documented one by one for OpenAPI and
 * checked by the same parser the explorer and exports use (lib/explore/pair-filter.ts): a wrong
 * parameter is a 400 naming it (unknown measure, min above max, bad cursor, unknown parameter).
 */
import { z } from 'zod';
import { measureList } from '@/lib/measures/catalog';
import {
  ANNOTATION_STATES,
  MAX_LIMIT,
  TEXT_TYPES,
  TIERS,
  parsePairFilter,
  unknownFilterParams,
  type PairFilter,
} from '@/lib/explore/pair-filter';

const text = (description: string) => z.string().optional().describe(description);

const rangeParams = Object.fromEntries(
  [
    ...measureList.map((m) => [m.key, `${m.label} (${m.description})`] as const),
    ['length', 'word count of both texts'] as const,
  ].flatMap(([key, what]) => [
    [`min.${key}`, text(`lowest ${what}`)],
    [`max.${key}`, text(`highest ${what}`)],
  ]),
);

const shape = {
  corpus: text('corpus slugs, comma-separated (default: every corpus)'),
  q: text('text that either text contains (case-insensitive, taken literally: %, _, quotes and regex characters are plain text)'),
  ...rangeParams,
  tier: text(`corpus tiers, comma-separated: ${TIERS.join(', ')}`),
  type: text(`text types, comma-separated (either text): ${TEXT_TYPES.join(', ')}`),
  campaign: text('campaign slug: only its pairs; also scopes state and final labels'),
  state: text(`annotation state: ${ANNOTATION_STATES.join(', ')}`),
  relation: text('final entailment relation(s), comma-separated (short for final.relation)'),
  label: text("the source corpus's own label(s), comma-separated"),
  cell: text('characteristic-map cell SYN,SEM, bins 0-4 of [0, 1] (1.0 in bin 4)'),
  sort: text(
    'id, a measure or u.NAME (a measure imported with import-scores), - for descending (rows without the measure come last)',
  ),
  limit: text(`rows per page, 1-${MAX_LIMIT} (default 100)`),
  cursor: text('nextCursor of the previous page'),
  count: z.enum(['true', 'false']).optional().describe('true: also count every matching pair (total)'),
};

function checkFilter(query: Record<string, string | undefined>, ctx: z.RefinementCtx) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  for (const name of unknownFilterParams(params, ['count']))
    ctx.addIssue({ code: 'custom', path: [name], message: 'is not a parameter of this route' });
  const parsed = parsePairFilter(params);
  if (!parsed.ok)
    for (const [name, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', path: [name], message });
}

/**
 * Every filter parameter; final.QUESTION=VALUE[,VALUE] (final labels) and min.u.NAME / max.u.NAME
 * (user measures) are accepted besides those listed.
 */
export const pairQuerySchema = z
  .object(shape)
  .catchall(
    z
      .string()
      .describe(
        'final.QUESTION=VALUE[,VALUE]: final labels of that question; min.u.NAME / max.u.NAME: a range of a user measure (paralens import-scores)',
      ),
  )
  .superRefine(checkFilter)
  .transform((query): { filter: PairFilter; count: boolean } => {
    const parsed = parsePairFilter(
      new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string')),
    );
    if (!parsed.ok) throw new Error('unreachable: checked above');
    return { filter: parsed.filter, count: query.count === 'true' };
  });
