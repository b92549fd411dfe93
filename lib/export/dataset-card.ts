/**
 * The dataset card (README.md) of a Hugging Face datasets folder: YAML front matter that
 * `datasets.load_dataset(folder)` reads (configs → data/train.jsonl, licence, size), then what a
 * reader needs to use the data honestly: the fields, the selection (scope and filters), the
 * campaign's settings, the counts, the measure definitions (lib/measures/catalog.ts), and the
 * licence and attribution of every source corpus. Pure: built from plain values.
 */
import { englishOnlyMeasureKeys, measureList } from '@/lib/measures/catalog';
import { describeMeasureTokenizer, languageOfTokenizer } from '@/lib/measures/language-tokenize';
import { VOTE_RULE_CARDS, type FinalRules, type OrderedTieRule, type YesNoTieRule } from '@/lib/labels/final-labels';
import type { ExportField, ExportModelRun } from './fields';
import { PART_LABELS, type ExportPart } from './export-options';

export interface CorpusCardInfo {
  id: number;
  name: string;
  slug: string;
  tier: string;
  source: string | null;
  licence: string | null;
  attribution: string | null;
  description: string | null;
  language: string;
  /** the tokenizer its measures used (lib/measures/language-tokenize.ts), null for an empty corpus */
  measureTokenizer: string | null;
  semMeasures: string[];
}

export interface CampaignCardInfo {
  name: string;
  slug: string;
  description: string | null;
  status: string;
  questions: Array<{ key: string; type: string; label: string; options: string[] | null }>;
  overlap: number;
  goldEvery: number;
  goldMinAccuracy: number;
  randomiseOrder: boolean;
  sampling: unknown;
  items: number;
  annotations: number;
  annotators: number;
  excludedAnnotators: number;
  /** the rules of the final labels (the campaign's quality settings) */
  finalRules: FinalRules;
  createdAt: string;
}

export interface DatasetCardInput {
  scope: { kind: 'corpus' | 'campaign' | 'view'; name: string; filter: string | null };
  parts: readonly ExportPart[];
  fields: readonly ExportField[];
  corpora: readonly CorpusCardInfo[];
  /** rows per corpus slug */
  counts: Readonly<Record<string, number>>;
  total: number;
  campaign: CampaignCardInfo | null;
  /** ISO date-time of the snapshot */
  exportedAt: string;
  dataFile: string;
  /** the model runs whose answers are exported (the `models` part), each with its file of requests */
  modelRuns?: ReadonlyArray<ExportModelRun & { file: string }>;
}

const HF_LICENCES: ReadonlyArray<[RegExp, string]> = [
  [/^cc[- ]?by[- ]?sa[- ]?4(\.0)?\b/i, 'cc-by-sa-4.0'],
  [/^cc[- ]?by[- ]?sa[- ]?3(\.0)?\b/i, 'cc-by-sa-3.0'],
  [/^cc[- ]?by[- ]?4(\.0)?\b/i, 'cc-by-4.0'],
  [/^cc[- ]?by[- ]?nc[- ]?sa[- ]?4(\.0)?\b/i, 'cc-by-nc-sa-4.0'],
  [/^cc0([- ]1(\.0)?)?\b/i, 'cc0-1.0'],
  [/^mit\b/i, 'mit'],
  [/^apache[- ]?(license[- ]?)?2(\.0)?\b/i, 'apache-2.0'],
];

/** Hugging Face licence identifiers of the corpora's licences ("other" for anything not recognised, or none given). */
export function hfLicences(corpora: readonly CorpusCardInfo[]): string[] {
  const ids = corpora.map((c) => HF_LICENCES.find(([pattern]) => pattern.test((c.licence ?? '').trim()))?.[1] ?? 'other');
  return [...new Set(ids)].sort();
}

export function sizeCategory(n: number): string {
  const bounds: Array<[number, string]> = [
    [1e3, 'n<1K'],
    [1e4, '1K<n<10K'],
    [1e5, '10K<n<100K'],
    [1e6, '100K<n<1M'],
    [1e7, '1M<n<10M'],
    [1e8, '10M<n<100M'],
  ];
  return bounds.find(([bound]) => n < bound)?.[1] ?? 'n>100M';
}

/** A Markdown table cell: one line, pipes escaped. */
const cell = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '–' : String(value).replace(/\s+/g, ' ').replace(/\|/g, '\\|');
const yaml = (value: string): string => JSON.stringify(value);

