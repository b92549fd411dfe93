/**
 * Import messages in the web app's words. The job runner writes one message for the command line
 * and the corpus page alike ("use --skip-invalid to import the valid ones"); the page shows it with
 * the names of its own controls (web-control-labels.ts, which the controls use too) instead of the
 * command's options, and formats by the names users know without the `--format` names.
 */
import { listImportFormats } from './format-registry';
import { WEB_CONTROL_LABELS } from './web-control-labels';

const formatIds = listImportFormats()
  .map((f) => f.name.replace(/[-]/g, '\\-'))
  .sort((x, y) => y.length - x.length)
  .join('|');

const REPLACEMENTS: readonly [RegExp, string][] = [
  [/use --skip-invalid to import the valid ones/g, `tick “${WEB_CONTROL_LABELS.skipInvalid}” to import the valid ones`],
  [/--skip-invalid/g, `“${WEB_CONTROL_LABELS.skipInvalid}”`],
  [/give a column mapping such as a=sentence1,b=sentence2/g, 'choose the columns of Text A and Text B'],
  [
    /a file without a header needs a column mapping by position, e\.g\. a=1,b=2/g,
    'a file without a header needs the columns of Text A and Text B chosen by position',
  ],
  [/choose one with --format:/g, 'choose one of:'],
  [new RegExp(` \\((?:${formatIds})\\)`, 'g'), ''],
  [/--format/g, `the “${WEB_CONTROL_LABELS.format}” list`],
  [/--tier/g, `the “${WEB_CONTROL_LABELS.tier}” list`],
  [/--map/g, 'the column mapping'],
];

export function inWebWords(message: string): string {
  let out = message;
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}
