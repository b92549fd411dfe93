/**
 * The fields of an export, in file order: one list that the SQL (lib/db/exports/export-sql.ts), the CSV
 * header and the dataset card's field table all derive from, so they cannot disagree. Names are
 * snake_case identifiers (question keys keep their own spelling), safe as CSV headers and JSON keys.
 */
import { measureList, type MeasureKey } from '@/lib/measures/catalog';
import type { ExportPart } from './export-options';

export type FieldType = 'integer' | 'number' | 'text' | 'boolean' | 'json' | 'text list';

export type BaseColumn =
  | 'pair_id'
  | 'corpus'
  | 'original_id'
  | 'cluster_id'
  | 'gold'
  | 'a'
  | 'b'
  | 'type_a'
  | 'type_b'
  | 'page_a'
  | 'page_b'
  | 'image'
  | 'length_a'
  | 'length_b'
  | 'reference_label'
  | 'reference_score'
  | 'reference_is_paraphrase'
  | 'metadata'
  | 'sem_parts';

export type QuestionStat =
  'n' | 'median' | 'majority' | 'tie' | 'final' | 'final_method' | 'final_median_rule' | 'unanimous' | 'spread';

export type FieldSource =
  | { kind: 'column'; column: BaseColumn }
  | { kind: 'measure'; key: MeasureKey }
  /** a measure users imported for the exported corpora (paralens import-scores) */
  | { kind: 'userMeasure'; name: string }
  | { kind: 'annotations' }
  /** a model run's answer to a question, its vote share over the samples, or its expected rating (Likert) */
  | {
      kind: 'modelAnswer';
      runId: number;
      question: string;
      questionType: ExportQuestion['type'];
      stat: 'answer' | 'confidence' | 'expected';
    }
  | { kind: 'question'; question: string; questionType: ExportQuestion['type']; stat: QuestionStat };

export interface ExportField {
  name: string;
  type: FieldType;
  part: ExportPart | 'ids';
  description: string;
  source: FieldSource;
}

/** What the plan needs of a campaign question (lib/annotation/questions.ts). */
export interface ExportQuestion {
  key: string;
  type: 'likert' | 'boolean' | 'relation' | 'text' | 'choice';
  label: string;
}

const column = (name: BaseColumn, type: FieldType, part: ExportField['part'], description: string): ExportField => ({
  name,
  type,
  part,
  description,
  source: { kind: 'column', column: name },
});

function baseFields(hasCampaign: boolean): ExportField[] {
  const ids = [
    column('pair_id', 'integer', 'ids', 'Paralens pair id'),
    column('corpus', 'text', 'ids', 'slug of the corpus the pair belongs to'),
    column('original_id', 'text', 'ids', 'the source corpus’s own pair id (not always unique)'),
    column('cluster_id', 'text', 'ids', 'the source corpus’s own group id (not always unique)'),
  ];
  if (hasCampaign) ids.push(column('gold', 'boolean', 'ids', 'a hidden test (gold) pair of the campaign'));
  return ids;
}

const textFields: ExportField[] = [
  column('a', 'text', 'texts', 'first text, exactly as stored'),
  column('b', 'text', 'texts', 'second text (directional labels refer to the order a → b)'),
  column('type_a', 'text', 'texts', 'caption, alt_text or sentence'),
  column('type_b', 'text', 'texts', 'caption, alt_text or sentence'),
  column('page_a', 'text', 'texts', 'article (or other page) the first text comes from'),
  column('page_b', 'text', 'texts', 'article (or other page) the second text comes from'),
  column('image', 'text', 'texts', 'the image both captions belong to (Commons URL or file name)'),
  column('length_a', 'integer', 'texts', 'words in a'),
  column('length_b', 'integer', 'texts', 'words in b'),
  column('reference_label', 'text', 'texts', 'the source corpus’s own label, as written there'),
  column('reference_score', 'number', 'texts', 'the source corpus’s own graded score'),
  column(
    'reference_is_paraphrase',
    'boolean',
    'texts',
    'the source corpus authors’ binary reading of their label (empty: debatable or none)',
  ),
  column('metadata', 'json', 'texts', 'other fields the source file brought (JSON)'),
];

function measureFields(): ExportField[] {
  return [
    ...measureList.map((m): ExportField => ({
      name: m.key,
      type: 'number',
      part: 'measures',
      description: `${m.label}: ${m.description}`,
      source: { kind: 'measure', key: m.key },
    })),
    column('sem_parts', 'text list', 'measures', 'the semantic measures that formed sem'),
  ];
}

const questionField = (
  q: ExportQuestion,
  stat: QuestionStat,
  type: FieldType,
  part: ExportPart,
  description: string,
): ExportField => ({
  name: `${q.key}_${stat}`,
  type,
  part,
  description: `${q.label}: ${description}`,
  source: { kind: 'question', question: q.key, questionType: q.type, stat },
});

/** Answer type of a question's value in JSON (Likert 0-4, booleans, relation and choice names). */
const valueType = (q: ExportQuestion): FieldType => (q.type === 'likert' ? 'integer' : q.type === 'boolean' ? 'boolean' : 'text');

