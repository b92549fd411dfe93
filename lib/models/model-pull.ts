/**
 * `paralens models pull`: fetches the paper's model files into the model folder, and nothing else
 * ever downloads them. ST comes from the Hugging Face Hub (sentence-transformers/
 * paraphrase-mpnet-base-v2: its ONNX export and tokenizer files); BERTScore from FacebookAI/
 * roberta-large (its published model.onnx, a masked-LM export, whose graph is then edited so that
 * its output is layer 17's hidden state: lib/models/onnx-layer-output.ts; the tokenizer files);
 * WMS from fastText's published wiki-news-300d-1M-subword vectors (a zip, unpacked to the .vec file).
 *
 * Downloads (lib/models/hub-download.ts) are resumable and checked against the sha256 or git sha1
 * the Hub publishes; where nothing is published (the fastText zip), against the checksum recorded at
 * the first download (`pulled.json` in the model folder), else it is recorded. HF_ENDPOINT, HF_TOKEN
 * and the proxy variables are honoured; offline, PullOfflineError says so in one line.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { downloadFile, hubFileUrl, type DownloadResult, type PullEnv, type PullProgress } from './hub-download';
import { exposeHiddenLayer } from './onnx-layer-output';
import { setting } from '@/lib/config/settings';

export {
  downloadFile,
  hubFileUrl,
  proxyFor,
  PullChecksumError,
  PullOfflineError,
  type DownloadResult,
  type PullEnv,
  type PullProgress,
} from './hub-download';

export type PullMeasure = 'st' | 'bertscore' | 'wms' | 'st-multilingual';
/** The paper's models (`pull all`). */
export const PULL_MEASURES: readonly PullMeasure[] = ['st', 'bertscore', 'wms'];
/** Everything `models pull` can fetch: the paper's models and ST's multilingual model for corpora not in English. */
export const PULL_TARGETS: readonly PullMeasure[] = [...PULL_MEASURES, 'st-multilingual'];

export const ST_REPO = 'sentence-transformers/paraphrase-mpnet-base-v2';
/**
 * ST for corpora in other languages (lib/models/model-folder.ts ST_MULTILINGUAL_SPEC): the paper's
 * ST model's multilingual sibling (Reimers & Gurevych 2020), 50+ languages.
 */
export const ST_MULTILINGUAL_REPO = 'sentence-transformers/paraphrase-multilingual-mpnet-base-v2';
export const FASTTEXT_URL = 'https://dl.fbaipublicfiles.com/fasttext/vectors-english/wiki-news-300d-1M-subword.vec.zip';
const FASTTEXT_VEC = 'wiki-news-300d-1M-subword.vec';

interface HubFile {
  path: string;
  required: boolean;
}

/** The ST files the model folder expects (lib/models/model-folder.ts), as the Hub repository names them. */
export const ST_FILES: readonly HubFile[] = [
  { path: 'onnx/model.onnx', required: true },
  { path: 'tokenizer.json', required: true },
  { path: 'tokenizer_config.json', required: true },
  { path: '1_Pooling/config.json', required: true },
  { path: 'sentence_bert_config.json', required: false },
  { path: 'modules.json', required: false },
];

/**
 * BERTScore's source: the paper's roberta-large, whose repository holds an ONNX export of the
 * masked-LM model (model.onnx, 1.63 GB).
 */
export const BERTSCORE_REPO = 'FacebookAI/roberta-large';
/** bert_score's layer for roberta-large (its model2layers table): hidden_states[17]. */
export const BERTSCORE_LAYER = 17;
export const BERTSCORE_FILES: readonly HubFile[] = [
  { path: 'tokenizer.json', required: true },
  { path: 'tokenizer_config.json', required: true },
];

export interface PullOptions {
  modelsDir: string;
  env?: PullEnv;
  onProgress?: (progress: PullProgress) => void;
  /** told of each file installed or already there */
  onFile?: (line: string) => void;
}

// ── zip ────────────────────────────────────────────────────────────────────

