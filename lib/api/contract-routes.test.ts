/**
 * Every /api/v1 route file and exported method has its contract in apiContracts, and every contract
 * has its route file and method: the OpenAPI document and the validation cannot miss a route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiContracts } from './contracts';
import { routeFileFor, type ApiContract } from './contract';

const root = path.resolve(__dirname, '../..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(rel);
    return entry.name === 'route.ts' ? [rel] : [];
  });
}

/** "GET app/api/v1/pairs/[id]/route.ts" for each method a route file exports. */
function exportedRoutes(): string[] {
  return routeFiles('app/api/v1').flatMap((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    return METHODS.filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source)).map(
      (m) => `${m} ${file}`,
    );
  });
}

describe('the /api/v1 routes and their contracts', () => {
  it('match one to one (route files with their methods vs apiContracts)', () => {
    const fromContracts = apiContracts.map((c) => `${c.method} ${routeFileFor(c.path)}`).sort();
    const fromFiles = exportedRoutes().sort();
    expect(fromFiles.length).toBeGreaterThan(5);
    expect(fromFiles).toEqual(fromContracts);
  });

  it('have one contract per method and path', () => {
    const keys = apiContracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('wrap every handler in apiRoute with the contract of that method and path', async () => {
    // Every exported contract by the name route files import it under.
    const byName = new Map<string, ApiContract>();
    for (const file of readdirSync(path.join(__dirname, 'contracts')).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
      const mod = (await import(`./contracts/${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod))
        if (apiContracts.includes(value as ApiContract)) byName.set(name, value as ApiContract);
    }
    let handlers = 0;
    for (const file of routeFiles('app/api/v1')) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(/export\s+const\s+(\w+)\s*=\s*(\w+)\(\s*(\w+)/g)) {
        const [, method, wrapper, contractName] = match;
        expect(wrapper, `${file} ${method}`).toBe('apiRoute');
        const contract = byName.get(contractName!);
        expect(contract && `${contract.method} ${routeFileFor(contract.path)}`, `${file} ${method} wraps ${contractName}`).toBe(
          `${method} ${file}`,
        );
        handlers += 1;
      }
    }
    expect(handlers).toBe(apiContracts.length);
  });
});
