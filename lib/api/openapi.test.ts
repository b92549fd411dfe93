/**
 * The OpenAPI document holds every /api/v1 route file and method (found on disk, not from the
 * contract list), and documents the pair list's filter parameters one by one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureKeys } from '@/lib/measures/catalog';
import { apiContracts } from './contracts';
import { pairQuerySchema } from './contracts/pair-query';
import { buildOpenApiDocument } from './openapi';

const root = path.resolve(__dirname, '../..');

/** ["get /api/v1/pairs/{id}", …] from the route files under app/api/v1. */
function routesOnDisk(dir = 'app/api/v1'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routesOnDisk(rel);
    if (entry.name !== 'route.ts') return [];
    const apiPath = `/${dir.replace(/^app\//, '')}`.replace(/\[(\w+)\]/g, '{$1}');
    const source = readFileSync(path.join(root, rel), 'utf8');
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
      .filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source))
      .map((m) => `${m.toLowerCase()} ${apiPath}`);
  });
}

const doc = buildOpenApiDocument(apiContracts, { version: 'test' }) as {
  paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }> }>>;
};

describe('the OpenAPI document', () => {
  it('has every /api/v1 route and method', () => {
    const routes = routesOnDisk();
    expect(routes).toContain('get /api/v1/pairs');
    expect(routes).toContain('get /api/v1/corpora');
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('says which operations take only a browser session: no bearer scheme, an extension and a sentence', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods)) as unknown as Array<{
      summary: string;
      description?: string;
      security: unknown[];
      'x-session-only'?: boolean;
    }>;
    const sessionOnly = operations.filter((o) => o['x-session-only']);
    expect(sessionOnly.map((o) => o.summary)).toHaveLength(apiContracts.filter((c) => c.sessionOnly).length);
    expect(sessionOnly.length).toBeGreaterThanOrEqual(7);
    for (const operation of sessionOnly) {
      expect(operation.security, operation.summary).toEqual([{ session: [] }]);
      expect(operation.description, operation.summary).toMatch(/Browser session only: an API token is refused with 403/);
    }
    const createToken = doc.paths['/api/v1/tokens']!.post as unknown as { 'x-session-only'?: boolean };
    expect(createToken['x-session-only']).toBe(true);
    const listCorpora = doc.paths['/api/v1/corpora']!.get as unknown as { security: unknown[]; 'x-session-only'?: boolean };
    expect(listCorpora.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(listCorpora['x-session-only']).toBeUndefined();
  });

  it('documents every filter parameter of the pair list', () => {
    const names = doc.paths['/api/v1/pairs']!.get!.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const key of [...measureKeys, 'length']) expect(names).toEqual(expect.arrayContaining([`min.${key}`, `max.${key}`]));
    expect(names).toEqual(
      expect.arrayContaining([
        'corpus',
        'q',
        'tier',
        'type',
        'campaign',
        'state',
        'relation',
        'label',
        'cell',
        'sort',
        'limit',
        'cursor',
        'count',
      ]),
    );
  });
});

describe('the pair list query', () => {
  const issues = (query: Record<string, string>) => {
    const result = pairQuerySchema.safeParse(query);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('turns valid parameters into a filter', () => {
    const result = pairQuerySchema.parse({ corpus: 'a', 'min.bleu': '0.5', 'final.semantic': '4', count: 'true' });
    expect(result.count).toBe(true);
    expect(result.filter).toMatchObject({
      corpora: ['a'],
      ranges: [{ key: 'bleu', min: 0.5, max: null }],
      finals: [{ question: 'semantic', values: ['4'] }],
    });
  });

  it('names what is wrong', () => {
    expect(issues({ 'min.nope': '1' })[0]).toMatch(/^min\.nope: unknown measure "nope"/);
    expect(issues({ 'min.bleu': '0.9', 'max.bleu': '0.1' })).toEqual(['min.bleu: min.bleu (0.9) is above max.bleu (0.1)']);
    expect(issues({ cursor: 'zzz' })[0]).toMatch(/^cursor: is not a cursor/);
    expect(issues({ colour: 'red' })).toEqual(['colour: is not a parameter of this route']);
    expect(issues({ count: 'yes' })).toHaveLength(1);
  });
});
