/** What the upload page shows for confirmation: the detected format, the other candidates, the tier. */
import { openImportFile } from '@/lib/import/open-import-file';
import { listImportFormats } from '@/lib/import/format-registry';
import { ImportSetupError } from '@/lib/import/types';

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
