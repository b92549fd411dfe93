/**
 * The pieces of the settings catalogue (lib/config/settings.ts): what a setting says about itself,
 * and the zod parsers of environment values (an empty or blank value counts as unset).
 */
import { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

/** Where a variable is listed: the README's main table, or its table for tests and benchmarks. */
export type SettingGroup = 'app' | 'tests';

export interface Setting<S extends z.ZodType> {
  group: SettingGroup;
  /** the default as the README shows it (Markdown) */
  default: string;
  /** what it means (Markdown, one paragraph) */
  meaning: string;
  schema: S;
  /** other names read when this one is unset (the older or lower-case spelling) */
  aliases?: readonly string[];
  /** what to do about a bad value, when more than "fix it or unset it" helps */
  hint?: string;
}

const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function whole(min: number, max: number): z.ZodType<number | undefined> {
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  return z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\s*\d+\s*$/, `must be a whole number ${range}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number ${range}`)
      .optional(),
  );
}

export function positiveOr(fallback: number): z.ZodType<number> {
  return z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\s*(\d+(\.\d*)?|\.\d+)\s*$/, 'must be a positive number')
      .transform(Number)
      .refine((n) => n > 0, 'must be a positive number')
      .optional()
      .transform((n) => n ?? fallback),
  );
}

export const wholeOr = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  whole(min, max).transform((n) => n ?? fallback);
export const text = () => z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional());
export const textOr = (fallback: string) => text().transform((s) => s ?? fallback);
export const flag = () =>
  z.preprocess(unsetIfEmpty, z.enum(['0', '1'], { error: 'must be 1 or 0' }).optional()).transform((v) => v === '1');
export const httpUrl = () =>
  text().refine((s) => s === undefined || /^https?:\/\/[^\s/]+/.test(s), 'must be an http:// or https:// address');

/** A duration as `30m`, `6h`, `24h` or `7d` (at least 5 minutes), in milliseconds. */
export const interval = (fallback: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .transform((s) => (s ?? fallback).trim())
      .refine((s) => /^\d+(\.\d+)?\s*[mhd]$/.test(s), 'must be a number and a unit: 30m, 6h, 24h or 7d')
      .transform((s) => Number(s.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[s.slice(-1) as 'm' | 'h' | 'd'])
      .refine((ms) => ms >= 5 * 60_000, 'must be at least 5m'),
  );
export const define = <S extends z.ZodType>(s: Setting<S>) => s;
