/**
 * Gold pairs by file (`paralens gold FILE --campaign SLUG --map …`): the column map and each row
 * turned into a pair reference, the expected answers and the explanation. The answers are read and
 * checked exactly as `import-annotations` reads them (lib/annotation/annotation-import.ts), the pair
 * is found by its Paralens id (`id=COL`), its original id (`pair=COL`) or the two texts (`a=COL,b=COL`). Pure.
 */
import { mapAnnotationRow, parseColumnMap, type AnnotationColumnMap, type Parsed, type ValueMap } from './annotation-import';
import type { Answers, Question } from './questions';

export interface GoldColumnMap {
  /** the columns as import-annotations reads them; its annotator column is the explanation */
  base: AnnotationColumnMap;
  /** Paralens pair ids (instead of original ids) */
  byId: boolean;
}

export interface GoldRow {
  line: number;
  pair: { pairId: number } | { originalId: string } | { texts: [string, string] };
  answers: Answers;
  explanation: string;
}

/** `id=COL` or `pair=COL` or `a=COL,b=COL`; `explanation=COL`; `QUESTION=COL` for each question that counts. */
export function parseGoldColumnMap(spec: string, questions: readonly Question[]): Parsed<GoldColumnMap> {
  const parts = spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const column = (key: string) =>
    parts
      .find((p) => p.startsWith(`${key}=`))
      ?.slice(key.length + 1)
      .trim();
  const explanation = column('explanation');
  const id = column('id');
  if (!explanation) return { ok: false, error: '--map needs explanation=COLUMN' };
  if (id && (column('pair') || column('a') || column('b')))
    return {
      ok: false,
      error:
        '--map: give id=COLUMN (Paralens pair ids), pair=COLUMN (original ids) or a=COLUMN,b=COLUMN (exact texts), one of them',
    };
  if (parts.some((p) => p.startsWith('annotator='))) return { ok: false, error: '--map: a gold file has no annotator column' };
  const rest = parts.filter((p) => !p.startsWith('explanation=') && !p.startsWith('id='));
  const base = parseColumnMap([...rest, ...(id ? [`pair=${id}`] : []), `annotator=${explanation}`].join(','), questions);
  return base.ok ? { ok: true, value: { base: base.value, byId: Boolean(id) } } : base;
}

export type MappedGoldRow = { ok: true; row: GoldRow } | { ok: false; line: number; message: string };

export function mapGoldRow(
  cells: Readonly<Record<string, unknown>>,
  line: number,
  map: GoldColumnMap,
  values: ValueMap,
  questions: readonly Question[],
): MappedGoldRow {
  const mapped = mapAnnotationRow(cells, line, map.base, values, questions);
  if (!mapped.ok) {
    const message = mapped.message.startsWith('no annotator in column')
      ? `no explanation in column "${map.base.annotator}"`
      : mapped.message;
    return { ok: false, line, message };
  }
  const { pair, annotator: explanation, answers } = mapped.row;
  if (!map.byId || !('originalId' in pair)) return { ok: true, row: { line, pair, answers, explanation } };
  const pairId = Number(pair.originalId);
  if (!Number.isSafeInteger(pairId) || pairId <= 0) return { ok: false, line, message: `"${pair.originalId}" is not a pair id` };
  return { ok: true, row: { line, pair: { pairId }, answers, explanation } };
}
