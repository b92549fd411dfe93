/**
 * SQL that fills one corpus with generated texts and pairs quickly (for page and query benchmarks,
 * where the values matter less than the row counts): texts are reused across pairs as captions of
 * one image are, every measure gets a deterministic pseudo-random value in [0, 1], and the
 * reference label cycles through 0–4.
 *
 * The pairs come in statements of at most `PAIR_CHUNK` rows, each committed on its own, so that a
 * generation cut short (10M pairs take over an hour) resumes from the last whole chunk
 * (generated-corpus.ts).
 */
import { measureKeys } from '@/lib/measures/catalog';

export const PAIR_CHUNK = 1_000_000;

export function generatedTextCount(pairs: number): number {
  return Math.max(1000, Math.ceil(pairs / 10));
}

export function generateTextsSql(corpusId: number, pairs: number): string {
  return `INSERT INTO "Text" ("corpusId", "content", "type", "wordCount", "contentKey")
     SELECT ${corpusId}, 'Generated caption ' || g || ' of a picture of a bridge over a river in the year ' || (1800 + g % 200) || '.',
            'CAPTION', 14, md5('text-${corpusId}-' || g)::uuid
     FROM generate_series(1, ${generatedTextCount(pairs)}) g`;
}

/** The statements for pairs `from`..`pairs` (1-based), one per chunk. */
export function generatePairChunksSql(corpusId: number, pairs: number, from = 1): string[] {
  const texts = generatedTextCount(pairs);
  // hashtext gives a deterministic pseudo-random integer per (measure, pair).
  const value = (k: string) => `(abs(hashtext('${k}' || g)) % 10000) / 10000.0`;
  const measures = measureKeys.map((k) => `"${k}"`).join(', ');
  const values = measureKeys.map((k) => (k === 'delta' ? `${value(k)} - 0.5` : value(k))).join(', ');
  const chunks: string[] = [];
  for (let start = from; start <= pairs; start += PAIR_CHUNK) {
    const end = Math.min(pairs, start + PAIR_CHUNK - 1);
    chunks.push(`WITH ids AS (SELECT array_agg("id" ORDER BY "id") AS a FROM "Text" WHERE "corpusId" = ${corpusId})
     INSERT INTO "Pair" ("corpusId", "textAId", "textBId", "pairKey", "originalId", "lengthA", "lengthB", ${measures}, "semParts", "referenceLabel")
     SELECT ${corpusId}, ids.a[1 + g % ${texts}], ids.a[1 + (g * 7 + 13) % ${texts}], md5('pair-${corpusId}-' || g)::uuid, g::text,
            10 + g % 20, 8 + g % 15, ${values}, '{st}', (g % 5)::text
     FROM ids, generate_series(${start}, ${end}) g`);
  }
  return chunks;
}

/** Every statement of a whole generation, in order. */
export function generatePairsSql(corpusId: number, pairs: number): string[] {
  return [generateTextsSql(corpusId, pairs), ...generatePairChunksSql(corpusId, pairs)];
}
