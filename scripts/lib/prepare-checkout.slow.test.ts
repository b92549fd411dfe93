/**
 * What `npm start` prints while it prepares a checkout (scripts/lib/prepare-checkout.mjs), run on a
 * scratch copy of the project whose `npm` and `prisma` are stand-ins: `npm` prints what the real
 * `npm ci` printed on Node 20 (__fixtures__/npm-ci-output.txt: 3 ERESOLVE warnings, 1 EBADENGINE,
 * 64 lines in all). The terminal gets one line per step, the warnings counted, and the log file has
 * all of it. Slow: it spawns node.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const npmOutput = path.join(here, '__fixtures__', 'npm-ci-output.txt');

function scratchProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'paralens-prepare-'));
  mkdirSync(path.join(root, 'scripts', 'lib'), { recursive: true });
  copyFileSync(path.join(here, 'prepare-checkout.mjs'), path.join(root, 'scripts', 'lib', 'prepare-checkout.mjs'));
  mkdirSync(path.join(root, 'prisma'));
  writeFileSync(path.join(root, 'prisma', 'schema.prisma'), '// stand-in\n');
  writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  // `npm ci`: prints the real run's output and installs a stand-in prisma
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh
cat "${npmOutput}" >&2
mkdir -p node_modules/.bin
printf '{}' > node_modules/.package-lock.json
printf '#!/bin/sh\\necho "Prisma schema loaded from prisma/schema.prisma"\\necho "✔ Generated Prisma Client (7.10.1) to ./lib/db/generated in 1.76s"\\nmkdir -p lib/db/generated && echo // > lib/db/generated/client.ts\\n' > node_modules/.bin/prisma
chmod +x node_modules/.bin/prisma
`,
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  return root;
}

describe("the start's preparation of a fresh checkout", () => {
  it('prints one line per step, the npm warnings counted, and keeps the tools’ output in log files', () => {
    const root = scratchProject();
    try {
      const result = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', "import('./scripts/lib/prepare-checkout.mjs').then((m) => m.prepareCheckout())"],
        { cwd: root, env: { ...process.env, PATH: `${path.join(root, 'bin')}:${process.env.PATH}` }, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      const printed = `${result.stdout}${result.stderr}`.split('\n').filter((l) => l.trim() !== '');
      expect(printed).toEqual([
        'Installing dependencies (npm ci) …',
        expect.stringMatching(
          /^Installed the dependencies in \d+ s \(npm warned: 3 ERESOLVE, 1 EBADENGINE; expected, see the README's Quick start\); npm's output: node_modules\/\.cache\/paralens\/npm-ci\.log$/,
        ) as string,
        'Generating the Prisma client …',
      ]);
      const log = readFileSync(path.join(root, 'node_modules', '.cache', 'paralens', 'npm-ci.log'), 'utf8');
      expect(log).toBe(readFileSync(npmOutput, 'utf8'));
      expect(readFileSync(path.join(root, 'node_modules', '.cache', 'paralens', 'prisma-generate.log'), 'utf8')).toContain(
        'Generated Prisma Client',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
