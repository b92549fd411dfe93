/**
 * What an export writes (docs/export.md): the format, and which parts go in. Ids (pair id, corpus,
 * the corpus's own ids) are always there; the rest is chosen:
 * - texts: both texts with their type, pages and image, the source corpus's label and score, metadata;
 * - measures: every measure of lib/measures/catalog.ts and the measures that formed sem;
 * - raw: each annotator's answers under a pseudonym (never an email), campaign exports only;
 * - aggregated: per question the answers counted, the median (Likert) or the majority with ties
 *   marked (other questions), and the final label with its method (FinalLabel);
 * - agreement: per question whether the counted answers were unanimous, and the Likert spread;
 * - models: each model run's answer per question (stored order), its vote share over the samples and,
 *   for Likert, the expected rating from logprobs; campaign exports only (docs/models-as-raters.md).
 * Pure: shared by the command line, the export form and the job.
 */
export const EXPORT_FORMATS = ['csv', 'jsonl', 'hf'] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

export const EXPORT_PARTS = ['texts', 'measures', 'raw', 'aggregated', 'agreement', 'models'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** Parts that need a campaign (answers); left out of corpus and view exports. */
export const CAMPAIGN_PARTS: readonly ExportPart[] = ['raw', 'aggregated', 'agreement', 'models'];

export const PART_LABELS: Record<ExportPart, string> = {
  texts: 'Texts (with type, pages, image, the source corpus’s label and metadata)',
  measures: 'Measures',
  raw: 'Raw answers per annotator (pseudonyms)',
  aggregated: 'Aggregated answers (median, majority with ties, final label)',
  agreement: 'Agreement flags (unanimous, Likert spread)',
  models: 'Model raters’ answers (per run and question, with the vote share; their provenance in the dataset card)',
};

export interface ExportOptions {
  include: ExportPart[];
}

export function isExportFormat(value: unknown): value is ExportFormatName {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

export function isExportPart(value: unknown): value is ExportPart {
  return typeof value === 'string' && (EXPORT_PARTS as readonly string[]).includes(value);
}

/** The default: everything that applies to the scope. */
export function defaultParts(hasCampaign: boolean): ExportPart[] {
  return EXPORT_PARTS.filter((p) => hasCampaign || !CAMPAIGN_PARTS.includes(p));
}

/**
 * `texts,measures,raw` → the parts in canonical order, or what is wrong. Campaign parts asked for
 * without a campaign are an error rather than silently empty columns.
 */
export function parseParts(spec: string | undefined, hasCampaign: boolean): ExportPart[] | string {
  if (spec === undefined || spec.trim() === '') return defaultParts(hasCampaign);
  const asked = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = asked.filter((p) => !isExportPart(p));
  if (unknown.length > 0) return `unknown part ${unknown.join(', ')} (known: ${EXPORT_PARTS.join(', ')})`;
  return normalizeParts(asked as ExportPart[], hasCampaign);
}

/** Canonical order, no repeats; campaign parts only with a campaign. */
export function normalizeParts(parts: readonly ExportPart[], hasCampaign: boolean): ExportPart[] | string {
  const wrong = parts.filter((p) => CAMPAIGN_PARTS.includes(p));
  if (!hasCampaign && wrong.length > 0) return `${wrong.join(', ')} need a campaign (export with --campaign)`;
  return EXPORT_PARTS.filter((p) => parts.includes(p));
}

/** Options stored on a job, read back defensively (the column is JSON). */
export function readStoredOptions(value: unknown, hasCampaign: boolean): ExportOptions {
  const include =
    typeof value === 'object' && value !== null && Array.isArray((value as { include?: unknown }).include)
      ? (value as { include: unknown[] }).include.filter(isExportPart)
      : null;
  const parts = include ? normalizeParts(include, hasCampaign) : defaultParts(hasCampaign);
  return { include: typeof parts === 'string' ? defaultParts(hasCampaign) : parts };
}

/** File name (HF: folder name) for an export of `scope`, e.g. `paws-dev.jsonl`. */
export function exportFileName(scope: string, format: ExportFormatName): string {
  const base = scope.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return format === 'hf' ? base : `${base}.${format}`;
}
