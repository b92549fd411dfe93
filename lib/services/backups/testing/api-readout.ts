/**
 * For the backup tests: reads a database through the API as a client would, in a process of its own
 * (the app's database client is one per process, for DATABASE_URL), and prints every answer as one
 * JSON object { path: body }. Exports are run with `paralens export` into OUT_DIR and read back as
 * text, so a test can compare two databases byte for byte.
 *   DATABASE_URL, READOUT_TOKEN (an admin's API token), READOUT_CORPORA (slugs), READOUT_CAMPAIGN (id
 *   and slug as id:slug), READOUT_OUT (a folder)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { runInMemory } from '@/scripts/cli/memory-io';
import { run as runExport } from '@/scripts/cli/commands/export';

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const env = process.env;
const token = env.READOUT_TOKEN ?? '';
const corpora = (env.READOUT_CORPORA ?? '').split(',').filter(Boolean);
const [campaignId = '', campaignSlug = ''] = (env.READOUT_CAMPAIGN ?? '').split(':');
const out = env.READOUT_OUT ?? '';

async function get(file: string, url: string, params: Record<string, string>): Promise<string> {
  const { GET } = (await import(`@/app/api/v1/${file}/route`)) as { GET: Handler };
  const response = await GET(new NextRequest(`http://127.0.0.1${url}`, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve(params),
  });
  return `${response.status} ${await response.text()}`;
}

const answers: Record<string, string> = {};
answers['/api/v1/corpora'] = await get('corpora', '/api/v1/corpora?all=true', {});
for (const slug of corpora) {
  answers[`/api/v1/corpora/${slug}/measures`] = await get('corpora/[slug]/measures', `/api/v1/corpora/${slug}/measures`, {
    slug,
  });
  answers[`/api/v1/corpora/${slug}/map`] = await get('corpora/[slug]/map', `/api/v1/corpora/${slug}/map`, { slug });
  const pairs = `/api/v1/pairs?corpus=${slug}&limit=500&sort=id`;
  answers[pairs] = await get('pairs', pairs, {});
}
const id = campaignId;
for (const [part, query] of Object.entries({
  '': '',
  '/annotations': '',
  '/final': '',
  '/agreement': '',
  '/map': '',
  '/correlations': '',
  '/distributions': '?question=semantic',
})) {
  const url = `/api/v1/campaigns/${id}${part}${query}`;
  answers[url] = await get(`campaigns/[id]${part}`, url, { id });
}
answers['/api/v1/audit'] = await get('audit', '/api/v1/audit?limit=200', {});

const exports: Array<[string, string[]]> = [
  ['campaign.csv', ['--campaign', campaignSlug, '--format', 'csv', '--include', 'texts,measures,raw,aggregated,agreement']],
  ['campaign.jsonl', ['--campaign', campaignSlug, '--format', 'jsonl']],
  ...corpora.map((slug): [string, string[]] => [`${slug}.jsonl`, ['--corpus', slug, '--format', 'jsonl']]),
];
for (const [name, args] of exports) {
  const file = path.join(out, name);
  const result = await runInMemory(runExport, [...args, '--out', file]);
  answers[`export ${name}`] = result.code === 0 ? await readFile(file, 'utf8') : `failed: ${result.stderr}`;
}
process.stdout.write(JSON.stringify(answers));
process.exit(0);