function questionFields(q: ExportQuestion, parts: readonly ExportPart[]): ExportField[] {
  if (q.type === 'text') return [];
  const fields: ExportField[] = [];
  if (parts.includes('aggregated')) {
    fields.push(
      questionField(q, 'n', 'integer', 'aggregated', 'answers counted (annotators excluded from the campaign left out)'),
    );
    if (q.type === 'likert')
      fields.push(questionField(q, 'median', 'integer', 'aggregated', 'median answer (the lower middle one for an even count)'));
    else {
      fields.push(questionField(q, 'majority', valueType(q), 'aggregated', 'most frequent answer; empty when tied'));
      fields.push(questionField(q, 'tie', 'boolean', 'aggregated', 'two or more answers tied for most frequent'));
    }
    fields.push(
      questionField(
        q,
        'final',
        valueType(q),
        'aggregated',
        'final label under the campaign’s rules (empty while left open or not yet computed)',
      ),
    );
    fields.push(
      questionField(
        q,
        'final_method',
        'text',
        'aggregated',
        'how the final label came about: unanimous, majority, median or adjudicated; left open: tie, spread or unanswered',
      ),
    );
    fields.push(
      questionField(
        q,
        'final_median_rule',
        'text',
        'aggregated',
        'for a median of an even count whose two middle answers differed: lower or upper, the one taken (yes/no 50/50: upper = yes, lower = no); empty otherwise',
      ),
    );
  }
  if (parts.includes('agreement')) {
    fields.push(questionField(q, 'unanimous', 'boolean', 'agreement', 'every counted answer the same (empty without answers)'));
    if (q.type === 'likert')
      fields.push(questionField(q, 'spread', 'integer', 'agreement', 'highest minus lowest counted answer'));
  }
  return fields;
}

/** What the fields of the `models` part need of a model run of the campaign. */
export interface ExportModelRun {
  id: number;
  rater: string;
  model: string;
  endpoint: string;
  temperature: number;
  samples: number;
  promptHash: string;
  questions: readonly ExportQuestion[];
}

function modelFields(run: ExportModelRun): ExportField[] {
  const about = `${run.rater} (model run #${run.id}: ${run.model} on ${run.endpoint}, temperature ${run.temperature}, ${run.samples} sample${run.samples === 1 ? '' : 's'}, prompt ${run.promptHash.slice(0, 12)})`;
  return run.questions
    .filter((q) => q.type !== 'text')
    .flatMap((q): ExportField[] => {
      const field = (stat: 'answer' | 'confidence' | 'expected', type: FieldType, description: string): ExportField => ({
        name: `model_${run.id}_${q.key}${stat === 'answer' ? '' : `_${stat}`}`,
        type,
        part: 'models',
        description: `${about}: ${description} (${q.label})`,
        source: { kind: 'modelAnswer', runId: run.id, question: q.key, questionType: q.type, stat },
      });
      return [
        field('answer', valueType(q), 'its answer, relations relative to a → b; empty when it gave none'),
        field('confidence', 'number', 'share of its samples that gave this answer (1 with one sample)'),
        ...(q.type === 'likert'
          ? [field('expected', 'number', 'its expected rating Σ p(k)·k from the token probabilities, where the server gave them')]
          : []),
      ];
    });
}

/**
 * The fields of an export with these parts (and, for campaign exports, these questions). With the
 * measures come the user measures of the exported corpora (`userMeasures`, names), each a column of
 * its own name after the built-in measures (`u_NAME` should the name be taken by another field); with
 * `models`, each model run's answers (`model_<run>_<question>`, its vote share and expected rating).
 */
export function planExportFields(
  parts: readonly ExportPart[],
  questions: readonly ExportQuestion[] | null,
  userMeasures: readonly string[] = [],
  modelRuns: readonly ExportModelRun[] = [],
): ExportField[] {
  const fields = baseFields(questions !== null);
  if (parts.includes('texts')) fields.push(...textFields);
  if (parts.includes('measures')) fields.push(...measureFields());
  const userFields = parts.includes('measures')
    ? userMeasures.map((name): ExportField => ({
        name,
        type: 'number',
        part: 'measures',
        description: `${name}: a measure users imported for the corpus (paralens import-scores)`,
        source: { kind: 'userMeasure', name },
      }))
    : [];
  fields.push(...userFields);
  if (questions) {
    if (parts.includes('raw')) {
      fields.push({
        name: 'annotations',
        type: 'json',
        part: 'raw',
        description:
          'every answer: [{annotator (pseudonym), excluded, answers, version, wording_version (the version of the campaign’s guidelines and question wording it was given under), duration_ms}] (JSON)',
        source: { kind: 'annotations' },
      });
    }
    for (const q of questions) fields.push(...questionFields(q, parts));
    if (parts.includes('models')) for (const run of modelRuns) fields.push(...modelFields(run));
  }
  for (const field of userFields) if (fields.some((f) => f !== field && f.name === field.name)) field.name = `u_${field.name}`;
  return fields;
}

/** The CSV header line (names are identifiers: no quoting needed). */
export function csvHeader(fields: readonly ExportField[]): string {
  return fields.map((f) => f.name).join(',');
}
