/** What the upload page shows for confirmation: the detected format, the other candidates, the tier. */
import { openImportFile } from '@/lib/import/open-import-file';
import { listImportFormats } from '@/lib/import/format-registry';
import { ImportSetupError } from '@/lib/import/types';
import { readQaQuestionsFile } from '@/lib/import/open-qa-questions';
import { AppError } from '@/lib/errors/app-error';

export interface FormatCandidate {
  format: string;
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
}

export async function detectUploadFormat(filePath: string, fileName: string): Promise<UploadDetection> {
  const all: FormatCandidate[] = listImportFormats().map((f) => ({ format: f.name, title: f.title, usesColumnMap: f.usesColumnMap === true, hasTiers: f.hasTiers === true }));
  try {
    const stream = await openImportFile(filePath, { fileName });
    await stream.close();
    const ranked = stream.candidates.map((c) => all.find((f) => f.format === c.format)).filter((f) => f !== undefined);
    const rest = all.filter((f) => !ranked.some((r) => r.format === f.format));
    return { format: stream.format, candidates: [...ranked, ...rest], tier: stream.tier ?? null, encoding: stream.encoding, message: null };
  } catch (error) {
    if (error instanceof ImportSetupError) return { format: null, candidates: all, tier: null, encoding: null, message: error.message };
    throw error;
  }
}

/** The checks of an uploaded questions file (qa-assessed); refuses it with its first bad lines. */
export async function checkUploadedQuestions(filePath: string, fileName: string): Promise<{ questions: number }> {
  const { qa, errors } = await readQaQuestionsFile(filePath, { fileName });
  if (errors.length > 0) {
    const shown = errors.slice(0, 5).map((e) => `line ${e.lineNumber}: ${e.message}`);
    throw new AppError('INVALID_INPUT', `${errors.length} invalid line${errors.length === 1 ? '' : 's'}: ${shown.join('; ')}${errors.length > 5 ? '; …' : ''}`);
  }
  if (qa.questions.byKey.size === 0) throw new AppError('INVALID_INPUT', 'The questions file holds no question (number<TAB>question lines).');
  return { questions: qa.questions.byKey.size };
}
