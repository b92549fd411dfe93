/**
 * `paralens import`'s use case against a real PostgreSQL: a corpus named for the first time is
 * created (its tier from the file's name, its language as given) and told before the import starts;
 * an existing corpus is found by its slug and takes the language; a failed import removes the corpus
 * it created and leaves an existing one as it was.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { makeCorpus } from '@/prisma/factories/corpora';
import { importCorpusFile, type CorpusFileImport, type CorpusFileImportEvent } from './import-corpus-file';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-corpus-file-'));
const about = { source: 'a test', licence: null, attribution: null, description: null };

function ipcFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const ipcLine = (id: number, a: string, b: string) =>
  JSON.stringify({
    id,
    'cluster-id': id,
    image: `https://commons.wikimedia.org/wiki/File%3AImage_${id}.jpg`,
    first: { 'caption-text': a, 'caption-type': 'WIKI_TEXT', page: 'https://en.wikipedia.org/wiki/Bridge' },
    second: { 'caption-text': b, 'caption-type': 'WIKI_TEXT', page: 'https://en.wikipedia.org/wiki/River' },
    similarities: {},
  });

const good = () =>
  ipcFile(`wikipedia-ipc-silver-${Date.now()}.jsonl`, [
    ipcLine(1, 'A stone bridge over the river at dawn.', 'The old stone bridge crossing the river in the morning.'),
    ipcLine(2, 'A ferry leaving the harbour.', 'The ferry departs from the harbour.'),
  ]);
const broken = () => ipcFile(`wikipedia-ipc-gold-${Date.now()}.jsonl`, [ipcLine(1, 'A bridge.', 'A bridge.'), 'not json']);

async function importing(request: Omit<CorpusFileImport, 'about'>) {
  const events: CorpusFileImportEvent['type'][] = [];
  const result = await importCorpusFile(database(), { about, ...request }, (event) => {
    if (events.at(-1) !== event.type) events.push(event.type);
  });
  return { ...result, events };
}

describe('importCorpusFile', () => {
  it('creates a corpus of a new name, with the tier of the file name and the language given', async () => {
    const name = `Imported ${Date.now()}`;
    const result = await importing({ corpus: name, language: 'en', import: { filePath: good(), followUpScoring: false } });
    expect(result).toMatchObject({ failed: false, removed: null, corpus: { name, created: true } });
    expect(result.report).toMatchObject({ status: 'SUCCEEDED', imported: 2 });
    expect(result.events).toEqual(['corpus', 'progress', 'imported']);
    const row = await getDb().corpus.findUniqueOrThrow({ where: { id: result.corpus.id } });
    expect(row).toMatchObject({ name, tier: 'SILVER', language: 'en', source: 'a test' });
  });

  it('imports into an existing corpus by its slug and sets the language given', async () => {
    const existing = await makeCorpus(getDb(), { language: 'es' });
    const result = await importing({
      corpus: existing.slug,
      language: 'en',
      import: { filePath: good(), followUpScoring: false },
    });
    expect(result).toMatchObject({ failed: false, removed: null, corpus: { id: existing.id, created: false } });
    expect(await getDb().corpus.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({ language: 'en' });
  });

  it('removes the corpus it created for an import that failed, and keeps one that was there', async () => {
    const name = `Failed ${Date.now()}`;
    const created = await importing({ corpus: name, import: { filePath: broken() } });
    expect(created).toMatchObject({ failed: true, removed: true, corpus: { name, created: true } });
    expect(created.report.status).toBe('FAILED');
    expect(await getDb().corpus.findUnique({ where: { id: created.corpus.id } })).toBeNull();

    const existing = await makeCorpus(getDb());
    const kept = await importing({ corpus: existing.name, import: { filePath: broken() } });
    expect(kept).toMatchObject({ failed: true, removed: null, corpus: { id: existing.id, created: false } });
    expect(await getDb().corpus.findUnique({ where: { id: existing.id } })).not.toBeNull();
  });
});
