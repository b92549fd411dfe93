/**
 * The `paralens agreement` contract (docs/statistics.md#paralens-agreement---bootstrap-n---seed-s):
 * input shape, output keys, bootstrap intervals, exit code 2 with one stderr line for invalid
 * input. Expected values are the published ones of Krippendorff (2011) (alpha
 * 0.743/0.815/0.849/0.797), irrCAC's test suite (Gwet AC1 0.775 on the same data) and
 * scikit-learn's test_cohen_kappa (0.348).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../memory-io';
import { run } from './agreement';
import { WIKIPEDIA_FLEISS_COUNTS } from '@/lib/agreement/__fixtures__/published-data';
import sharedCases from '@/lib/agreement/__fixtures__/shared-data-cases.json';
import { readAnnotationRows } from '@/lib/import/annotation-rows';
import { describeWithDatasets, sharedDatasetPath } from '@/lib/testing/shared-datasets';

const runAgreement = (stdin: string, args: string[] = []) => runInMemory(run, args, stdin);

const KRIPPENDORFF_2011 = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

const CONTRACT_KEYS = [
  'krippendorffAlpha',
  'fleissKappa',
  'cohenKappa',
  'cohenKappaLinear',
  'cohenKappaQuadratic',
  'gwetAC1',
  'percentAgreement',
  'units',
  'pairableValues',
];

describe('paralens agreement', () => {
  it('Krippendorff (2011) example at every level: published alphas, contract keys, nulls with reasons', async () => {
    const published = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 };
    for (const [level, alpha] of Object.entries(published)) {
      const { code, stdout, stderr } = await runAgreement(JSON.stringify({ ratings: KRIPPENDORFF_2011, level }));
      expect(code).toBe(0);
      expect(stderr).toBe('');
      const output = JSON.parse(stdout) as Record<string, unknown> & { reasons: Record<string, string> };
      for (const key of CONTRACT_KEYS) expect(output).toHaveProperty(key);
      expect(output.krippendorffAlpha).toBeCloseTo(alpha, 3);
      expect(output.gwetAC1).toBeCloseTo(0.775, 3);
      expect(output).toMatchObject({ fleissKappa: null, cohenKappa: null, units: 11, pairableValues: 40 });
      expect(output.reasons.cohenKappa).toMatch(/exactly two coders/);
      expect(output).not.toHaveProperty('ci');
    }
  });

  it('two coders, no missing rating, ordered categories: the three Cohen values (sklearn test_cohen_kappa weighting example)', async () => {
    const y1 = [...Array<number>(46).fill(0), ...Array<number>(44).fill(1), ...Array<number>(10).fill(2)];
    const y2 = [...Array<number>(50).fill(0), ...Array<number>(40).fill(1), ...Array<number>(10).fill(2)];
    const { code, stdout } = await runAgreement(JSON.stringify({ ratings: [y1, y2], level: 'ordinal', categories: [0, 1, 2] }));
    expect(code).toBe(0);
    const output = JSON.parse(stdout) as Record<string, number>;
    expect(output.cohenKappa).toBeCloseTo(0.9315, 4);
    expect(output.cohenKappaLinear).toBeCloseTo(0.9412, 4);
    expect(output.cohenKappaQuadratic).toBeCloseTo(0.9541, 4);
    expect(output.fleissKappa).not.toBeNull();
  });

  it('--bootstrap adds {low, high} per coefficient under ci, reproducible with --seed', async () => {
    const input = JSON.stringify({ ratings: KRIPPENDORFF_2011, level: 'ordinal' });
    const first = await runAgreement(input, ['--bootstrap', '300', '--seed', '7']);
    const second = await runAgreement(input, ['--bootstrap', '300', '--seed', '7']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const output = JSON.parse(first.stdout) as {
      krippendorffAlpha: number;
      ci: Record<string, { low: number; high: number } | null>;
      bootstrap: { resamples: number; seed: number };
    };
    const alpha = output.ci.krippendorffAlpha;
    expect(alpha).not.toBeNull();
    expect(Object.keys(alpha ?? {}).sort()).toEqual(['high', 'low']);
    expect(alpha?.low).toBeLessThan(output.krippendorffAlpha);
    expect(output.ci.fleissKappa).toBeNull();
    expect(output.bootstrap).toMatchObject({ resamples: 300, seed: 7 });
  });

  const invalid: [string, string, string[]?][] = [
    ['not JSON', '{ratings'],
    ['not an object', '[1, 2]'],
    ['ragged matrix', JSON.stringify({ ratings: [[1, 2], [1]], level: 'nominal' })],
    ['empty matrix', JSON.stringify({ ratings: [], level: 'nominal' })],
    ['matrix without units', JSON.stringify({ ratings: [[], []], level: 'nominal' })],
    [
      'unknown level',
      JSON.stringify({
        ratings: [
          [1, 2],
          [1, 2],
        ],
        level: 'likert',
      }),
    ],
    [
      'missing level',
      JSON.stringify({
        ratings: [
          [1, 2],
          [1, 2],
        ],
      }),
    ],
    [
      'non-numeric value at the interval level',
      JSON.stringify({
        ratings: [
          ['a', 2],
          [1, 2],
        ],
        level: 'interval',
      }),
    ],
    [
      'boolean rating',
      JSON.stringify({
        ratings: [
          [true, 2],
          [1, 2],
        ],
        level: 'nominal',
      }),
    ],
    [
      'rating outside the categories',
      JSON.stringify({
        ratings: [
          [1, 2],
          [1, 3],
        ],
        level: 'ordinal',
        categories: [1, 2],
      }),
    ],
    [
      'bad --bootstrap',
      JSON.stringify({
        ratings: [
          [1, 2],
          [1, 2],
        ],
        level: 'nominal',
      }),
      ['--bootstrap', '0'],
    ],
    [
      'unknown option',
      JSON.stringify({
        ratings: [
          [1, 2],
          [1, 2],
        ],
        level: 'nominal',
      }),
      ['--frobnicate'],
    ],
  ];
  for (const [name, stdin, args] of invalid) {
    it(`invalid input (${name}): exit code 2 and one line on stderr`, async () => {
      const { code, stdout, stderr } = await runAgreement(stdin, args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^paralens agreement: [^\n]+\n$/);
    });
  }

  it('end to end: node scripts/paralens.mjs agreement answers from stdin well under a second', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const ratings = [0, 1, 2].map((c) => Array.from({ length: 3000 }, (_, u) => ((u * 7 + c * (u % 3)) % 5) + 1));
    const started = Date.now();
    const result = spawnSync(process.execPath, ['scripts/paralens.mjs', 'agreement'], {
      cwd: root,
      input: JSON.stringify({ ratings, level: 'ordinal' }),
      encoding: 'utf8',
    });
    const elapsed = Date.now() - started;
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(output.units).toBe(3000);
    expect(typeof output.krippendorffAlpha).toBe('number');
    // Includes starting node and tsx; the computation itself takes milliseconds.
    expect(elapsed).toBeLessThan(5000);
  });

  it("vote counts: Fleiss' kappa of the Wikipedia example (0.210; statsmodels 0.20993070442195522), coder-pairing coefficients null with the reason", async () => {
    const { code, stdout } = await runAgreement(JSON.stringify({ votes: WIKIPEDIA_FLEISS_COUNTS }));
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Record<string, unknown> & { reasons: Record<string, string> };
    expect(out.fleissKappa as number).toBeCloseTo(0.20993070442195522, 12);
    expect(out.units).toBe(10);
    for (const key of ['cohenKappa', 'cohenKappaLinear', 'cohenKappaQuadratic', 'meanPairwiseAgreement']) {
      expect(out[key]).toBeNull();
      expect(out.reasons[key]).toMatch(/vote counts/);
    }
  });

  it('vote counts give the same alpha, AC1 and percent agreement as the ratings they count', async () => {
    // PIT-2015-style (yes, no) counts of five votes, and one matrix with exactly those counts per unit.
    const votes = [
      [5, 0],
      [3, 2],
      [1, 4],
      [0, 5],
      [2, 3],
      [4, 1],
    ];
    const ratings = [0, 1, 2, 3, 4].map((coder) => votes.map(([yes]) => (coder < yes! ? 'yes' : 'no')));
    const fromVotes = JSON.parse((await runAgreement(JSON.stringify({ votes, categories: ['yes', 'no'] }))).stdout) as Record<
      string,
      number
    >;
    const fromRatings = JSON.parse(
      (await runAgreement(JSON.stringify({ ratings, level: 'nominal', categories: ['yes', 'no'] }))).stdout,
    ) as Record<string, number>;
    for (const key of ['krippendorffAlpha', 'fleissKappa', 'gwetAC1', 'percentAgreement'])
      expect(fromVotes[key], key).toBeCloseTo(fromRatings[key]!, 12);
    expect(fromVotes.krippendorffAlpha).not.toBeNull();
  });

  it('text labels are trimmed, as every import of answers does', async () => {
    const padded = await runAgreement(
      JSON.stringify({
        ratings: [
          ['yes ', 'no', ' yes'],
          ['yes', 'no ', 'yes'],
        ],
        level: 'nominal',
      }),
    );
    expect((JSON.parse(padded.stdout) as { krippendorffAlpha: number }).krippendorffAlpha).toBe(1);
  });

  it.each([
    ['ratings and votes together', JSON.stringify({ ratings: [[1]], votes: [[1, 1]] })],
    ['a ragged vote row', JSON.stringify({ votes: [[1, 2], [3]] })],
    ['a negative count', JSON.stringify({ votes: [[1, -2]] })],
    ['categories of the wrong length', JSON.stringify({ votes: [[1, 2]], categories: ['a', 'b', 'c'] })],
  ])('rejects %s with exit 2', async (_, input) => {
    const { code, stderr } = await runAgreement(input);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^paralens agreement: /);
  });
});

const CALIBRATION = 'sick-reannotation-kalouli2019/derived_calibration_per_annotator.csv';
const INTERVIEW_ITEMS = (split: string) => `paraphrases-in-interviews/derived_items_${split}.csv`;

/** The cells of a shared CSV file by column name. */
async function sharedRows(file: string): Promise<Array<Record<string, string>>> {
  const out: Array<Record<string, string>> = [];
  for await (const row of readAnnotationRows(sharedDatasetPath(file), 'csv'))
    if ('cells' in row) out.push(row.cells as Record<string, string>);
  return out;
}

