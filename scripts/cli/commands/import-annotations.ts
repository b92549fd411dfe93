/**
 * `paralens import-annotations FILE --campaign SLUG --map …`: labels collected elsewhere (CSV, TSV,
 * JSON Lines) into a campaign, so agreement, final labels and maps work for studies run outside
 * Paralens. All or nothing: any row that cannot be read, mapped or matched to a pair is reported
 * with its line number and nothing is written (docs/quality.md).
 */
import { ANNOTATION_FILE_FORMATS } from '@/lib/import/annotation-rows';
import { annotationsFile } from '@/lib/db/imports/annotation-import';
import type { CliIo } from '../io';
import { runCampaignFileCommand } from '../campaign-file-command';

const usage = `Usage: paralens import-annotations <file> --campaign <slug> --map <columns> [options]

Matches each row to a pair of the campaign's corpora, by original id (pair=COL) or by the two texts
exactly (a=COL,b=COL), adds pairs to the campaign when needed, creates one pseudonymous annotator
(who cannot sign in) per annotator id of the file, and stores the answers; the final labels are
recomputed. A second import of the same file replaces the answers it stored.

  --campaign <slug>     the campaign (its questions decide what the columns may hold)
  --map <columns>       pair=COL or a=COL,b=COL; annotator=COL; QUESTION=COL for each question,
                        e.g. pair=pair_id,annotator=annotator_key,nli=label,rationale=justification
  --values <mapping>    value translations per question (repeatable), e.g. relation:E=equivalence,C=exclusion
  --format <format>     ${ANNOTATION_FILE_FORMATS.join(', ')} (default: from the file name)
  --add-pairs <corpus>  create the pairs no corpus of the campaign holds in this corpus (slug), from the
                        a= and b= texts (pair=, if given, becomes their original id); the corpus joins the
                        campaign. A pair the corpus holds the other way round (A→B labelled, B→A stored) is
                        created in "<corpus>-reversed", so direction-dependent labels stay on their order.
                        Syntactic measures are computed; semantic ones follow with paralens score.

Exit code 0 when everything was imported, 1 when nothing was (rows listed as "line N: what is
wrong"), 2 for bad arguments.
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  return runCampaignFileCommand({ name: 'import-annotations', usage, addsPairs: true, ...annotationsFile }, args, io);
}
