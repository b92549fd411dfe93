/** BinaryCopyWriter (lib/pair-rows/copy-binary.ts) against a real PostgreSQL: every type it writes reads back. */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { describe, expect, it } from 'vitest';
import { BinaryCopyWriter } from '@/lib/pair-rows/copy-binary';

describe('binary COPY', () => {
  it('round-trips integers, doubles, booleans, uuids, UTF-8 text, jsonb, text[] and NULLs', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
    await client.connect();
    try {
      await client.query('CREATE TEMP TABLE t (i int, d float8, b boolean, u uuid, s text, j jsonb, a text[])');
      const w = new BinaryCopyWriter(16); // tiny initial buffer: growing must work too
      w.row(7)
        .int4(-42)
        .float8(0.1 + 0.2)
        .bool(true)
        .uuid('0123abcd-4567-89ab-cdef-0123456789ab')
        .text('Köroğlu “quoted” 🐇\ttab')
        .jsonb({ note: 'é', n: [1, 2] })
        .textArray(['wms', 'st']);
      w.row(7)
        .int4(null)
        .float8(Number.NaN)
        .bool(null)
        .uuid('ffffffffffffffffffffffffffffffff')
        .text(null)
        .jsonb({})
        .textArray([]);
      const stream = client.query(copyFrom('COPY t FROM STDIN (FORMAT binary)'));
      await new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
        stream.end(w.finish());
      });
      const { rows } = await client.query('SELECT i, d, b, u, s, j, a FROM t ORDER BY i NULLS LAST');
      expect(rows).toEqual([
        {
          i: -42,
          d: 0.30000000000000004,
          b: true,
          u: '0123abcd-4567-89ab-cdef-0123456789ab',
          s: 'Köroğlu “quoted” 🐇\ttab',
          j: { note: 'é', n: [1, 2] },
          a: ['wms', 'st'],
        },
        { i: null, d: null, b: null, u: 'ffffffff-ffff-ffff-ffff-ffffffffffff', s: null, j: {}, a: [] },
      ]);
    } finally {
      await client.end();
    }
  });
});
