/** Contracts are named one way: `<verb><Noun>Contract`, so a route never has to import one under another name. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'contracts');

function contractNames(): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .flatMap((f) =>
      [...readFileSync(path.join(folder, f), 'utf8').matchAll(/export const (\w+)\s*=\s*defineContract\(/g)].map((m) => m[1]!),
    );
}

describe('contract names', () => {
  it('finds the contracts', () => {
    expect(contractNames().length).toBeGreaterThan(50);
  });

  it('end in Contract', () => {
    expect(contractNames().filter((name) => !name.endsWith('Contract'))).toEqual([]);
  });
});
