/**
 * The `paralens` command bundled (docs/decisions/020-cli-bundle.md): loading the command line's
 * TypeScript through tsx's module hooks cost about 2.7 s of CPU per process (every job process,
 * every command a test runs), the same modules bundled by esbuild about 1 s. The
 * bundle is built when a command first runs and again whenever it is older than any file it was
 * built from (or any folder of them, so an added command counts), and lives under
 * node_modules/.cache/paralens/cli-bundle/, split at each dynamic import so a command loads only its
 * own modules and packages. Packages stay outside it, imported by Node as they are;
 * `import.meta.url` in each source file keeps naming that file, so paths relative to it
 * (migrations, the Prisma client's engine, workers' modules) do not move. Should the build fail,
 * the caller falls back to tsx: the bundle is an optimisation, never a second way to be wrong.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logDir, projectRoot } from './prepare-checkout.mjs';

export const bundleDir = path.join(logDir, 'cli-bundle');
/** which build is current and what it was built from: { builtAt, build, paths } */
const inputsFileIn = (dir) => path.join(dir, 'cli.inputs.json');
const entry = 'scripts/cli/bundle-entry.ts';
/** besides the sources: what decides how they are bundled */
const settingsFiles = ['tsconfig.json', 'package.json', 'scripts/lib/cli-bundle.mjs'];
/** A build replaced this long ago is removed (a process started from it has loaded its chunks by then). */
const KEEP_REPLACED_MS = 60 * 60_000;

/** The current build's entry when it is newer than everything it was built from, else null. */
export function freshBundle(dir = bundleDir) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFileIn(dir), 'utf8'));
  } catch {
    return null;
  }
  // written by another version of this file (the first, single-file bundle had no `build`): stale
  if (typeof inputs?.build !== 'string' || typeof inputs.builtAt !== 'number' || !Array.isArray(inputs.paths)) return null;
  const entryFile = path.join(dir, inputs.build, 'bundle-entry.js');
  if (!existsSync(entryFile)) return null;
  for (const p of inputs.paths) {
    try {
      if (statSync(path.join(projectRoot, String(p))).mtimeMs >= inputs.builtAt) return null;
    } catch {
      return null; // removed
    }
  }
  return entryFile;
}

/** `import.meta.url`, `.dirname` and `.filename` of a source file, written out as its own. */
function keepImportMeta(source, file) {
  return source
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
    .replaceAll('import.meta.filename', JSON.stringify(file));
}

/** Packages stay outside the bundle, except one whose entry is JSON (Node would want an import attribute). */
function isBundledPackage(specifier) {
  return specifier === 'stopwords-iso';
}

/**
 * Builds the bundle into a folder of its own (an entry, and a chunk per command and per module a
 * command loads when it runs, each importing only the packages it needs), makes it the current one,
 * and returns its entry. Builds replaced over an hour ago are removed.
 */
export async function buildBundle(dir = bundleDir) {
  const { build } = await import('esbuild');
  const inputsFile = inputsFileIn(dir);
  mkdirSync(dir, { recursive: true });
  const builtAt = Date.now();
  const name = `build-${builtAt}-${process.pid}`;
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [entry],
    outdir: path.join(dir, name),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: 'tsconfig.json',
    metafile: true,
    logLevel: 'silent',
    // bundled CommonJS (none today) and createRequire-less `require` calls resolve from the project
    banner: {
      js: `import { createRequire as __paralensRequire } from 'node:module'; const require = __paralensRequire(${JSON.stringify(pathToFileURL(path.join(projectRoot, 'package.json')).href)});`,
    },
    plugins: [
      {
        name: 'paralens',
        setup(b) {
          // a package (a bare name, not the project's `@/` paths): imported by Node at run time
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.kind === 'entry-point' || args.path.startsWith('@/') || isBundledPackage(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
          // the tests beside the commands (matched by main.ts's `./commands/${name}.ts`) are never run from the bundle
          b.onLoad({ filter: /\.test\.ts$/ }, () => ({ contents: 'export {};', loader: 'ts' }));
          b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const source = await readFile(args.path, 'utf8');
            return { contents: keepImportMeta(source, args.path), loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
          });
        },
      },
    ],
  });
  const files = Object.keys(result.metafile.inputs)
    .filter((p) => !p.startsWith('node_modules/') && !p.includes(':'))
    .filter((p) => !p.endsWith('.test.ts'));
  const dirs = [...new Set(files.map((p) => path.dirname(p)))];
  writeFileSync(
    `${inputsFile}.${process.pid}.partial`,
    JSON.stringify({ builtAt, build: name, paths: [...settingsFiles, ...dirs, ...files] }),
  );
  renameSync(`${inputsFile}.${process.pid}.partial`, inputsFile);
  rmSync(path.join(dir, 'cli.mjs'), { force: true }); // the first version's single file
  for (const other of readdirSync(dir)) {
    if (!other.startsWith('build-') || other === name) continue;
    const folder = path.join(dir, other);
    if (Date.now() - statSync(folder).mtimeMs > KEEP_REPLACED_MS) rmSync(folder, { recursive: true, force: true });
  }
  return path.join(dir, name, 'bundle-entry.js');
}

/** The bundle, built first when it is missing or stale; null when it cannot be built (the caller uses tsx). */
export async function cliBundle({ log = () => {}, dir = bundleDir } = {}) {
  try {
    return freshBundle(dir) ?? (await buildBundle(dir));
  } catch (error) {
    log(
      `paralens: running from the sources (the command-line bundle could not be built: ${String(error?.message ?? error).split('\n')[0]})`,
    );
    rmSync(`${inputsFileIn(dir)}.${process.pid}.partial`, { force: true });
    return null;
  }
}
