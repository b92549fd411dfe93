/**
 * `paralens gold FILE --campaign SLUG --map …`: gold pairs with their expected answers and
 * explanations from a file (CSV, TSV, JSON Lines), through the code path of
 * POST /api/v1/campaigns/{id}/gold. All or nothing: every row that cannot be read, mapped or matched,
 * or that the route would refuse, is reported with its line number and nothing is written (docs/quality.md).
 */
import { ANNOTATION_FILE_FORMATS } from '@/lib/import/annotation-rows';
import { goldFile } from '@/lib/db/imports/gold-import';
import type { CliIo } from '../io';
import { runCampaignFileCommand } from '../campaign-file-command';

const usage = `Usage: paralens gold <file> --campaign <slug> --map <columns> [options]

Marks each row's pair as a hidden gold pair of the campaign, with the expected answers and the
explanation annotators see on a miss, as POST /api/v1/campaigns/{id}/gold does (a pair outside the
campaign joins it; a pair already gold gets the new answers). Only the questions given count.

  --campaign <slug>     the campaign
  --map <columns>       id=COL (Paralens pair ids), pair=COL (original ids) or a=COL,b=COL (exact
                        texts); explanation=COL; QUESTION=COL for each expected answer,
                        e.g. pair=pair_id,semantic=score,relation=rel,explanation=why
  --values <mapping>    value translations per question (repeatable), e.g. relation:E=equivalence
  --format <format>     ${ANNOTATION_FILE_FORMATS.join(', ')} (default: from the file name)

Exit code 0 when every row was marked, 1 when nothing was (rows listed as "line N: what is
wrong"), 2 for bad arguments.
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  return runCampaignFileCommand({ name: 'gold', usage, ...goldFile }, args, io);
}
