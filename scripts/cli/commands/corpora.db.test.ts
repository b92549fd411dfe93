import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import type { CliIo } from '../io';
import { run } from './corpora';

function memoryIo() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const io: CliIo = { stdin: new PassThrough(), stdout, stderr, isTTY: false };
  return { io, out: () => out };
}

describe('paralens corpora (DATABASE_URL)', () => {
  it('prints each corpus with its pair count', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `CLI corpus ${Date.now()}`, tier: 'GOLD', licence: 'CC BY 4.0' });
    await makePairs(db, corpus.id, [
      { a: 'A dog runs.', b: 'A dog is running.' },
      { a: 'A cat sleeps.', b: 'The cat is asleep.' },
      { a: 'Rain in Belfast.', b: 'It rains in Belfast.' },
    ]);
    const m = memoryIo();
    expect(await run([], m.io)).toBe(0);
    const line = m.out().split('\n').find((l) => l.startsWith(corpus.name));
    expect(line).toMatch(new RegExp(`^${corpus.name}\\s+gold\\s+3\\s+CC BY 4\\.0$`));

    const json = memoryIo();
    expect(await run(['--json'], json.io)).toBe(0);
    const rows = JSON.parse(json.out()) as Array<{ name: string; pairs: number; tier: string }>;
    expect(rows.find((r) => r.name === corpus.name)).toMatchObject({ pairs: 3, tier: 'GOLD' });
  });

  it('exits 2 on an unknown option', async () => {
    const m = memoryIo();
    expect(await run(['--nope'], m.io)).toBe(2);
  });
});
