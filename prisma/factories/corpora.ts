/** Corpus and pair factories for tests (the demo seed imports real files through the importer). */
import type { Db } from '@/lib/db/client';
import { computePairKey, computeTextKey } from '@/lib/pair-rows/content-keys';
import { countWords } from '@/lib/pair-rows/prepare-pair';
import { createCorpus, type CreateCorpusData } from '@/lib/db/corpora/corpora';
import type { MeasureKey } from '@/lib/measures/catalog';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';

let counter = 0;

export async function makeCorpus(db: Db, spec: Partial<CreateCorpusData> = {}) {
  counter += 1;
  const name = spec.name ?? `Test corpus ${counter}-${Date.now()}`;
  return createCorpus(db, { ...spec, name, slug: spec.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
}

export interface PairSpec {
  a: string;
  b: string;
  referenceLabel?: string;
  referenceScore?: number;
  referenceIsParaphrase?: boolean;
  originalId?: string;
  measures?: Partial<Record<MeasureKey, number>>;
}

export async function makePairs(db: Db, corpusId: number, pairs: PairSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of pairs) {
    const upsertText = (content: string) =>
      db.text.upsert({
        where: { corpusId_contentKey: { corpusId, contentKey: computeTextKey('SENTENCE', null, null, content) } },
        create: {
          corpusId,
          content,
          wordCount: countWords(content),
          contentKey: computeTextKey('SENTENCE', null, null, content),
        },
        update: {},
        select: { id: true },
      });
    // a pair of one text twice (PAWS has one) upserts it once: two upserts of one key at once could collide
    const [textA, textB] =
      p.a === p.b ? await upsertText(p.a).then((t) => [t, t]) : await Promise.all([p.a, p.b].map(upsertText));
    const pair = await db.pair.create({
      data: {
        corpusId,
        textAId: textA!.id,
        textBId: textB!.id,
        pairKey: computePairKey(p.a, p.b),
        referenceLabel: p.referenceLabel ?? null,
        referenceScore: p.referenceScore ?? null,
        referenceIsParaphrase: p.referenceIsParaphrase ?? null,
        originalId: p.originalId ?? null,
        lengthA: countWords(p.a),
        lengthB: countWords(p.b),
        ...p.measures,
      },
      select: { id: true },
    });
    ids.push(pair.id);
  }
  await refreshCorpusSummary(db, corpusId);
  return ids;
}
