import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { loadRatingMatrix } from '@/lib/db/dashboards/campaign-ratings';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { toRatingSlots } from '@/lib/agreement/rating-slots';
import { readAnnotationRows } from '@/lib/import/annotation-rows';
import { describeWithDatasets, sharedDatasetPath } from '@/lib/testing/shared-datasets';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { runInMemory } from '../memory-io';
import { run } from './import-annotations';
import { builtInQuestion } from '@/lib/annotation/questions';
import { agreementScheme, computeQuestionAgreement } from '@/lib/dashboards/question-agreement';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const SICK = 'sick-reannotation-kalouli2019/derived_per_annotator_labels.csv';
const INTERVIEWS = 'paraphrases-in-interviews';

/**
 * Corpora holding the distinct pairs of a file (original id and the two texts). A corpus keeps one
 * pair per unordered pair of texts, and the SICK re-annotation labels 191 pairs in both directions
 * (e.g. 4074 and 4074b): the reversed ones go into a second corpus, as a researcher would import them.
 */
async function corporaOf(file: string, id: string, a: string, b: string) {
  const pairs = new Map<string, { a: string; b: string; originalId: string }>();
  for await (const row of readAnnotationRows(sharedDatasetPath(file), 'csv')) {
    if ('error' in row) throw new Error(`line ${row.line}: ${row.error}`);
    const key = String(row.cells[id]);
    if (!pairs.has(key)) pairs.set(key, { a: String(row.cells[a]), b: String(row.cells[b]), originalId: key });
  }
  const shelves: Array<{ keys: Set<string>; pairs: Array<{ a: string; b: string; originalId: string }> }> = [];
  for (const pair of pairs.values()) {
    const key = [pair.a, pair.b].sort().join('\u001f');
    let shelf = shelves.find((s) => !s.keys.has(key));
    if (!shelf) shelves.push((shelf = { keys: new Set(), pairs: [] }));
    shelf.keys.add(key);
    shelf.pairs.push(pair);
  }
  const corpora = [];
  for (const shelf of shelves) {
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, shelf.pairs);
    corpora.push(corpus.slug);
  }
  return { corpora, count: pairs.size };
}

