/** Corpus and pair factories for tests (the demo seed imports real files through the importer). */
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { createCorpus, type CreateCorpusData } from '@/lib/db/corpora';

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
  measures?: Partial<Record<'rouge1' | 'rougeL' | 'bleu' | 'syn' | 'wms' | 'bertscore' | 'st' | 'sem' | 'delta', number>>;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

export async function makePairs(db: Db, corpusId: number, pairs: PairSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of pairs) {
    const [textA, textB] = await Promise.all(
      [p.a, p.b].map((content) =>
        db.text.upsert({
          where: { corpusId_contentKey: { corpusId, contentKey: md5(`SENTENCE|||${content}`) } },
          create: { corpusId, content, wordCount: words(content), contentKey: md5(`SENTENCE|||${content}`) },
          update: {},
          select: { id: true },
        }),
      ),
    );
    const pair = await db.pair.create({
      data: {
        corpusId,
        textAId: textA!.id,
        textBId: textB!.id,
        pairKey: md5([p.a, p.b].sort().join('\u0000')),
        referenceLabel: p.referenceLabel ?? null,
        lengthA: words(p.a),
        lengthB: words(p.b),
        ...p.measures,
      },
      select: { id: true },
    });
    ids.push(pair.id);
  }
  return ids;
}