/** Unpacks the first entry of a zip (deflate, as fastText publishes it) to `dest`, through `dest.part`. */
export async function unzipFirstEntry(zip: string, dest: string): Promise<void> {
  const handle = await open(zip, 'r');
  let dataStart: number;
  let method: number;
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, 0);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${zip} is not a zip file`);
    method = header.readUInt16LE(8);
    dataStart = 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (method !== 8) throw new Error(`${zip}: compression method ${method} is not supported (deflate expected)`);
  const part = `${dest}.part`;
  // inflateRaw ends at the end of the deflate stream; the central directory after it is ignored.
  const inflate = createInflateRaw();
  const out = createWriteStream(part);
  const reading = createReadStream(zip, { start: dataStart });
  await new Promise<void>((resolve, reject) => {
    reading.on('error', reject);
    inflate.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    inflate.on('end', () => reading.destroy());
    reading.pipe(inflate).pipe(out);
  });
  await rename(part, dest);
}

// ── the measures ───────────────────────────────────────────────────────────

interface Recorded {
  [source: string]: { sha256: string; bytes: number; at: string };
}

const recordFile = (modelsDir: string) => path.join(modelsDir, 'pulled.json');

async function readRecorded(modelsDir: string): Promise<Recorded> {
  try {
    return JSON.parse(await readFile(recordFile(modelsDir), 'utf8')) as Recorded;
  } catch {
    return {};
  }
}

async function record(modelsDir: string, source: string, result: DownloadResult): Promise<void> {
  const recorded = await readRecorded(modelsDir);
  recorded[source] = { sha256: result.sha256, bytes: result.bytes, at: new Date().toISOString() };
  await writeFile(recordFile(modelsDir), `${JSON.stringify(recorded, null, 1)}\n`);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

function hubOptions(env: PullEnv, label: string, options: PullOptions) {
  const token = setting('HF_TOKEN', env);
  return { env, ...(token ? { token } : {}), label, ...(options.onProgress ? { onProgress: options.onProgress } : {}) };
}

function describeCheck(result: DownloadResult): string {
  return result.published.sha256
    ? 'sha256 as the Hub publishes it'
    : result.published.gitSha1
      ? 'git sha1 as the Hub publishes it'
      : 'no checksum published; recorded';
}

const describeBytes = (result: DownloadResult) =>
  `${result.bytes.toLocaleString('en')} bytes${result.resumedFrom > 0 ? `, resumed at ${result.resumedFrom.toLocaleString('en')}` : ''}`;

/** Each file of `repo` into <models>/<measure>/ under the same path, unless it is there. */
async function pullHubFiles(
  measure: PullMeasure,
  repo: string,
  files: readonly HubFile[],
  options: PullOptions,
  env: PullEnv,
): Promise<void> {
  const dir = path.join(options.modelsDir, measure);
  for (const file of files) {
    const dest = path.join(dir, ...file.path.split('/'));
    if (await exists(dest)) {
      options.onFile?.(`${measure}: ${file.path} is there already`);
      continue;
    }
    const result = await downloadFile(hubFileUrl(env, repo, file.path), dest, {
      ...hubOptions(env, `${measure}/${file.path}`, options),
      notFoundOk: !file.required,
    });
    if (!result) {
      options.onFile?.(`${measure}: ${file.path} is not in ${repo} (optional)`);
      continue;
    }
    await record(options.modelsDir, `${repo}/${file.path}`, result);
    options.onFile?.(`${measure}: ${file.path} installed (${describeBytes(result)}; ${describeCheck(result)})`);
  }
}

/**
 * BERTScore: the tokenizer files, then roberta-large's published model.onnx (downloaded beside, resumable
 * and checked), edited into onnx/model.onnx whose only output is hidden_states[17]; the download is
 * removed once the edit succeeded and kept otherwise (the next run edits it without downloading again).
 */
async function pullBertScore(options: PullOptions, env: PullEnv): Promise<void> {
  await pullHubFiles('bertscore', BERTSCORE_REPO, BERTSCORE_FILES, options, env);
  const dir = path.join(options.modelsDir, 'bertscore', 'onnx');
  const model = path.join(dir, 'model.onnx');
  if (await exists(model)) {
    options.onFile?.('bertscore: onnx/model.onnx is there already');
    return;
  }
  const full = path.join(dir, 'roberta-large-mlm.onnx');
  let downloaded = '';
  if (await exists(full)) downloaded = `${BERTSCORE_REPO}'s model.onnx downloaded before`;
  else {
    const result = (await downloadFile(
      hubFileUrl(env, BERTSCORE_REPO, 'model.onnx'),
      full,
      hubOptions(env, 'bertscore/model.onnx', options),
    ))!;
    await record(options.modelsDir, `${BERTSCORE_REPO}/model.onnx`, result);
    downloaded = `${BERTSCORE_REPO}'s model.onnx (${describeBytes(result)}; ${describeCheck(result)})`;
  }
  const label = `bertscore/onnx/model.onnx (layer ${BERTSCORE_LAYER})`;
  let edit;
  try {
    edit = await exposeHiddenLayer(full, model, {
      layer: BERTSCORE_LAYER,
      onProgress: (done, total) => options.onProgress?.({ file: label, done, total }),
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}. The download stays in ${full}`);
  }
  await rm(full, { force: true });
  options.onFile?.(
    `bertscore: onnx/model.onnx made from ${downloaded}: its output is now layer ${BERTSCORE_LAYER}'s hidden state (${edit.tensor}) in place of ${edit.replaced.join(', ')}`,
  );
}

async function pullWms(options: PullOptions, env: PullEnv): Promise<void> {
  const dir = path.join(options.modelsDir, 'wms');
  const vec = path.join(dir, FASTTEXT_VEC);
  if (await exists(vec)) {
    options.onFile?.(`wms: ${FASTTEXT_VEC} is there already`);
    return;
  }
  const url = setting('PARALENS_FASTTEXT_URL', env) ?? FASTTEXT_URL;
  const zip = path.join(dir, `${FASTTEXT_VEC}.zip`);
  const recorded = (await readRecorded(options.modelsDir))[FASTTEXT_URL];
  const result = await downloadFile(url, zip, {
    env,
    label: `wms/${FASTTEXT_VEC}.zip`,
    ...(recorded ? { expectedSha256: recorded.sha256 } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await record(options.modelsDir, FASTTEXT_URL, result!);
  await unzipFirstEntry(zip, vec);
  await rm(zip, { force: true });
  const check = recorded
    ? 'sha256 matches the one recorded at the first download'
    : `no checksum published; sha256 ${result!.sha256} recorded in pulled.json`;
  options.onFile?.(`wms: ${FASTTEXT_VEC} installed (zip ${result!.bytes.toLocaleString('en')} bytes, unpacked; ${check})`);
}

/** Pulls the measures' files; throws PullOfflineError (one line), PullChecksumError or another error naming the file. */
export async function pullModels(measures: readonly PullMeasure[], options: PullOptions): Promise<void> {
  const env = options.env ?? process.env;
  for (const measure of measures) {
    if (measure === 'st') await pullHubFiles('st', ST_REPO, ST_FILES, options, env);
    else if (measure === 'st-multilingual') await pullHubFiles('st-multilingual', ST_MULTILINGUAL_REPO, ST_FILES, options, env);
    else if (measure === 'wms') await pullWms(options, env);
    else await pullBertScore(options, env);
  }
}