describeWithDatasets(
  'paralens import-annotations on the shared datasets',
  () => {
    it('SICK re-annotation (Kalouli et al. 2019): 1,179 labels on 393 pairs, Fleiss kappa 0.6049 and nominal alpha 0.6052 through loadRatingMatrix', async () => {
      const { corpora, count } = await corporaOf(SICK, 'pair_id', 'sentence_A', 'sentence_B');
      expect([count, corpora.length]).toEqual([393, 2]);
      const campaign = await makeCampaign(db, {
        corpora,
        sample: { strategy: 'random', size: 20, seed: 3 },
        questions: [
          { key: 'nli', type: 'choice', label: 'NLI label', options: ['E', 'C', 'N', 'D'], level: 'nominal' },
          'rationale',
        ],
        overlap: 3,
      });
      const args = [
        sharedDatasetPath(SICK),
        '--campaign',
        campaign.slug,
        '--map',
        'pair=pair_id,annotator=annotator_key,nli=label,rationale=justification',
      ];
      const imported = await runInMemory(run, args);
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toBe('Imported 1179 answers by 12 annotators on 393 pairs (373 added to the campaign).\n');

      const matrix = await loadRatingMatrix(pool, campaign.id, 'nli');
      expect([matrix.coders.length, matrix.units.length]).toEqual([12, 393]);
      expect(matrix.coders.every((c) => /^ann-[a-z2-7]{6}$/.test(c))).toBe(true);
      // Fleiss needs three ratings per pair, not the same three coders: the slot view of the same matrix
      const report = computeAgreementReport({
        ratings: toRatingSlots(matrix.ratings as (string | null)[][]),
        level: 'nominal',
        categories: ['E', 'C', 'N', 'D'],
      });
      const byCoder = computeAgreementReport({
        ratings: matrix.ratings as (string | null)[][],
        level: 'nominal',
        categories: ['E', 'C', 'N', 'D'],
      });
      expect(byCoder.coefficients.krippendorffAlpha.value).toBeCloseTo(0.6052110282879515, 12);
      // the same values as lib/agreement/agreement-report.test.ts (statsmodels 0.13.5 fleiss_kappa, NLTK 3.8 alpha)
      expect(report.coefficients.fleissKappa.value).toBeCloseTo(0.6048758933374317, 12);
      expect(report.coefficients.krippendorffAlpha.value).toBeCloseTo(0.6052110282879515, 12);
      expect(await db.finalLabel.count({ where: { campaignId: campaign.id, question: 'nli' } })).toBe(393);

      // again: the same answers are replaced, nothing is added
      expect((await runInMemory(run, args)).stdout).toBe(
        'Imported 1179 answers by 12 annotators on 393 pairs (0 added to the campaign).\n',
      );
      expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1179);

      // all or nothing: one unknown pair id and one bad label, reported by line; nothing written
      const dir = await mkdtemp(path.join(tmpdir(), 'paralens-import-annotations-'));
      const bad = path.join(dir, 'bad.tsv');
      await writeFile(bad, 'id\twho\tlabel\n4074\tnew-annotator\tE\nno-such-pair\tnew-annotator\tE\n5770b\tnew-annotator\tX\n');
      const refused = await runInMemory(run, [bad, '--campaign', campaign.slug, '--map', 'pair=id,annotator=who,nli=label']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('line 4: answers.nli must be one of E, C, N, D, not "X"');
      expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1179);
      await writeFile(bad, 'id\twho\tlabel\n4074\tnew-annotator\tE\nno-such-pair\tnew-annotator\tE\n');
      const unmatched = await runInMemory(run, [bad, '--campaign', campaign.slug, '--map', 'pair=id,annotator=who,nli=label']);
      expect(unmatched.stderr).toContain(`line 3: no pair of the campaign's corpora has the original id "no-such-pair"`);
      expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1179);

      // matching by the exact texts, JSON Lines, values translated
      const jsonl = path.join(dir, 'texts.jsonl');
      await writeFile(
        jsonl,
        `${JSON.stringify({ s1: 'A horse is being ridden by a man', s2: 'A man is riding a horse', coder: 'X', l: 'entailment' })}\n`,
      );
      const byText = await runInMemory(run, [
        jsonl,
        '--campaign',
        campaign.slug,
        '--map',
        'a=s1,b=s2,annotator=coder,nli=l',
        '--values',
        'nli:entailment=E,contradiction=C',
      ]);
      expect(byText.stdout).toContain('Imported 1 answers by 1 annotators on 1 pairs');
    }, 120_000);

    it('Paraphrases in interviews: every per-annotator judgment of both splits, as yes/no paraphrase answers', async () => {
      const dev = await corporaOf(`${INTERVIEWS}/derived_items_dev.csv`, 'qid', 'guest_text', 'host_text');
      const campaign = await makeCampaign(db, {
        corpora: dev.corpora,
        sample: { strategy: 'all', seed: 1 },
        questions: ['paraphraseLoose'],
        overlap: 20,
      });
      const result = await runInMemory(run, [
        sharedDatasetPath(`${INTERVIEWS}/derived_per_annotator_dev.csv`),
        '--campaign',
        campaign.slug,
        '--map',
        'pair=qid,annotator=annotator,paraphraseLoose=is_paraphrase',
      ]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Imported 842 answers by \d+ annotators on 88 pairs \(0 added to the campaign\)\.\n$/);
      // the dataset's vote counts: 468 of the 842 dev judgments say paraphrase
      const yes = await db.annotation.count({
        where: { campaignId: campaign.id, answers: { path: ['paraphraseLoose'], equals: true } },
      });
      expect(yes).toBe(468);
      const test = await corporaOf(`${INTERVIEWS}/derived_items_test.csv`, 'qid', 'guest_text', 'host_text');
      for (const slug of test.corpora)
        await db.campaignCorpus.create({
          data: { campaignId: campaign.id, corpusId: (await db.corpus.findUniqueOrThrow({ where: { slug } })).id },
        });
      const testRun = await runInMemory(run, [
        sharedDatasetPath(`${INTERVIEWS}/derived_per_annotator_test.csv`),
        '--campaign',
        campaign.slug,
        '--map',
        'pair=qid,annotator=annotator,paraphraseLoose=is_paraphrase',
      ]);
      expect(testRun.stdout).toMatch(/^Imported 843 answers by \d+ annotators on 92 pairs \(92 added to the campaign\)\.\n$/);

      // Mean pairwise Cohen's kappa in this sparse design (many annotators, few items shared by any two):
      // with every annotator pair that shares an item, pairs sharing one disagreed item count as 0 and
      // those sharing one agreed item vanish (undefined); requiring shared items changes the mean.
      // Pinned on both splits (the per-pair kappas are scikit-learn-checked in lib/agreement).
      const table = await loadRatingMatrix(getSqlPool(), campaign.id, 'paraphraseLoose');
      const scheme = agreementScheme(builtInQuestion('paraphraseLoose'))!;
      const kappaWith = (minSharedPairs: number) => computeQuestionAgreement(table, scheme, { minSharedPairs });
      const [one, two, ten] = [kappaWith(1), kappaWith(2), kappaWith(10)];
      expect(one.meanCohenKappa).toBeCloseTo(0.10608455076648411, 12);
      expect(two.meanCohenKappa).toBeCloseTo(0.1206158266798238, 12);
      expect(ten.meanCohenKappa).toBeCloseTo(0.3204170856965974, 12);
      expect(one.cohenPairs).toEqual({ used: 1934, tooFewShared: 0, undefinedKappa: 391, minShared: 1 });
      for (const r of [two, ten])
        expect(r.cohenPairs!.used + r.cohenPairs!.tooFewShared + r.cohenPairs!.undefinedKappa).toBe(1934 + 391);
      expect(ten.cohenPairs).toMatchObject({ used: 256, undefinedKappa: 0 });
    }, 120_000);
  },
  [SICK, INTERVIEWS],
);
