/**
 * Unexpected errors are written to the server log in full, with a short reference; users see only
 * the reference ("quote E-3f9a0c12 when you report this"), never a stack trace, SQL or a path.
 */
import { randomBytes } from 'node:crypto';

export function newErrorReference(): string {
  return `E-${randomBytes(4).toString('hex')}`;
}

/** Logs the error with a new reference and returns the reference. */
export function logUnexpectedError(error: unknown, context: string): string {
  const reference = newErrorReference();
  console.error(`[${reference}] ${context}:`, error);
  return reference;
}

/** The sentence users see for an unexpected error. */
export function unexpectedErrorMessage(reference: string, what = 'Something went wrong'): string {
  return `${what} (reference ${reference}; the details are in the server log).`;
}
