import { describe, expect, it } from 'vitest';
import { buildDatasetCard, hfLicences, sizeCategory, type CampaignCardInfo, type CorpusCardInfo } from './dataset-card';
import { planExportFields } from './fields';

const corpus = (licence: string | null, extra: Partial<CorpusCardInfo> = {}): CorpusCardInfo => ({
  id: 1,
  name: 'PAWS | demo',
  slug: 'paws',
  tier: 'GOLD',
  source: 'Zhang et al. 2019',
  licence,
  attribution: 'Google LLC',
  description: null,
  language: 'en',
  measureTokenizer: 'rouge-score',
  semMeasures: ['st'],
  ...extra,
});

describe('dataset card', () => {
  it('maps licences to Hugging Face identifiers, "other" for the rest', () => {
    expect(hfLicences([corpus('CC BY-SA 4.0 (Wikipedia text)'), corpus('MIT')])).toEqual(['cc-by-sa-4.0', 'mit']);
    expect(hfLicences([corpus('CC BY 4.0'), corpus(null), corpus('may be freely used')])).toEqual(['cc-by-4.0', 'other']);
  });
  it('size categories follow the Hub’s bins', () => {
    expect([999, 1000, 99_999, 1_000_000].map(sizeCategory)).toEqual(['n<1K', '1K<n<10K', '10K<n<100K', '1M<n<10M']);
  });
  it('has front matter datasets can load, the fields, filters, counts, measures and every corpus’s licence and attribution', () => {
    const card = buildDatasetCard({
      scope: { kind: 'view', name: 'paws', filter: 'corpus=paws&min.bleu=0.5' },
      parts: ['texts', 'measures'],
      fields: planExportFields(['texts', 'measures'], null),
      corpora: [
        corpus('CC BY-SA 4.0'),
        corpus(null, { id: 2, name: 'Other', slug: 'other', language: 'es', measureTokenizer: 'unicode+snowball-es' }),
      ],
      counts: { paws: 3, other: 0 },
      total: 3,
      campaign: null,
      exportedAt: '2026-11-23T00:00:00Z',
      dataFile: 'data/train.jsonl',
    });
    expect(card.startsWith('---\npretty_name: "Paralens export: paws"\nlicense:\n  - cc-by-sa-4.0\n  - other\n')).toBe(true);
    expect(card).toContain('      - split: train\n        path: data/train.jsonl\n---');
    expect(card).toContain('Filters (read API parameters): `corpus=paws&min.bleu=0.5`');
    expect(card).toContain('| `delta` | Δsem,syn | combined | sem − syn: paraphrase sophistication |');
    expect(card).toContain('### PAWS \\| demo (`paws`)');
    expect(card).toContain('- Attribution: Google LLC');
    expect(card).toContain('- Licence: not recorded (check the source before sharing)');
    expect(card).toContain('| **total** | **3** |');
    // which tokenizer each corpus's measures used, and what is empty for a corpus not in English
    expect(card).toContain(
      "- Measures' tokenizer: `rouge-score` (the paper's English tokenizer (rouge-score): lower-cased [a-z0-9] runs, NLTK Porter stems)\n",
    );
    expect(card).toContain(
      "- Measures' tokenizer: `unicode+snowball-es` (Unicode letters and digits, case-folded, Snowball Spanish stems); wmsGlove, gloveCosine, wordnet are English only and empty here",
    );
  });
  it('states how the campaign’s final labels were decided, with its tie rules', () => {
    const campaign = (finalRules: CampaignCardInfo['finalRules']): CampaignCardInfo => ({
      name: 'Study',
      slug: 'study',
      description: null,
      status: 'ACTIVE',
      questions: [{ key: 'semantic', type: 'likert', label: 'Semantic', options: null }],
      overlap: 2,
      goldEvery: 0,
      goldMinAccuracy: 0.85,
      randomiseOrder: true,
      sampling: {},
      items: 1,
      annotations: 2,
      annotators: 2,
      excludedAnnotators: 0,
      finalRules,
      createdAt: '2026-11-26',
    });
    const card = (finalRules: CampaignCardInfo['finalRules']) =>
      buildDatasetCard({
        scope: { kind: 'campaign', name: 'study', filter: null },
        parts: ['aggregated'],
        fields: planExportFields(['aggregated'], [{ key: 'semantic', type: 'likert', label: 'Semantic' }]),
        corpora: [corpus('MIT')],
        counts: { paws: 1 },
        total: 1,
        campaign: campaign(finalRules),
        exportedAt: '2026-11-26T00:00:00Z',
        dataFile: 'data/train.jsonl',
      });
    const defaults = card({ openSpread: 2, orderedTie: 'lower', yesNoTie: 'open', yesNoRule: 'majority' });
    expect(defaults).toContain('left open as `spread` when answers are 2 points apart or more');
    expect(defaults).toContain('the lower middle answer is taken (`median`, rule `lower`)');
    expect(defaults).toContain('an exact 50/50 split left open for adjudication (`tie`)');
    expect(defaults).toContain('| `semantic_final_median_rule` | text |');
    const other = card({ openSpread: 3, orderedTie: 'open', yesNoTie: 'yes', yesNoRule: 'majority' });
    expect(other).toContain(
      'with an even count whose two middle answers differ, the label is left open for adjudication (`tie`)',
    );
    expect(other).toContain('an exact 50/50 split yes, at least half said yes (`median`, rule `upper`)');
    // a papers' vote rule is named with its words, and the 50/50 rule is not mentioned
    const voted = card({ openSpread: 2, orderedTie: 'lower', yesNoTie: 'yes', yesNoRule: 'multipitCrowd' });
    expect(voted).toContain(
      'the vote rule `multipitCrowd` (MultiPIT crowd: more than 3 of 6 yes is yes, fewer than 3 is no, 3 is discarded; decided `vote`, undecided `discarded`',
    );
    expect(voted).not.toContain('an exact 50/50 split');
  });
});
