/** The measure catalogue and the Pair table agree: one float column per measure, no more, no fewer. */
import { describe, expect, it } from 'vitest';
import { measureKeys } from '@/lib/measures/catalog';
import { getDb } from '../client';

describe('measure columns', () => {
  it('every catalogue measure is a double precision column of "Pair", and every such column is a measure', async () => {
    const rows = await getDb().$queryRaw<Array<{ column_name: string }>>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'Pair' AND data_type = 'double precision' ORDER BY column_name`;
    const columns = rows.map((r) => r.column_name).filter((c) => c !== 'referenceScore');
    expect(columns.sort()).toEqual([...measureKeys].sort());
  });
});
