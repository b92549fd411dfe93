/**
 * Keyset cursors of pair lists: the sort key and direction, and the last row's sort value and id.
 * A page continues strictly after (value, id) in the sort order, so pairs imported meanwhile never
 * shift, repeat or skip the rows already listed (no OFFSET). Rows without the measure (null) come
 * last in both directions, ordered by id; `value: null` marks a cursor inside that tail. Opaque to
 * callers: base64url of a small JSON object (btoa/atob, so the browser can read it too). Pure.
 */
import { isInt4 } from '@/lib/api/db-numbers';
import { isMeasureKey, type MeasureKey } from '@/lib/measures/catalog';
import { isUserMeasureKey, type UserMeasureKey } from '@/lib/measures/user-measures';

type CursorKey = MeasureKey | UserMeasureKey | 'id';

export interface PairCursor {
  key: CursorKey;
  desc: boolean;
  /** the last row's value of the sort measure (null: the row had none); unused for sort=id */
  value: number | null;
  id: number;
}

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'));

export function encodePairCursor(cursor: PairCursor): string {
  return toBase64Url(JSON.stringify({ k: cursor.key, d: cursor.desc ? 1 : 0, v: cursor.value, i: cursor.id }));
}

/** The cursor, or null when `text` is not one this module wrote. */
export function decodePairCursor(text: string): PairCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(text));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { k, d, v, i } = raw as Record<string, unknown>;
  if (k !== 'id' && !isMeasureKey(k) && !isUserMeasureKey(k)) return null;
  if (d !== 0 && d !== 1) return null;
  if (typeof i !== 'number' || !isInt4(i) || i < 0) return null; // a pair id: what an int4 column holds
  if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) return null;
  return { key: k, desc: d === 1, value: k === 'id' ? null : v, id: i };
}

/** The cursor after a row with this id and sort value. */
export function cursorAfter(sort: { key: CursorKey; desc: boolean }, row: { id: number; value: number | null }): PairCursor {
  return { key: sort.key, desc: sort.desc, value: sort.key === 'id' ? null : row.value, id: row.id };
}
