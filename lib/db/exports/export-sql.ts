/**
 * SQL for one export: one text column per field of lib/export/fields.ts, in the field order, as
 * PostgreSQL writes the value (numbers, booleans and JSON already valid JSON), so the exporting
 * process only escapes texts (lib/export/line-format.ts). Campaign fields aggregate the answers in
 * SQL: a LATERAL per question over the pair's counted answers, and its FinalLabel.
 */
import type { ExportField, ExportQuestion, FieldSource } from '@/lib/export/fields';
import { userMeasureSql } from '../corpora/user-measures';

/** The rows an export reads: `from` binds "Pair" as p (and, for campaigns, "CampaignItem" as ci). */
export interface ExportSelection {
  from: string;
  where: string;
  orderBy: string;
  params: unknown[];
  /** the parameter number holding the campaign id ($n), for answers and final labels */
  campaignParam?: number;
}

const QUESTION_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** A question key as an SQL literal: keys are checked identifiers (lib/annotation/questions.ts), quoted anyway. */
function keyLiteral(key: string): string {
  if (!QUESTION_KEY.test(key)) throw new Error(`not a question key: ${key}`);
  return `'${key}'`;
}

const TEXT_COLUMNS: Record<string, string> = {
  pair_id: 'p."id"',
  corpus: 'c."slug"',
  original_id: 'p."originalId"',
  cluster_id: 'p."clusterId"',
  gold: 'ci."isGold"',
  a: 'ta."content"',
  b: 'tb."content"',
  type_a: 'lower(ta."type"::text)',
  type_b: 'lower(tb."type"::text)',
  page_a: 'ta."sourcePage"',
  page_b: 'tb."sourcePage"',
  image: 'COALESCE(i."url", i."key")',
  length_a: 'p."lengthA"',
  length_b: 'p."lengthB"',
  reference_label: 'p."referenceLabel"',
  reference_score: 'p."referenceScore"',
  reference_is_paraphrase: 'p."referenceIsParaphrase"',
  metadata: 'p."metadata"',
  sem_parts: 'p."semParts"',
};

/** Answers counted for aggregates: the campaign's, without annotators excluded from it. */
function countedAnswers(campaign: string, key: string): string {
  return `FROM "Annotation" n LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
          WHERE n."campaignId" = ${campaign} AND n."pairId" = p."id" AND n."answers" ? ${key} AND NOT COALESCE(m."excluded", false)`;
}

function annotationsExpression(campaign: string): string {
  const annotator = `COALESCE(u."pseudonym", 'user-' || u."id")`;
  return `(SELECT json_agg(json_build_object('annotator', ${annotator}, 'excluded', COALESCE(m."excluded", false), 'answers', n."answers",
                  'version', n."version", 'wording_version', n."wordingVersion", 'duration_ms', n."durationMs") ORDER BY ${annotator})
           FROM "Annotation" n JOIN "User" u ON u."id" = n."annotatorId"
           LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
           WHERE n."campaignId" = ${campaign} AND n."pairId" = p."id")`;
}

/** A scalar answer (jsonb text) in the question's own type. */
function typedAnswer(text: string, type: ExportQuestion['type']): string {
  return type === 'likert' ? `(${text})::int` : type === 'boolean' ? `(${text})::boolean` : text;
}

interface QuestionJoins {
  joins: string[];
  expressions: Map<string, string>;
}

/** Per question one LATERAL for the counted answers, one for the majority, one join of its final label. */
function questionJoins(fields: readonly ExportField[], campaign: string): QuestionJoins {
  const joins: string[] = [];
  const expressions = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const field of fields) {
    const source = field.source;
    if (source.kind !== 'question') continue;
    let index = seen.get(source.question);
    const key = keyLiteral(source.question);
    if (index === undefined) {
      index = seen.size;
      seen.set(source.question, index);
      const value = typedAnswer(`n."answers" ->> ${key}`, source.questionType === 'likert' ? 'likert' : 'text');
      const numeric = source.questionType === 'likert';
      joins.push(`LEFT JOIN LATERAL (SELECT count(*)::int AS n,
          CASE WHEN count(*) > 0 THEN count(DISTINCT n."answers" -> ${key}) = 1 END AS unanimous
          ${numeric ? `, percentile_disc(0.5) WITHIN GROUP (ORDER BY ${value}) AS median, max(${value}) - min(${value}) AS spread` : ''}
          ${countedAnswers(campaign, key)}) q${index} ON true`);
      if (!numeric) {
        joins.push(`LEFT JOIN LATERAL (SELECT CASE WHEN count(*) = 1 THEN min(v) END AS majority, count(*) > 1 AS tie
          FROM (SELECT n."answers" ->> ${key} AS v, count(*) AS c, max(count(*)) OVER () AS top ${countedAnswers(campaign, key)} GROUP BY 1) t
          WHERE c = top) q${index}m ON true`);
      }
      joins.push(
        `LEFT JOIN "FinalLabel" f${index} ON f${index}."campaignId" = ${campaign} AND f${index}."pairId" = p."id" AND f${index}."question" = ${key}`,
      );
    }
    expressions.set(field.name, questionStat(source, index));
  }
  return { joins, expressions };
}

