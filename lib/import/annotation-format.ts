/**
 * The formats of a file of labels or gold pairs (`paralens import-annotations`, `paralens gold`, the
 * campaign page's file form), and the format a file name says. Pure (no node: imports), so the
 * browser form uses the same rule as the CLI.
 */
export const ANNOTATION_FILE_FORMATS = ['csv', 'tsv', 'jsonl'] as const;
export type AnnotationFileFormat = (typeof ANNOTATION_FILE_FORMATS)[number];

/** The format from the file name (.csv, .tsv/.tab, .jsonl/.ndjson), or null. */
export function annotationFormatOf(name: string): AnnotationFileFormat | null {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot).toLowerCase() : '';
  return ext === '.csv'
    ? 'csv'
    : ext === '.tsv' || ext === '.tab'
      ? 'tsv'
      : ext === '.jsonl' || ext === '.ndjson'
        ? 'jsonl'
        : null;
}
