/**
 * Failures caused by the input (a damaged or truncated dump, malformed XML, an index that does not
 * belong to the dump, a bad references file): rerunning cannot help, so such a run is not kept for
 * resuming. Every other failure (an interruption, the database going away) leaves a resumable run.
 */
import { IndexFormatError } from '@/lib/mining/dump/multistream-index';
import { DumpFormatError } from '@/lib/mining/dump/xml-pages';
import { DumpReadError } from './xml-source';

export class MiningInputError extends Error {
  override name = 'MiningInputError';
}

export function isInputError(error: unknown): boolean {
  return (
    error instanceof MiningInputError ||
    error instanceof DumpFormatError ||
    error instanceof DumpReadError ||
    error instanceof IndexFormatError
  );
}
