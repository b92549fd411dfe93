/**
 * The message an import job shows when it fails on an exception: problems with the file itself are
 * explained; anything else is logged in full with a reference and shown only as that reference
 * (no stack traces, SQL or server paths reach the page or the API).
 */
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import { ImportSetupError } from '@/lib/import/types';

const fileProblems: Record<string, string> = {
  ENOENT: 'no longer exists',
  EACCES: 'cannot be read (permission denied)',
  EISDIR: 'is a folder, not a file',
  EMFILE: 'cannot be opened right now (too many open files); try again',
};

export function describeImportFailure(error: unknown, fileName: string): string {
  if (error instanceof ImportSetupError) return `${error.message}: nothing was imported.`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && fileProblems[code]) return `The file ${fileName} ${fileProblems[code]}: nothing was imported.`;
  const reference = logUnexpectedError(error, `import of ${fileName}`);
  return unexpectedErrorMessage(reference, 'An internal error stopped the import, and nothing was imported');
}
