/**
 * The numbers the database's columns hold, for validating input before it reaches a query: ids,
 * lengths, versions and counts are PostgreSQL `integer` (int4); measures are finite floats. A number
 * outside its column's range is a 400 naming the field, never a query error (500). The zod forms
 * (`dbId`, `dbInt`) are for contracts; `parseDbId` for route and page parameters read by hand. Pure.
 */
import { z } from 'zod';

/** PostgreSQL `integer`. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export function isInt4(n: number): boolean {
  return Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX;
}

/** A row id (serial: 1 … 2³¹−1). */
export function isDbId(n: number): boolean {
  return isInt4(n) && n > 0;
}

/** A row id from a URL segment or query value (digits only), or null. */
export function parseDbId(text: string | null | undefined): number | null {
  if (!text || !/^[0-9]{1,10}$/.test(text)) return null;
  const n = Number(text);
  return isDbId(n) ? n : null;
}

const int4Message = `must be a whole number from ${INT4_MIN} to ${INT4_MAX}`;

/** An int4 column's value. */
export const dbInt = z.number().int().min(INT4_MIN, int4Message).max(INT4_MAX, int4Message);

/** A row id (1 … 2³¹−1). */
export const dbId = z
  .number()
  .int()
  .min(1, `must be an id from 1 to ${INT4_MAX}`)
  .max(INT4_MAX, `must be an id from 1 to ${INT4_MAX}`);

/** A row id in a URL (path segment or query parameter). */
export const dbIdText = z.coerce.number().pipe(dbId);
