/** The embedded PostgreSQL's settings (part of the README's main configuration table, in this order). */
import { z } from 'zod';
import { define, text, whole } from './schemas';

export type PgSettings = Record<string, string>;

const NAME = /^[a-z][a-z0-9_.]*$/;
const VALUE = /^[A-Za-z0-9_.:+/-]+$/;

/**
 * `PARALENS_PG_SETTINGS`: `name=value` pairs separated by commas or spaces, e.g.
 * `shared_buffers=2GB,work_mem=32MB`. Returns the pairs, or a sentence naming the bad one.
 */
export function parsePgSettings(text: string | undefined): PgSettings | string {
  const settings: PgSettings = {};
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const eq = item.indexOf('=');
    const name = eq > 0 ? item.slice(0, eq).trim() : '';
    const value = eq > 0 ? item.slice(eq + 1).trim() : '';
    if (!NAME.test(name) || !VALUE.test(value))
      return `"${item}" is not a PostgreSQL setting as name=value (letters, digits and _ . : + / - only, e.g. work_mem=32MB)`;
    if (name === 'logging_collector' || name === 'log_destination')
      return `${name} cannot be set: Paralens reads the embedded server's log from its standard error to know when it is ready`;
    settings[name] = value;
  }
  return settings;
}

export const EMBEDDED_PG_SETTINGS = {
  PARALENS_PG_PORT: define({
    group: 'app',
    default: 'a free port, chosen at each start',
    schema: whole(1, 65535),
    meaning:
      'port of the embedded PostgreSQL (listening on 127.0.0.1 only), to reach it with your own tools (`psql`, a backup agent) or to keep it clear of other services. Ignored with `DATABASE_URL`. Taken by another program: start-up says so and stops',
    hint: 'Use a free port from 1 to 65535, or unset it to let Paralens choose one.',
  }),
  PARALENS_PG_SETTINGS: define({
    group: 'app',
    default: 'tuned for the machine',
    schema: text().transform((s, ctx) => {
      const parsed = parsePgSettings(s);
      if (typeof parsed !== 'string') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }),
    meaning:
      'settings of the embedded PostgreSQL as `name=value` pairs separated by commas or spaces (`shared_buffers=2GB,work_mem=32MB`), put over the ones chosen for the machine: a quarter of its memory for shared buffers (128 MB to 8 GB), work memory of a quarter of memory over 100 connections (4 to 64 MB), maintenance memory of a sixteenth (64 MB to 2 GB), one parallel worker per query for every two cores. Start-up prints what it runs with. Ignored with `DATABASE_URL` (tune that server yourself) and when the embedded server is already running',
    hint: 'Write name=value pairs separated by commas, e.g. work_mem=32MB,jit=off, or unset it.',
  }),
} as const;