function questionStat(source: Extract<FieldSource, { kind: 'question' }>, index: number): string {
  switch (source.stat) {
    case 'n':
      return `COALESCE(q${index}.n, 0)`;
    case 'median':
    case 'spread':
    case 'unanimous':
      return `q${index}.${source.stat}`;
    case 'majority':
      return typedAnswer(`q${index}m.majority`, source.questionType);
    case 'tie':
      return `COALESCE(q${index}m.tie, false)`;
    case 'final':
      return typedAnswer(`f${index}."value" #>> '{}'`, source.questionType);
    case 'final_method':
      return `lower(f${index}."method"::text)`;
    case 'final_median_rule':
      return `lower(f${index}."medianRule"::text)`;
  }
}

/** One join per model run whose answers are exported: its answer row for the pair. */
function modelJoins(fields: readonly ExportField[]): string[] {
  const runs = new Set<number>();
  for (const f of fields) if (f.source.kind === 'modelAnswer') runs.add(Number(f.source.runId) | 0);
  return [...runs].map((id) => `LEFT JOIN "ModelRunItem" mr${id} ON mr${id}."runId" = ${id} AND mr${id}."pairId" = p."id"`);
}

function modelExpression(source: Extract<FieldSource, { kind: 'modelAnswer' }>): string {
  const item = `mr${Number(source.runId) | 0}`;
  const key = keyLiteral(source.question);
  if (source.stat === 'confidence') return `(${item}."confidence" ->> ${key})::float8`;
  if (source.stat === 'expected') return `(${item}."expected" ->> ${key})::float8`;
  return typedAnswer(`${item}."answers" ->> ${key}`, source.questionType);
}

function fieldExpression(field: ExportField, campaign: string | null, questions: QuestionJoins): string {
  const source = field.source;
  if (source.kind === 'modelAnswer') return modelExpression(source);
  if (source.kind === 'column') return TEXT_COLUMNS[source.column]!;
  if (source.kind === 'measure') return `p."${source.key}"`;
  if (source.kind === 'userMeasure') return userMeasureSql(source.name);
  if (campaign === null) throw new Error(`${field.name} needs a campaign`);
  if (source.kind === 'annotations') return annotationsExpression(campaign);
  return questions.expressions.get(field.name)!;
}

/**
 * One field as COPY writes it: PostgreSQL's own output (valid JSON for numbers, booleans and JSON
 * values). COPY writes a value with its type's output function, which is what a cast to text does for
 * numbers, integers and JSON, so those go out as they are (a cast on each of 17 measures cost the
 * backend a sixth of an export's time at 1M pairs); booleans are cast, since their output is t / f
 * and their cast true / false; texts keep their (free) cast.
 */
function textExpression(field: ExportField, expression: string): string {
  if (field.type === 'text list') return `to_json(${expression})`;
  return field.type === 'boolean' || field.type === 'text' ? `(${expression})::text` : expression;
}

const needsTexts = (fields: readonly ExportField[]) =>
  fields.some((f) => f.source.kind === 'column' && ['a', 'b', 'type_a', 'type_b', 'page_a', 'page_b'].includes(f.source.column));
const needsImage = (fields: readonly ExportField[]) =>
  fields.some((f) => f.source.kind === 'column' && f.source.column === 'image');

export interface ExportSql {
  /** one text column per field, in field order */
  query: string;
  /** rows per corpus id: (corpus, n) */
  count: string;
  params: unknown[];
}

export function buildExportSql(fields: readonly ExportField[], selection: ExportSelection): ExportSql {
  const campaign = selection.campaignParam === undefined ? null : `$${selection.campaignParam}`;
  const questions = campaign === null ? { joins: [], expressions: new Map<string, string>() } : questionJoins(fields, campaign);
  const joins = [
    'JOIN "Corpus" c ON c."id" = p."corpusId"',
    ...(needsTexts(fields) ? ['JOIN "Text" ta ON ta."id" = p."textAId"', 'JOIN "Text" tb ON tb."id" = p."textBId"'] : []),
    ...(needsImage(fields) ? ['LEFT JOIN "Image" i ON i."id" = p."imageId"'] : []),
    ...questions.joins,
    ...modelJoins(fields),
  ];
  const columns = fields.map((field, i) => `${textExpression(field, fieldExpression(field, campaign, questions))} AS f${i}`);
  return {
    query: `SELECT ${columns.join(',\n  ')} FROM ${selection.from} ${joins.join('\n')} WHERE ${selection.where} ORDER BY ${selection.orderBy}`,
    count: `SELECT p."corpusId" AS corpus, count(*)::int AS n FROM ${selection.from} WHERE ${selection.where} GROUP BY 1`,
    params: selection.params,
  };
}
