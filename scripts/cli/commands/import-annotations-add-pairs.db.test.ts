/**
 * `paralens import-annotations --add-pairs CORPUS` on the shared files: the SICK re-annotation (each
 * pair labelled in both directions, with labels that differ by direction on 100 pairs) and the
 * paraphrases-in-interviews study, brought in with one command each, every label on a pair stored
 * in the file's order, the same agreement as when the corpora were split by hand
 * (import-annotations.db.test.ts); a bad line writes nothing. Skipped with a message when
 * ../shared/datasets is absent, failing under CI.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { loadRatingMatrix } from '@/lib/db/dashboards/campaign-ratings';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { readAnnotationRows } from '@/lib/import/annotation-rows';
import { builtInQuestion, resolveQuestions } from '@/lib/annotation/questions';
import sharedCases from '@/lib/agreement/__fixtures__/shared-data-cases.json';
import { agreementScheme, computeQuestionAgreement } from '@/lib/dashboards/question-agreement';
import { describeWithDatasets, sharedDatasetPath } from '@/lib/testing/shared-datasets';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { runInMemory } from '../memory-io';
import { run } from './import-annotations';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const SICK = 'sick-reannotation-kalouli2019/derived_per_annotator_labels.csv';
const INTERVIEWS = 'paraphrases-in-interviews';
const CALIBRATION = 'sick-reannotation-kalouli2019/derived_calibration_per_annotator.csv';
const NLI = { key: 'nli', type: 'choice', label: 'NLI label', options: ['E', 'C', 'N', 'D'], level: 'nominal' } as const;

function schemeOf(question: { key: string; type: 'choice'; label: string; options: readonly string[]; level: 'nominal' }) {
  const resolved = resolveQuestions([{ ...question, options: [...question.options] }]);
  if (!('questions' in resolved)) throw new Error('bad question');
  return agreementScheme(resolved.questions[0]!)!;
}

async function readRows(file: string) {
  const rows: Array<Record<string, string>> = [];
  for await (const row of readAnnotationRows(file, 'csv')) {
    if ('error' in row) throw new Error(`line ${row.line}: ${row.error}`);
    rows.push(row.cells as Record<string, string>);
  }
  return rows;
}

/** Every stored answer as "annotator | text A | text B → label", the texts in the stored order. */
async function storedLabels(campaignId: number, question: string) {
  const rows = await db.$queryRawUnsafe<Array<{ who: string; a: string; b: string; label: string }>>(
    `SELECT substr(u."name", length('Imported annotator ') + 1) AS who, ta."content" AS a, tb."content" AS b, an."answers"->>$2 AS label
     FROM "Annotation" an JOIN "User" u ON u."id" = an."annotatorId" JOIN "Pair" p ON p."id" = an."pairId"
     JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId" WHERE an."campaignId" = $1`,
    campaignId,
    question,
  );
  return rows.map((r) => `${r.who} | ${r.a} | ${r.b} → ${r.label}`).sort();
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

describeWithDatasets(
  'paralens import-annotations --add-pairs on the shared datasets',
  () => {
    it('SICK re-annotation: one command creates 202 pairs and 191 reversed ones, every label on its direction, alpha 0.6052 as with corpora split by hand', async () => {
      const corpus = await makeCorpus(db);
      // a campaign starts on a corpus with pairs (here the factory's ten); the file's pairs go into an empty one
      const campaign = await makeCampaign(db, { questions: [NLI], overlap: 3 });
      const args = [
        sharedDatasetPath(SICK),
        '--campaign',
        campaign.slug,
        '--map',
        'pair=pair_id,a=sentence_A,b=sentence_B,annotator=annotator_key,nli=label',
        '--add-pairs',
        corpus.slug,
      ];
      const imported = await runInMemory(run, args);
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toBe(
        `Imported 1179 answers by 12 annotators on 393 pairs (393 added to the campaign). Created 202 pairs in ${corpus.slug} and 191 in ${corpus.slug}-reversed (the other direction).\n`,
      );

      // each of the 1,179 labels sits on a pair stored in the file's order (4074 is A→B, 4074b B→A,
      // and 100 such pairs differ in labels)
      const file = await readRows(sharedDatasetPath(SICK));
      const expected = file.map((r) => `${r.annotator_key} | ${r.sentence_A} | ${r.sentence_B} → ${r.label}`).sort();
      expect(await storedLabels(campaign.id, 'nli')).toEqual(expected);
      const reversed = await db.corpus.findUniqueOrThrow({
        where: { slug: `${corpus.slug}-reversed` },
        select: { id: true, summary: { select: { pairs: true } } },
      });
      expect(reversed.summary?.pairs).toBe(191);
      expect(
        await db.campaignCorpus.count({ where: { campaignId: campaign.id, corpusId: { in: [corpus.id, reversed.id] } } }),
      ).toBe(2);
      const stored = await db.pair.findFirstOrThrow({
        where: { corpusId: corpus.id, originalId: '4074' },
        select: { bleu: true, syn: true, textA: { select: { content: true } } },
      });
      expect(stored.textA.content).toBe('A horse is being ridden by a man');
      expect(stored.syn).not.toBeNull();

      const matrix = await loadRatingMatrix(pool, campaign.id, 'nli');
      const report = computeAgreementReport({
        ratings: matrix.ratings as (string | null)[][],
        level: 'nominal',
        categories: [...NLI.options],
      });
      expect(report.coefficients.krippendorffAlpha.value).toBeCloseTo(0.6052110282879515, 12);
      // what the campaign's dashboard and API show: AC1 over the four categories and the mean pairwise
      // Cohen kappa (12 annotator pairs of the four sheets, about 98 shared pairs each), as NumPy and
      // scikit-learn give them (lib/agreement/__fixtures__/generate-shared-data-cases.py)
      const shown = computeQuestionAgreement(matrix, schemeOf(NLI));
      expect(shown.gwetAC1).toBeCloseTo(sharedCases.sick.gwetAC1, 12);
      expect(shown.meanCohenKappa).toBeCloseTo(sharedCases.sick.meanCohen10.mean, 12);
      expect(shown.cohenPairs).toEqual({ ...sharedCases.sick.meanCohen10, mean: undefined, minShared: 10 });

      // again: nothing created, the same answers replaced
      expect((await runInMemory(run, args)).stdout).toBe(
        `Imported 1179 answers by 12 annotators on 393 pairs (0 added to the campaign). Created 0 pairs in ${corpus.slug}.\n`,
      );
      expect(await db.pair.count({ where: { corpusId: { in: [corpus.id, reversed.id] } } })).toBe(393);

      // a bad line refuses the file: no pair, text or answer is written, and the line is named
      const dir = await mkdtemp(path.join(tmpdir(), 'paralens-add-pairs-'));
      const bad = path.join(dir, 'bad.csv');
      const header = 'id,s1,s2,who,label';
      await writeFile(
        bad,
        `${header}\nnew-1,A new first text,A new second text,new-annotator,E\nnew-2,Another text,And its partner,new-annotator,X\n`,
      );
      const refused = await runInMemory(run, [
        bad,
        '--campaign',
        campaign.slug,
        '--map',
        'pair=id,a=s1,b=s2,annotator=who,nli=label',
        '--add-pairs',
        corpus.name,
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('line 3: answers.nli must be one of E, C, N, D, not "X"');
      await writeFile(
        bad,
        `${header}\nnew-1,A new first text,A new second text,new-annotator,E\nnew-2,Another text,"Its partner\u0000",new-annotator,N\nnew-3,"A man is riding a horse",A horse is being ridden by a man,new-annotator,E\n`,
      );
      const unusable = await runInMemory(run, [
        bad,
        '--campaign',
        campaign.slug,
        '--map',
        'pair=id,a=s1,b=s2,annotator=who,nli=label',
        '--add-pairs',
        corpus.slug,
      ]);
      expect(unusable.code).toBe(1);
      expect(unusable.stderr).toContain('line 3: text b contains a NUL character (U+0000), which cannot be stored');
      expect(unusable.stderr).toContain(
        'line 4: the corpus already holds these two texts in this order under another original id than "new-3"',
      );
      expect(await db.pair.count({ where: { corpusId: { in: [corpus.id, reversed.id] } } })).toBe(393);
      expect(await db.text.count({ where: { content: { startsWith: 'A new first' } } })).toBe(0);
      expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1179);

      const noTexts = await runInMemory(run, [
        bad,
        '--campaign',
        campaign.slug,
        '--map',
        'pair=id,annotator=who,nli=label',
        '--add-pairs',
        corpus.slug,
      ]);
      expect([noTexts.code, noTexts.stderr]).toEqual([
        2,
        expect.stringContaining('--add-pairs needs a=COLUMN,b=COLUMN') as string,
      ]);
      const noCorpus = await runInMemory(run, [
        bad,
        '--campaign',
        campaign.slug,
        '--map',
        'pair=id,a=s1,b=s2,annotator=who,nli=label',
        '--add-pairs',
        'no-such-corpus',
      ]);
      expect(noCorpus.code).toBe(2);
      expect(noCorpus.stderr).toContain('no corpus has the slug or name "no-such-corpus"');
    }, 180_000);

    it('Paraphrases in interviews: both splits with their texts, 180 pairs created, the yes votes and the mean Cohen kappas of the hand-made corpora', async () => {
      const corpus = await makeCorpus(db);
      const campaign = await makeCampaign(db, { questions: ['paraphraseLoose'], overlap: 20 });
      const dir = await mkdtemp(path.join(tmpdir(), 'paralens-add-pairs-'));
      const outputs = [];
      for (const split of ['dev', 'test']) {
        const items = new Map(
          (await readRows(sharedDatasetPath(`${INTERVIEWS}/derived_items_${split}.csv`))).map((r) => [r.qid, r]),
        );
        const lines = ['qid,guest,host,annotator,is_paraphrase'];
        for (const r of await readRows(sharedDatasetPath(`${INTERVIEWS}/derived_per_annotator_${split}.csv`))) {
          const item = items.get(r.qid)!;
          lines.push([r.qid!, item.guest_text!, item.host_text!, r.annotator!, r.is_paraphrase!].map(quote).join(','));
        }
        const file = path.join(dir, `${split}.csv`);
        await writeFile(file, `${lines.join('\n')}\n`);
        const result = await runInMemory(run, [
          file,
          '--campaign',
          campaign.slug,
          '--map',
          'pair=qid,a=guest,b=host,annotator=annotator,paraphraseLoose=is_paraphrase',
          '--add-pairs',
          corpus.slug,
        ]);
        expect(result.stderr).toBe('');
        outputs.push(result.stdout);
      }
      expect(outputs[0]).toMatch(
        new RegExp(
          `^Imported 842 answers by \\d+ annotators on 88 pairs \\(88 added to the campaign\\)\\. Created 88 pairs in ${corpus.slug}\\.\\n$`,
        ),
      );
      expect(outputs[1]).toMatch(
        new RegExp(
          `^Imported 843 answers by \\d+ annotators on 92 pairs \\(92 added to the campaign\\)\\. Created 92 pairs in ${corpus.slug}\\.\\n$`,
        ),
      );
      const yes = await db.annotation.count({
        where: { campaignId: campaign.id, answers: { path: ['paraphraseLoose'], equals: true } },
      });
      // 468 of the 842 dev judgments say paraphrase (import-annotations.db.test.ts); dev and test together:
      const file = [
        ...(await readRows(sharedDatasetPath(`${INTERVIEWS}/derived_per_annotator_dev.csv`))),
        ...(await readRows(sharedDatasetPath(`${INTERVIEWS}/derived_per_annotator_test.csv`))),
      ];
      expect(yes).toBe(file.filter((r) => r.is_paraphrase === '1').length);

      // the same means as with the corpora made by hand (pinned in import-annotations.db.test.ts)
      const table = await loadRatingMatrix(pool, campaign.id, 'paraphraseLoose');
      const scheme = agreementScheme(builtInQuestion('paraphraseLoose'))!;
      const kappaWith = (minSharedPairs: number) => computeQuestionAgreement(table, scheme, { minSharedPairs }).meanCohenKappa;
      expect(kappaWith(1)).toBeCloseTo(0.10608455076648411, 12);
      expect(kappaWith(2)).toBeCloseTo(0.1206158266798238, 12);
      expect(kappaWith(10)).toBeCloseTo(0.3204170856965974, 12);
    }, 180_000);

    it('SICK calibration (48 pairs, both directions, 12 annotators): the label " C" trimmed, alpha 0.6422 as paralens agreement gives', async () => {
      const corpus = await makeCorpus(db);
      const question = {
        key: 'nli',
        type: 'choice',
        label: 'NLI label',
        options: ['E', 'C', 'N', 'D', 'No relation'],
        level: 'nominal',
      } as const;
      const campaign = await makeCampaign(db, { questions: [question], overlap: 12 });
      const result = await runInMemory(run, [
        sharedDatasetPath(CALIBRATION),
        '--campaign',
        campaign.slug,
        '--map',
        'pair=pair_id,a=sentence_A,b=sentence_B,annotator=annotator,nli=label',
        '--add-pairs',
        corpus.slug,
      ]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(
        `Imported 576 answers by 12 annotators on 48 pairs (48 added to the campaign). Created 24 pairs in ${corpus.slug} and 24 in ${corpus.slug}-reversed (the other direction).\n`,
      );
      const shown = computeQuestionAgreement(await loadRatingMatrix(pool, campaign.id, 'nli'), schemeOf(question));
      expect(shown.krippendorffAlpha).toBeCloseTo(sharedCases.calibration.alpha, 12);
    }, 120_000);
  },
  [SICK, INTERVIEWS, CALIBRATION],
);
