/**
 * `paralens import RUNS --format qa-assessed --questions QUESTIONS`: the Spanish study's corpus from
 * the sample files built from the paper's own examples (lib/qa-pairs/fixtures): the funnel printed
 * and stored on the job, the pairs with the question number as cluster and the run ids in the
 * metadata, the corpus language; all-or-nothing on a bad run line or a bad questions line.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { computeMeasures, measureOptionsForLanguage } from '@/lib/measures/measures';
import { runInMemory } from '../memory-io';
import { run as importCommand } from './import';

const fixtures = path.resolve(import.meta.dirname, '../../../lib/qa-pairs/fixtures');
let dir: string;
let runs: string;
let questions: string;
const previous = process.env.PARALENS_MODELS;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-qa-import-'));
  runs = path.join(dir, 'runs.tsv');
  questions = path.join(dir, 'questions.tsv');
  await copyFile(path.join(fixtures, 'clef2006-es-sample.runs.tsv'), runs);
  await copyFile(path.join(fixtures, 'clef2006-es-sample.questions.tsv'), questions);
  process.env.PARALENS_MODELS = path.join(dir, 'no-models');
});
afterAll(async () => {
  if (previous === undefined) delete process.env.PARALENS_MODELS;
  else process.env.PARALENS_MODELS = previous;
  await rm(dir, { recursive: true, force: true });
});

const importQa = (corpus: string, runsFile: string, questionsFile: string, language: string[] = ['--language', 'es']) =>
  runInMemory(importCommand, [
    runsFile,
    '--format',
    'qa-assessed',
    '--questions',
    questionsFile,
    '--corpus',
    corpus,
    ...language,
    '--no-score',
    '--rejects',
    path.join(dir, 'rejects.jsonl'),
  ]);

describe('paralens import --format qa-assessed', () => {
  it('builds the groups and pairs, prints and stores the funnel, and sets the corpus language', async () => {
    const name = `QA@CLEF sample ${Date.now()}`;
    const out = await importQa(name, runs, questions);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(
      /funnel\n\s+Questions\s+6\n\s+Questions in the runs\s+6\n\s+With a right answer\s+5\n\s+Right answers\s+13\n\s+Duplicates removed\s+2\n\s+Contained removed\s+2\n\s+Answers kept\s+9\n\s+Groups\s+5\n\s+Pairs\s+16\n/,
    );
    const db = getDb();
    const corpus = await db.corpus.findFirstOrThrow({ where: { name }, select: { id: true, language: true } });
    expect(corpus.language).toBe('es');
    const job = await db.importJob.findFirstOrThrow({
      where: { corpusId: corpus.id },
      select: { funnel: true, imported: true, format: true, options: true },
    });
    expect(job.imported).toBe(16);
    expect(job.format).toBe('qa-assessed');
    expect(job.options).toMatchObject({ questionsFileName: 'questions.tsv', language: 'es' });
    expect(job.funnel).toContainEqual({ step: 'Pairs', count: 16 });
    const pairs = await db.pair.findMany({
      where: { corpusId: corpus.id },
      select: {
        clusterId: true,
        metadata: true,
        rouge1: true,
        textA: { select: { content: true } },
        textB: { select: { content: true } },
      },
    });
    const clusters = new Map<string, number>();
    for (const p of pairs) clusters.set(p.clusterId ?? '', (clusters.get(p.clusterId ?? '') ?? 0) + 1);
    expect(Object.fromEntries(clusters)).toEqual({ '0001': 3, '0002': 1, '0003': 1, '0004': 10, '0065': 1 });
    const stalin = pairs.find((p) => p.clusterId === '0002')!;
    expect([stalin.textA.content, stalin.textB.content]).toEqual(['murió stalin', '5 de marzo de 1953']);
    expect(stalin.metadata).toMatchObject({ runsB: ['inao061eses'], question: '¿Cuándo murió Stalin?' });
    // measures are computed on the way, as for every import
    expect(pairs.every((p) => p.rouge1 !== null)).toBe(true);
  }, 120_000);

  it('without --language, the first import detects the corpus language from the texts; a later one does not change it', async () => {
    const name = `QA@CLEF detected ${Date.now()}`;
    const out = await importQa(name, runs, questions, []);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('language    es (detected from the texts; --language sets it)');
    const db = getDb();
    expect((await db.corpus.findFirstOrThrow({ where: { name } })).language).toBe('es');
    const english = path.join(dir, 'english.tsv');
    await writeFile(
      english,
      'id\tsentence1\tsentence2\tlabel\n1\tThe shuttle landed safely in Florida today.\tToday the shuttle landed in Florida without trouble.\t1\n',
    );
    const second = await runInMemory(importCommand, [
      english,
      '--corpus',
      name,
      '--no-score',
      '--rejects',
      path.join(dir, 'rejects2.jsonl'),
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toContain('detected from the texts');
    expect((await db.corpus.findFirstOrThrow({ where: { name } })).language).toBe('es');
    // the English pair is measured as the corpus's first pairs were: with the Spanish tokenizer
    expect((await db.corpus.findFirstOrThrow({ where: { name } })).measureTokenizer).toBe('unicode+snowball-es');
    const shuttle = await db.pair.findFirstOrThrow({ where: { corpus: { name }, originalId: '1' }, select: { rouge1: true } });
    const [a, b] = ['The shuttle landed safely in Florida today.', 'Today the shuttle landed in Florida without trouble.'];
    expect(shuttle.rouge1).toBeCloseTo(computeMeasures(a, b, measureOptionsForLanguage('es')).rouge1, 12);
  }, 120_000);

  it('measures a Spanish corpus with the Spanish tokenizer, records it, and leaves the English-only measures null', async () => {
    const name = `QA@CLEF tokens ${Date.now()}`;
    // without --no-score: the follow-up job would compute WordNet for an English corpus (no models installed)
    const out = await runInMemory(importCommand, [
      runs,
      '--format',
      'qa-assessed',
      '--questions',
      questions,
      '--corpus',
      name,
      '--language',
      'es',
      '--rejects',
      path.join(dir, 'rejects3.jsonl'),
    ]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      "tokenizer   unicode+snowball-es (the measures' tokens: Unicode letters and digits, case-folded, Snowball Spanish stems)",
    );
    expect(out.stdout).not.toContain('Semantic measures computed next');
    const db = getDb();
    const corpus = await db.corpus.findFirstOrThrow({ where: { name }, select: { id: true, measureTokenizer: true } });
    expect(corpus.measureTokenizer).toBe('unicode+snowball-es');
    expect(await db.scoringJob.count({ where: { corpusId: corpus.id } })).toBe(0);
    const pairs = await db.pair.findMany({
      where: { corpusId: corpus.id },
      select: {
        rouge1: true,
        bleu: true,
        sumo: true,
        wordnet: true,
        wmsGlove: true,
        gloveCosine: true,
        sem: true,
        textA: { select: { content: true } },
        textB: { select: { content: true } },
      },
    });
    expect(pairs).toHaveLength(16);
    for (const p of pairs) {
      const spanish = computeMeasures(p.textA.content, p.textB.content, measureOptionsForLanguage('es'));
      expect(p.rouge1).toBeCloseTo(spanish.rouge1, 12);
      expect(p.bleu).toBeCloseTo(spanish.bleu!, 12);
      expect(p.sumo).toBeCloseTo(spanish.sumo!, 12);
      expect([p.wordnet, p.wmsGlove, p.gloveCosine, p.sem]).toEqual([null, null, null, null]);
    }
    // the Arafat group: "organización" and "organización" share a stem here; rouge-score's tokens differ
    const arafat = pairs.find(
      (p) => p.textA.content === 'organización que dirige yaser arafat' && p.textB.content.startsWith('organización para'),
    )!;
    const english = computeMeasures(arafat.textA.content, arafat.textB.content);
    expect(arafat.rouge1).not.toBeCloseTo(english.rouge1, 3);
  }, 120_000);

  it('imports nothing, not even the corpus, when one run line is bad, and names the line', async () => {
    const bad = path.join(dir, 'bad-runs.tsv');
    await writeFile(bad, `${await readFile(runs, 'utf8')}Q\t0004\trun9\t0.1\tdoc\tnave\tsnippet\n`);
    const name = `QA@CLEF bad ${Date.now()}`;
    const out = await importQa(name, bad, questions);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('line 18: unknown assessment "Q" (one of R right, W wrong, U unsupported, X inexact)');
    expect(await getDb().corpus.findFirst({ where: { name } })).toBeNull();
  }, 120_000);

  it('fails on a bad questions line, naming the questions file and the line', async () => {
    const bad = path.join(dir, 'bad-questions.tsv');
    await writeFile(bad, `${await readFile(questions, 'utf8')}0066 ¿Qué es?\n`);
    const name = `QA@CLEF bad questions ${Date.now()}`;
    const out = await importQa(name, runs, bad);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      'line 7: in the questions file bad-questions.tsv: expected 2 tab-separated fields (number, question), found 1',
    );
    expect(await getDb().corpus.findFirst({ where: { name } })).toBeNull();
  }, 120_000);
});
