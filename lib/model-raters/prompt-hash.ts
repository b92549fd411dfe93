/** The prompt template's SHA-256 (hex), recorded with every run (apart from prompt.ts, which the browser also loads). */
import { createHash } from 'node:crypto';

export function promptHash(template: string): string {
  return createHash('sha256').update(template, 'utf8').digest('hex');
}