function frontMatter(input: DatasetCardInput): string[] {
  const languages = [...new Set(input.corpora.map((c) => c.language))].sort();
  return [
    '---',
    `pretty_name: ${yaml(`Paralens export: ${input.scope.name}`)}`,
    'license:',
    ...hfLicences(input.corpora).map((l) => `  - ${l}`),
    'language:',
    ...(languages.length > 0 ? languages : ['en']).map((l) => `  - ${l}`),
    'task_categories:',
    '  - sentence-similarity',
    '  - text-classification',
    'size_categories:',
    `  - ${sizeCategory(input.total)}`,
    'configs:',
    '  - config_name: default',
    '    data_files:',
    '      - split: train',
    `        path: ${input.dataFile}`,
    '---',
  ];
}

function selectionSection(input: DatasetCardInput): string[] {
  const what = {
    corpus: `the whole corpus \`${input.scope.name}\`, in pair id order`,
    campaign: `the pairs of campaign \`${input.scope.name}\`, in the order they were handed out`,
    view: 'an explorer view, in its sort order',
  }[input.scope.kind];
  const lines = [
    '## Selection',
    '',
    `Exported ${input.exportedAt} from Paralens: ${what}. The file holds exactly the rows that matched when the export started (one database snapshot).`,
    '',
  ];
  lines.push(input.scope.filter ? `Filters (read API parameters): \`${input.scope.filter}\`` : 'Filters: none.', '');
  lines.push('Parts included: ids (always)', ...input.parts.map((p) => `- ${PART_LABELS[p]}`), '');
  return lines;
}

function countsSection(input: DatasetCardInput): string[] {
  return [
    '## Counts',
    '',
    '| corpus | rows |',
    '| --- | ---: |',
    ...Object.entries(input.counts).map(([slug, n]) => `| ${cell(slug)} | ${n.toLocaleString('en')} |`),
    `| **total** | **${input.total.toLocaleString('en')}** |`,
    '',
  ];
}

function corporaSection(input: DatasetCardInput): string[] {
  const lines = [
    '## Source corpora, licences and attribution',
    '',
    'Each row keeps the licence of the corpus it comes from. Cite and attribute every corpus below when you use or share this data.',
    '',
  ];
  for (const c of input.corpora) {
    lines.push(`### ${cell(c.name)} (\`${c.slug}\`)`, '');
    lines.push(
      `- Tier: ${c.tier.toLowerCase()}`,
      `- Language: ${c.language}`,
      `- Source: ${cell(c.source)}`,
      `- Licence: ${cell(c.licence) === '–' ? 'not recorded (check the source before sharing)' : cell(c.licence)}`,
    );
    lines.push(`- Attribution: ${cell(c.attribution)}`, `- Semantic measures forming sem: ${c.semMeasures.join(', ')}`);
    if (c.measureTokenizer) {
      const englishOnly =
        languageOfTokenizer(c.measureTokenizer) === 'en'
          ? ''
          : `; ${englishOnlyMeasureKeys.join(', ')} are English only and empty here`;
      lines.push(
        `- Measures' tokenizer: \`${c.measureTokenizer}\` (${describeMeasureTokenizer(c.measureTokenizer)})${englishOnly}`,
      );
    }
    if (c.description) lines.push(`- Description: ${cell(c.description)}`);
    lines.push('');
  }
  return lines;
}

const ORDERED_TIE_WORDS: Record<OrderedTieRule, string> = {
  lower: 'the lower middle answer is taken (`median`, rule `lower`)',
  upper: 'the upper middle answer is taken (`median`, rule `upper`)',
  open: 'the label is left open for adjudication (`tie`)',
};
const YES_NO_TIE_WORDS: Record<YesNoTieRule, string> = {
  open: 'left open for adjudication (`tie`)',
  yes: 'yes, at least half said yes (`median`, rule `upper`)',
  no: 'no, yes needs more than half (`median`, rule `lower`)',
};

function yesNoWords(rules: FinalRules): string {
  if (rules.yesNoRule === 'majority')
    return `yes/no questions: the answer more than half gave (\`majority\`), an exact 50/50 split ${YES_NO_TIE_WORDS[rules.yesNoTie]}; `;
  const card = VOTE_RULE_CARDS[rules.yesNoRule];
  return `yes/no questions: the vote rule \`${rules.yesNoRule}\` (${card.words}; decided \`vote\`, undecided \`${card.undecided}\`, not yet ${card.of} answers and not yet certain \`pending\`); `;
}