// Figures from lib/agreement/__fixtures__/generate-shared-data-cases.py (NumPy and scikit-learn, run once offline).
describeWithDatasets(
  'paralens agreement on the shared files',
  () => {
    it('SICK calibration (48 pairs x 12 annotators, one label " C"): labels trimmed, so alpha 0.6422 as through a campaign, not 0.6376', async () => {
      const rows = await sharedRows(CALIBRATION);
      const units = [...new Set(rows.map((r) => r.pair_id!))];
      const coders = [...new Set(rows.map((r) => r.annotator!))];
      const ratings = coders.map((c) => units.map((u) => rows.find((r) => r.annotator === c && r.pair_id === u)?.label ?? null));
      expect(ratings.flat()).toContain(' C');
      const out = JSON.parse((await runAgreement(JSON.stringify({ ratings, level: 'nominal' }))).stdout) as {
        krippendorffAlpha: number;
        units: number;
      };
      expect(out.units).toBe(sharedCases.calibration.units);
      expect(out.krippendorffAlpha).toBeCloseTo(sharedCases.calibration.alpha, 12);
      expect(out.krippendorffAlpha).not.toBeCloseTo(sharedCases.calibration.alphaRaw, 3);
    });

    it('paraphrases in interviews: the items\' vote counts as {"votes"} give the alpha and AC1 of the per-annotator judgments', async () => {
      for (const split of ['dev', 'test'] as const) {
        const votes = (await sharedRows(INTERVIEW_ITEMS(split))).map((r) => [
          Number(r.votes_paraphrase),
          Number(r.votes_total) - Number(r.votes_paraphrase),
        ]);
        const { code, stdout } = await runAgreement(JSON.stringify({ votes, categories: ['yes', 'no'] }));
        expect(code).toBe(0);
        const out = JSON.parse(stdout) as {
          krippendorffAlpha: number;
          gwetAC1: number;
          fleissKappa: number | null;
          reasons: Record<string, string>;
        };
        const expected = sharedCases.interviews[split];
        expect(out.krippendorffAlpha, split).toBeCloseTo(expected.alpha, 12);
        expect(out.krippendorffAlpha, split).toBeCloseTo(expected.alphaFromJudgments, 12);
        expect(out.gwetAC1, split).toBeCloseTo(expected.gwetAC1, 12);
        // 3 to 21 votes per item: Fleiss needs the same number everywhere
        expect(out.fleissKappa).toBeNull();
      }
    });
  },
  [CALIBRATION, INTERVIEW_ITEMS('dev'), INTERVIEW_ITEMS('test')],
);
