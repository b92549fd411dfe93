/**
 * Collects import errors for the report: the first `limit` in file order (as `line N: message`)
 * and the total. Keeping only a prefix keeps memory constant on a file full of errors.
 */
import type { ImportError } from '@/lib/import/types';

export const REPORTED_ERRORS = 100;

export interface ReportedError {
  line: number;
  message: string;
}

export class ErrorReport {
  readonly first: ReportedError[] = [];
  total = 0;

  constructor(private readonly limit = REPORTED_ERRORS) {}

  add(error: ImportError): void {
    this.total += 1;
    if (this.first.length < this.limit) this.first.push({ line: error.lineNumber, message: error.message });
  }

  /** Lines as reports show them, with a note when more errors were found than listed. */
  format(): string[] {
    const lines = this.first.map((e) => `line ${e.line}: ${e.message}`);
    if (this.total > this.first.length) lines.push(`… and ${this.total - this.first.length} more errors (${this.total} in all)`);
    return lines;
  }
}
