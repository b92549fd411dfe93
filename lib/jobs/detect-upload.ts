/** What the upload page shows for confirmation: the detected format, the other candidates, the tier. */
import { openImportFile } from '@/lib/import/open-import-file';
import { listImportFormats } from '@/lib/import/format-registry';
import { ImportSetupError } from '@/lib/import/types';

export interface UploadDetection {
  format: string | null;
  candidates: Array<{ format: string; title: string }>;
  tier: string | null;
  encoding: string | null;
  message: string | null;
}

export async function detectUploadFormat(filePath: string, fileName: string): Promise<UploadDetection> {
  const titles = new Map(listImportFormats().map((f) => [f.name as string, f.title]));
  const all = [...titles.entries()].map(([format, title]) => ({ format, title }));
  try {
    const stream = await openImportFile(filePath, { fileName });
    await stream.close();
    const ranked = stream.candidates.map((c) => ({ format: c.format, title: titles.get(c.format) ?? c.format }));
    const rest = all.filter((f) => !ranked.some((r) => r.format === f.format));
    return { format: stream.format, candidates: [...ranked, ...rest], tier: stream.tier ?? null, encoding: stream.encoding, message: null };
  } catch (error) {
    if (error instanceof ImportSetupError) return { format: null, candidates: all, tier: null, encoding: null, message: error.message };
    throw error;
  }
}
