/**
 * One pair for the API (`GET /api/v1/pairs/{id}`), in stored order: researchers and admins see
 * everything; an annotator sees only pairs handed to them in some campaign, and then without
 * measures, source labels or source ids (annotation is blind). Other pairs do not exist for them.
 */
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import type { RoleName } from '@/lib/access/roles';
import type { Db } from '../client';

interface TextView {
  id: number;
  content: string;
  type: 'CAPTION' | 'ALT_TEXT' | 'SENTENCE';
  sourcePage: string | null;
  sourceTitle: string | null;
}

export interface PairView {
  id: number;
  corpus: { id: number; slug: string; name: string };
  a: TextView;
  b: TextView;
  image: { key: string; url: string | null } | null;
  originalId?: string | null;
  referenceLabel?: string | null;
  referenceScore?: number | null;
  measures?: Partial<MeasureValues>;
}

const textSelect = { id: true, content: true, type: true, sourcePage: true, sourceTitle: true } as const;

export async function getPairForCaller(db: Db, pairId: number, user: { id: number; role: RoleName }): Promise<PairView | null> {
  const isAnnotator = user.role === 'ANNOTATOR';
  if (isAnnotator && !(await db.assignment.findFirst({ where: { pairId, userId: user.id }, select: { id: true } }))) return null;
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      id: true,
      originalId: true,
      referenceLabel: true,
      referenceScore: true,
      corpus: { select: { id: true, slug: true, name: true } },
      textA: { select: textSelect },
      textB: { select: textSelect },
      image: { select: { key: true, url: true } },
      ...(Object.fromEntries(measureKeys.map((k) => [k, true])) as Record<keyof MeasureValues, true>),
    },
  });
  if (!pair) return null;
  const { textA, textB, image, corpus, id, originalId, referenceLabel, referenceScore, ...measures } = pair;
  const view: PairView = { id, corpus, a: textA, b: textB, image };
  return isAnnotator ? view : { ...view, originalId, referenceLabel, referenceScore, measures };
}
