/**
 * SQL that fills one corpus with generated texts and pairs quickly (for page and query benchmarks,
 * where the values matter less than the row counts): texts are reused across pairs as captions of
 * one image are, and every measure gets a deterministic pseudo-random value in [0, 1].
 */
import { measureKeys } from '@/lib/measures/catalog';

export function generatePairsSql(corpusId: number, pairs: number, texts = Math.max(1000, Math.ceil(pairs / 10))): string[] {
  // hashtext gives a deterministic pseudo-random integer per (measure, pair).
  const value = (k: string) => `(abs(hashtext('${k}' || g)) % 10000) / 10000.0`;
  const measures = measureKeys.map((k) => `"${k}"`).join(', ');
  const values = measureKeys.map((k) => (k === 'delta' ? `${value(k)} - 0.5` : value(k))).join(', ');
  return [
    `INSERT INTO "Text" ("corpusId", "content", "type", "wordCount", "contentKey")
     SELECT ${corpusId}, 'Generated caption ' || g || ' of a picture of a bridge over a river in the year ' || (1800 + g % 200) || '.',
            'CAPTION', 14, md5('text-${corpusId}-' || g)::uuid
     FROM generate_series(1, ${texts}) g`,
    `WITH ids AS (SELECT array_agg("id" ORDER BY "id") AS a FROM "Text" WHERE "corpusId" = ${corpusId})
     INSERT INTO "Pair" ("corpusId", "textAId", "textBId", "pairKey", "originalId", "lengthA", "lengthB", ${measures}, "semParts")
     SELECT ${corpusId}, ids.a[1 + g % ${texts}], ids.a[1 + (g * 7 + 13) % ${texts}], md5('pair-${corpusId}-' || g)::uuid, g::text,
            10 + g % 20, 8 + g % 15, ${values}, '{st}'
     FROM ids, generate_series(1, ${pairs}) g`,
  ];
}
