/**
 * Texts in any script through the whole chain: imported (the language detected), found by the
 * explorer's text search in any case, exported as JSON Lines and imported back unchanged, and the
 * dataset card names the language. Spanish, German, Greek and Japanese.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { countPairs } from '@/lib/db/pairs/pair-list';
import { parsePairFilter } from '@/lib/explore/pair-filter';
import { runInMemory } from '../memory-io';
import { run as importCommand } from './import';
import { run as exportCommand } from './export';

const PAIRS: Record<string, Array<[string, string]>> = {
  es: [
    ['¿Qué organización dirige Yaser Arafat?', 'La Organización para la Liberación de Palestina, que dirige Yaser Arafat.'],
    [
      'El transbordador espacial Atlantis despegó ayer de Florida.',
      'Ayer despegó de Florida el transbordador estadounidense Atlantis.',
    ],
  ],
  de: [
    ['Der Hund läuft schnell über die Straße und bellt laut.', 'Laut bellend rennt der Hund über die Straße.'],
    ['Die Bürgermeisterin eröffnete gestern die neue Brücke.', 'Gestern wurde die neue Brücke von der Bürgermeisterin eröffnet.'],
  ],
  el: [
    ['Ο σκύλος τρέχει γρήγορα στο δρόμο και γαβγίζει.', 'Ο σκύλος γαβγίζει και τρέχει στο δρόμο.'],
    ['Η γέφυρα άνοιξε χθες για την κυκλοφορία.', 'Χθες η γέφυρα δόθηκε στην κυκλοφορία.'],
  ],
  ja: [
    ['犬が道を速く走っています。', '犬は道を走りながら吠えています。'],
    ['昨日、新しい橋が開通しました。', '新しい橋は昨日開通した。'],
  ],
};

let dir: string;
const previous = process.env.PARALENS_MODELS;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-any-script-'));
  process.env.PARALENS_MODELS = path.join(dir, 'no-models');
});
afterAll(async () => {
  if (previous === undefined) delete process.env.PARALENS_MODELS;
  else process.env.PARALENS_MODELS = previous;
  await rm(dir, { recursive: true, force: true });
});

const tsv = (pairs: Array<[string, string]>) =>
  ['id\tsentence1\tsentence2\tlabel', ...pairs.map(([a, b], i) => `${i + 1}\t${a}\t${b}\t1`)].join('\n') + '\n';

async function importPairs(language: string, corpus: string, file: string, format = 'paws') {
  const out = await runInMemory(importCommand, [
    file,
    '--corpus',
    corpus,
    '--format',
    format,
    '--no-score',
    '--rejects',
    path.join(dir, `${language}.rejects.jsonl`),
  ]);
  expect(out.code, out.stderr).toBe(0);
  return getDb().corpus.findFirstOrThrow({ where: { name: corpus }, select: { id: true, slug: true, language: true } });
}

async function search(slug: string, q: string): Promise<number> {
  const parsed = parsePairFilter(new URLSearchParams({ corpus: slug, q }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return countPairs(getSqlPool(), parsed.filter);
}

describe.each(Object.keys(PAIRS))('texts in %s', (language) => {
  it('are imported with their language detected, found by the text search, and exported and imported back unchanged', async () => {
    const pairs = PAIRS[language]!;
    const file = path.join(dir, `${language}.tsv`);
    await writeFile(file, tsv(pairs));
    const corpus = await importPairs(language, `Any script ${language} ${Date.now()}`, file);
    expect(corpus.language).toBe(language);

    const probes: Record<string, Array<[string, number]>> = {
      es: [
        ['organización', 1],
        ['ORGANIZACIÓN', 1],
        ['despegó', 1],
        ['Atlantis', 1],
      ],
      de: [
        ['Straße', 1],
        ['STRASSE', 0],
        ['brücke', 1],
        ['BRÜCKE', 1],
      ],
      el: [
        ['σκύλος', 1],
        ['ΣΚΎΛΟ', 1],
        ['γέφυρα', 1],
        ['ΓΈΦΥΡΑ', 1],
      ],
      ja: [
        ['犬', 1],
        ['橋', 1],
        ['開通', 1],
        ['猫', 0],
      ],
    };
    for (const [q, n] of probes[language]!) expect(await search(corpus.slug, q), `search ${q}`).toBe(n);

    const out = path.join(dir, `${language}-export.jsonl`);
    const exported = await runInMemory(exportCommand, ['--corpus', corpus.slug, '--format', 'jsonl', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const back = await importPairs(`${language}-back`, `Any script ${language} back ${Date.now()}`, out, 'paralens-jsonl');
    const texts = async (id: number) =>
      (
        await getDb().pair.findMany({
          where: { corpusId: id },
          orderBy: { id: 'asc' },
          select: { textA: { select: { content: true } }, textB: { select: { content: true } } },
        })
      ).map((p) => [p.textA.content, p.textB.content]);
    expect(await texts(corpus.id)).toEqual(pairs);
    expect(await texts(back.id)).toEqual(pairs);

    // the Hugging Face folder's dataset card names the corpus language
    const hf = path.join(dir, `${language}-hf`);
    expect((await runInMemory(exportCommand, ['--corpus', corpus.slug, '--format', 'hf', '--out', hf])).code).toBe(0);
    expect(await readFile(path.join(hf, 'README.md'), 'utf8')).toMatch(new RegExp(`language:\\n  - ${language}\\n`));
  }, 120_000);
});