/** How the final labels (`*_final`, `*_final_method`, `*_final_median_rule`) were decided, with the campaign's rules. */
function finalLabelRules(rules: FinalRules): string[] {
  return [
    'Final labels (`*_final`, how: `*_final_method`) under the campaign’s quality settings: `adjudicated` when an adjudicator decided; `unanimous` when every counted answer is the same; ' +
      `Likert and ordinal questions: left open as \`spread\` when answers are ${rules.openSpread} points apart or more, otherwise the \`median\`; with an even count whose two middle answers differ, ${ORDERED_TIE_WORDS[rules.orderedTie]}; ` +
      yesNoWords(rules) +
      'other questions: the answer with a strict plurality (`majority`), a tie for the most frequent left open (`tie`). `unanswered`: no answer counted. `*_final_median_rule` says which middle answer a median took where the two differed.',
  ];
}

function campaignSection(campaign: CampaignCardInfo): string[] {
  return [
    '## Annotation campaign',
    '',
    `${cell(campaign.name)} (\`${campaign.slug}\`, ${campaign.status.toLowerCase()}, created ${campaign.createdAt})${campaign.description ? `: ${cell(campaign.description)}` : ''}`,
    '',
    `- Annotators per pair (overlap): ${campaign.overlap}`,
    `- Hidden test pairs: ${campaign.goldEvery > 0 ? `one in every ${campaign.goldEvery}` : 'none'}; annotators below ${campaign.goldMinAccuracy} accuracy on them are flagged`,
    `- Texts shown in random order: ${campaign.randomiseOrder ? 'yes (answers are stored relative to a → b)' : 'no'}`,
    `- Items: ${campaign.items}; answers: ${campaign.annotations}; annotators: ${campaign.annotators} (${campaign.excludedAnnotators} excluded from aggregates)`,
    '',
    '| question | type | label | options |',
    '| --- | --- | --- | --- |',
    ...campaign.questions.map((q) => `| ${cell(q.key)} | ${q.type} | ${cell(q.label)} | ${cell(q.options?.join(', '))} |`),
    '',
    'Sampling:',
    '',
    '```json',
    JSON.stringify(campaign.sampling, null, 2),
    '```',
    '',
    'Aggregates count the answers of annotators not excluded from the campaign. The median is the lower middle answer for an even count (EACL 2023 median rule); a majority is reported only when one answer is strictly most frequent, otherwise the tie is marked.',
    '',
    ...finalLabelRules(campaign.finalRules),
    '',
  ];
}

/** The model raters whose answers are in the export: how each was asked, and where its requests are. */
function modelRunsSection(runs: NonNullable<DatasetCardInput['modelRuns']>): string[] {
  if (runs.length === 0) return [];
  return [
    '## Model raters',
    '',
    'Language models answered the campaign’s questions as raters, blind to the annotators and never counted in their aggregates or final labels (`model_<run>_<question>` columns). Each run’s requests, with the raw output, the model name and system fingerprint the server reported, token usage and latency, are in its file.',
    '',
    '| run | rater | model | endpoint | temperature | samples | prompt (SHA-256) | requests |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (r) =>
        `| ${r.id} | ${cell(r.rater)} | ${cell(r.model)} | ${cell(r.endpoint)} | ${r.temperature} | ${r.samples} | \`${r.promptHash}\` | \`${r.file}\` |`,
    ),
    '',
  ];
}

export function buildDatasetCard(input: DatasetCardInput): string {
  const fieldRows = input.fields.map((f) => `| \`${f.name}\` | ${f.type} | ${cell(f.description)} |`);
  const measures = measureList.map((m) => `| \`${m.key}\` | ${cell(m.label)} | ${m.group} | ${cell(m.description)} |`);
  return [
    ...frontMatter(input),
    '',
    `# Paralens export: ${input.scope.name}`,
    '',
    `Paraphrase candidate pairs exported from Paralens: ${input.total.toLocaleString('en')} rows in \`${input.dataFile}\` (JSON Lines, one pair per line).`,
    '',
    ...selectionSection(input),
    ...countsSection(input),
    '## Fields',
    '',
    '| field | type | meaning |',
    '| --- | --- | --- |',
    ...fieldRows,
    '',
    ...(input.parts.includes('measures')
      ? [
          '## Measure definitions',
          '',
          'Syntactic measures are computed from the texts (Gohsen et al., EACL 2023, sec. 4); semantic ones are imported or computed from local models; `sem` averages the semantic measures present and `delta` = sem − syn.',
          '',
          '| measure | label | group | definition |',
          '| --- | --- | --- | --- |',
          ...measures,
          '',
        ]
      : []),
    ...(input.campaign ? campaignSection(input.campaign) : []),
    ...modelRunsSection(input.modelRuns ?? []),
    ...corporaSection(input),
  ].join('\n');
}
