import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText, streamOf } from '../test-support';
import { openImportStream } from '../open-import-stream';
import { parseQaQuestions } from '@/lib/qa-pairs/questions-file';
import { qaRulesFor } from '@/lib/qa-pairs/rules';
import type { QaContext } from '../format-definition';
import type { PairRecord } from '../types';

const fixtures = path.resolve(import.meta.dirname, '../../qa-pairs/fixtures');
const runs = readFileSync(path.join(fixtures, 'clef2006-es-sample.runs.tsv'), 'utf8');
const questionsText = readFileSync(path.join(fixtures, 'clef2006-es-sample.questions.tsv'), 'utf8');

function qaContext(text = questionsText): QaContext {
  const rules = qaRulesFor('es')!;
  const lines = text.split('\n').map((t, i) => ({ lineNumber: i + 1, text: t }));
  const { questions, errors } = parseQaQuestions(lines, 'questions.tsv', rules);
  expect(errors).toEqual([]);
  return { questions, rules };
}

describe('qa-assessed import format', () => {
  it('turns the sample runs into groups of the affirmative question and its distinct right answers, with the funnel', async () => {
    const stream = await openImportStream(streamOf(runs), { fileName: 'runs.tsv', format: 'qa-assessed', qa: qaContext() });
    const records: PairRecord[] = [];
    for await (const item of stream.items) {
      expect(item.ok).toBe(true);
      if (item.ok) records.push(item.record);
    }
    expect(stream.funnel()).toEqual([
      { step: 'Questions', count: 6 },
      { step: 'Questions in the runs', count: 6 },
      { step: 'With a right answer', count: 5 },
      { step: 'Right answers', count: 13 },
      { step: 'Duplicates removed', count: 2 },
      { step: 'Contained removed', count: 2 },
      { step: 'Answers kept', count: 9 },
      { step: 'Groups', count: 5 },
      { step: 'Pairs', count: 16 },
    ]);
    expect(records).toHaveLength(16);
    const byCluster = (id: string) => records.filter((r) => r.clusterId === id).map((r) => [r.a.text, r.b.text]);
    expect(byCluster('0001')).toEqual([
      ['organización que dirige yaser arafat', 'olp'],
      ['organización que dirige yaser arafat', 'organización para la liberación de palestina'],
      ['olp', 'organización para la liberación de palestina'],
    ]);
    expect(byCluster('0002')).toEqual([['murió stalin', '5 de marzo de 1953']]);
    expect(byCluster('0003')).toEqual([['tóner', 'polvo para fotocopiadoras']]);
    // the Atlantis group of sec. 4: the affirmative form and four answers, C(5, 2) = 10 pairs
    const atlantis = byCluster('0004');
    expect(atlantis).toHaveLength(10);
    expect(new Set(atlantis.flat())).toEqual(
      new Set([
        'atlantis',
        'transbordador estadounidense',
        'foro marítimo',
        'transbordador espacial atlantis',
        'transbordador espacial estadounidense',
      ]),
    );
    expect(byCluster('0065')).toEqual([['dracma', 'moneda griega']]);
    // the run ids (merged over duplicates) and the question travel in the metadata
    const first = records.find((r) => r.clusterId === '0001' && r.b.text === 'olp')!;
    expect(first.metadata).toMatchObject({
      question: '¿Qué organización dirige Yaser Arafat?',
      roleA: 'question',
      roleB: 'answer',
      runsA: [],
      runsB: ['inao061eses', 'alia061eses'],
    });
    expect(first.lineNumber).toBe(1);
  });

  it('is detected from the runs file', async () => {
    const result = await importText(runs, { fileName: 'runs.tsv', qa: qaContext() });
    expect(result.format).toBe('qa-assessed');
  });

  it('reports a wrong field count, an unknown assessment, a missing question and an empty right answer on their lines', async () => {
    const bad = [
      'R\t0001\trun1\t1.00\tdoc1\tOLP\tsnippet',
      'R\t0001\trun1\t1.00\tdoc1',
      'Y\t0002\trun1\t1.00\tdoc1\t1953\tsnippet',
      'R\t0099\trun1\t1.00\tdoc1\tAtenas\tsnippet',
      'R\t0003\trun1\t1.00\tdoc1\t \tsnippet',
    ].join('\n');
    const result = await importText(bad, { fileName: 'runs.tsv', format: 'qa-assessed', qa: qaContext() });
    expect(result.errors.map((e) => `line ${e.lineNumber}: ${e.message}`)).toEqual([
      'line 2: expected 6 or 7 (assessment, question, run, confidence, document, answer[, snippet]) tab-separated fields, found 5',
      'line 3: unknown assessment "Y" (one of R right, W wrong, U unsupported, X inexact)',
      'line 4: question "0099" is not in the questions file questions.tsv',
      'line 5: the answer is empty',
    ]);
  });

  it('without the questions file, fails with a fatal error that says what is missing', async () => {
    const result = await importText(runs, { fileName: 'runs.tsv', format: 'qa-assessed' });
    expect(result.records).toEqual([]);
    expect(result.errors).toEqual([
      { lineNumber: 1, message: 'the qa-assessed format needs the questions file (--questions QUESTIONS)', raw: '', fatal: true },
    ]);
  });
});
