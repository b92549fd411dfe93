/**
 * `paralens models pull st|bertscore|wms|all`: downloads the paper's model files into the model
 * folder (lib/models/model-pull.ts).
 */
import { parseArgs } from 'node:util';
import { PULL_MEASURES, PULL_TARGETS, PullOfflineError, pullModels, type PullMeasure } from '@/lib/models/model-pull';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { CliIo } from '../io';
import { renderProgressLine } from '../progress-bar';

const usage = `Usage: paralens models pull st|bertscore|wms|all|st-multilingual

Downloads the paper's models (all: st, bertscore, wms) into the model folder
(PARALENS_MODELS, default <PARALENS_HOME>/models); nothing else in Paralens ever
downloads them.
  st         sentence-transformers/paraphrase-mpnet-base-v2 from the Hugging Face Hub
             (onnx/model.onnx and the tokenizer and pooling files, about 440 MB)
  st-multilingual
             sentence-transformers/paraphrase-multilingual-mpnet-base-v2, the same files
             (about 1.1 GB): ST of corpora not in English; without it they get no ST
  wms        fastText wiki-news-300d-1M-subword vectors (about 1 GB zip, 2.2 GB unpacked)
  bertscore  FacebookAI/roberta-large from the Hugging Face Hub: its model.onnx (1.63 GB),
             edited so that its output is layer 17's hidden state (as bert_score reads it),
             and the tokenizer files; the unedited download is removed afterwards

A broken-off download continues where it stopped when the command runs again. Every
file is checked against the checksum the Hub publishes (or the one recorded at the
first download) before it is installed. Honours HF_ENDPOINT, HF_TOKEN, HTTPS_PROXY,
HTTP_PROXY, NO_PROXY, and PARALENS_FASTTEXT_URL (a mirror of the fastText zip).
`;

export async function run(args: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({
      args,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }));
    if (args.includes('--help') || args.includes('-h')) {
      io.stdout.write(usage);
      return 0;
    }
  } catch (error) {
    io.stderr.write(`paralens models pull: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const wanted = positionals.flatMap((p) => (p === 'all' ? [...PULL_MEASURES] : [p]));
  const unknown = wanted.filter((m) => !(PULL_TARGETS as readonly string[]).includes(m));
  if (wanted.length === 0 || unknown.length > 0) {
    io.stderr.write(
      `paralens models pull: ${wanted.length === 0 ? 'name what to pull' : `unknown: ${unknown.join(', ')}`} (st, bertscore, wms, all or st-multilingual)\n\n${usage}`,
    );
    return 2;
  }
  const modelsDir = resolveModelsDir(env);
  const started = Date.now();
  let drawn = false;
  try {
    await pullModels([...new Set(wanted)] as PullMeasure[], {
      modelsDir,
      env,
      onProgress: (p) => {
        if (!io.isTTY) return;
        drawn = true;
        io.stderr.write(
          `\r${renderProgressLine({ label: p.file, done: p.done, total: p.total ?? 0, records: p.done, elapsedMs: Date.now() - started }).replace(' records', ' bytes')}`,
        );
      },
      onFile: (line) => {
        if (drawn) io.stderr.write('\n');
        drawn = false;
        io.stdout.write(`${line}\n`);
      },
    });
    io.stdout.write(`Model folder: ${modelsDir}. \`paralens models --check\` loads each model and scores a pair.\n`);
    return 0;
  } catch (error) {
    if (drawn) io.stderr.write('\n');
    if (error instanceof PullOfflineError) {
      io.stderr.write(`${error.message}; put the files in ${modelsDir} by hand: README, Semantic models\n`);
      return 1;
    }
    io.stderr.write(`paralens models pull: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
