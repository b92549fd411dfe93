/**
 * What the upload page shows before an import starts: the detected format, the other candidates,
 * the tier, and for the generic CSV / TSV / JSON Lines formats the columns and first rows with the
 * roles they can take; and the server-side check of the column mapping chosen there.
 */
import { open } from 'node:fs/promises';
import { openImportFile } from '@/lib/import/open-import-file';
import { getImportFormat, listImportFormats } from '@/lib/import/format-registry';
import { ImportSetupError } from '@/lib/import/types';
import { checkQaQuestionsFileOffThread } from '@/lib/runtime/compute-workers';
import { UndetectedFormatError, SNIFF_BYTES } from '@/lib/import/detect-format';
import { NotTextFileError, NOT_TEXT_MESSAGE } from '@/lib/import/text-check';
import {
  checkColumnRoles,
  checkMappingReads,
  COLUMN_ROLES,
  isMappedFormat,
  previewColumns,
  type ColumnPreview,
  type ColumnRole,
  type MappingCheck,
} from '@/lib/import/column-roles';
import { AppError } from '@/lib/errors/app-error';
import { asSentence } from '@/lib/errors/as-sentence';

export interface FormatCandidate {
  format: string;
  /** the name users know (MSRPC, Wikipedia-IPC) */
  name: string;
  title: string;
  usesColumnMap: boolean;
  hasTiers: boolean;
}

export interface UploadDetection {
  format: string | null;
  /** the detected format first, then every other format */
  candidates: FormatCandidate[];
  tier: string | null;
  encoding: string | null;
  message: string | null;
  /** generic formats (the detected one, or `format` when asked for): columns, first rows, guessed roles */
  preview: ColumnPreview | null;
  /** the roles a column can take in a generic format (those of `--map`) */
  roles: readonly ColumnRole[];
}

/** The first bytes of a file (what detection reads) and whether they are the whole file. */
async function readHead(filePath: string): Promise<{ head: Uint8Array; complete: boolean }> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return { head: buffer.subarray(0, Math.min(bytesRead, SNIFF_BYTES)), complete: bytesRead <= SNIFF_BYTES };
  } finally {
    await file.close();
  }
}

const notTextFile = () => new AppError('INVALID_INPUT', asSentence(NOT_TEXT_MESSAGE));

/**
 * Detection and preview; `format` (a format the user picked) replaces the detected one for the
 * preview. Refuses a file that is not text.
 */
export async function detectUploadFormat(filePath: string, fileName: string, format?: string): Promise<UploadDetection> {
  const all: FormatCandidate[] = listImportFormats().map((f) => ({
    format: f.name,
    name: f.label,
    title: f.title,
    usesColumnMap: f.usesColumnMap === true,
    hasTiers: f.hasTiers === true,
  }));
  const withPreview = async (detection: Omit<UploadDetection, 'preview' | 'roles'>): Promise<UploadDetection> => {
    const shown = format ?? detection.format;
    if (!isMappedFormat(shown)) return { ...detection, preview: null, roles: COLUMN_ROLES };
    const { head, complete } = await readHead(filePath);
    return { ...detection, preview: previewColumns(head, fileName, complete, shown), roles: COLUMN_ROLES };
  };
  try {
    const stream = await openImportFile(filePath, { fileName });
    await stream.close();
    const ranked = stream.candidates.map((c) => all.find((f) => f.format === c.format)).filter((f) => f !== undefined);
    const rest = all.filter((f) => !ranked.some((r) => r.format === f.format));
    return await withPreview({
      format: stream.format,
      candidates: [...ranked, ...rest],
      tier: stream.tier ?? null,
      encoding: stream.encoding,
      message: null,
    });
  } catch (error) {
    if (error instanceof NotTextFileError) throw notTextFile();
    const message =
      error instanceof UndetectedFormatError
        ? error.describeFor('web')
        : error instanceof ImportSetupError
          ? error.message
          : null;
    if (message === null) throw error;
    return await withPreview({ format: null, candidates: all, tier: null, encoding: null, message });
  }
}

/**
 * Whether a generic format reads the file with the mapping chosen (`columns`: role → column, as
 * the upload page's pickers give it; or `map`: the `--map` text; neither: the columns guessed from
 * the header). Answers the `--map` text to start with; the fields name the roles that are wrong.
 */
export async function checkUploadMapping(
  filePath: string,
  fileName: string,
  format: string,
  mapping: { columns?: Record<string, string>; map?: string },
): Promise<MappingCheck> {
  if (!isMappedFormat(format))
    throw new AppError(
      'INVALID_INPUT',
      `A column mapping applies to CSV, TSV and JSON Lines files, not to ${getImportFormat(format).label}.`,
    );
  const { head, complete } = await readHead(filePath);
  let map = mapping.map;
  if (mapping.columns) {
    const checked = checkColumnRoles(mapping.columns, previewColumns(head, fileName, complete, format).columns, format);
    if (!checked.ok) return checked;
    map = checked.map ?? undefined;
  }
  try {
    return await checkMappingReads(head, complete, fileName, format, map);
  } catch (error) {
    if (error instanceof NotTextFileError) throw notTextFile();
    if (error instanceof ImportSetupError)
      return { ok: false, message: `Column mapping: ${error.message}.`, fields: { map: error.message } };
    throw error;
  }
}

/**
 * The checks of an uploaded questions file (qa-assessed), on a compute worker: the file is read
 * line by line there, so however it is made it never weighs on the web server's thread or heap.
 * Refuses it with its first bad lines (all kept ones in the fields) and their count.
 */
export async function checkUploadedQuestions(filePath: string, fileName: string): Promise<{ questions: number }> {
  const check = await checkQaQuestionsFileOffThread(filePath, fileName);
  if (!check.ok)
    throw new AppError('INVALID_INPUT', check.message, Object.keys(check.fields).length > 0 ? { fields: check.fields } : {});
  return { questions: check.questions };
}
