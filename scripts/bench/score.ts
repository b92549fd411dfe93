/**
 * `npm run bench:score`: speed of the semantic measures.
 * 1. WordNet on the 16,000 PAWS pairs of ../shared/datasets/paws (target 5,000 pairs/s): pairs/s of
 *    wall time and per CPU second (which other work on a shared machine does not inflate).
 * 2. Texts/s of each model measure on 2,000 caption-like texts, with the models in PARALENS_MODELS
 *    when it is set (real models), otherwise the tiny test models; for the ONNX encoders, the same
 *    batches through a bare onnxruntime session (no tokenising, pooling or copying) in the same run:
 *    the physical limit of the model on this machine, and our time as a multiple of it.
 * GloVe: load time and memory of the vectors, pairs/s of wmsGlove and gloveCosine on PAWS and on
 *    100,000 generated caption pairs (lib/glove-bench.ts; needs `paralens models add glove`).
 * 3. A whole scoring job on an embedded PostgreSQL: a generated Wikipedia-IPC corpus (captions of
 *    one image recur in several pairs) scored with every measure; pairs/s, and texts embedded
 *    against distinct texts and pairs scored.
 * 4. WordNet on 100,000 generated caption pairs: the measure alone (pairs/s, target 5,000), then
 *    the automatic WordNet job on the same corpus (job pairs/s: time-sized batches, one UPDATE each).
 * 5. The automatic job after importing 300,000 generated caption pairs, with the measures the model
 *    folder offers (availableMeasures; needs the GloVe vectors): target within 2 minutes
 *    (lib/auto-job-bench.ts).
 *    `-- <pairs> <wordnet pairs> <auto-job pairs>` changes the sizes of 3, 4 and 5.
 * It ends with a table of the targets beside the figures measured, with the load average.
 */
import { fmt } from './lib/format';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabaseHandle, type Database } from '@/lib/db/database';
import { applyMigrations } from '@/lib/db/migrations';
import { createCorpus } from '@/lib/db/corpora/corpora';
import { createScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { runImport } from '@/lib/services/imports/run-import';
import { runScoring } from '@/lib/services/scoring/run-scoring';
import { inspectModel } from '@/lib/models/model-folder';
import { BertScoreModel } from '@/lib/models/bertscore-model';
import { SentenceModel } from '@/lib/models/sentence-model';
import type { OnnxTextEncoder } from '@/lib/models/onnx-encoder';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { closeScorers, openScorers, openWordNetScorer, type TextScorer } from '@/lib/models/text-scorers';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';
import { loadavg } from 'node:os';
import { writeIpcFixture } from './lib/ipc-fixture';
import { jobOwner, releaseJobOwner } from '@/lib/runtime/job-owner';
import { benchGlove } from './lib/glove-bench';
import { benchAutoJob } from './lib/auto-job-bench';
import { TargetTable } from './lib/targets';
import { inspectGlove } from '@/lib/models/glove-vectors';
import { setting } from '@/lib/config/settings';

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
const dir = await mkdtemp(path.join(tmpdir(), 'paralens-bench-score-'));
await chmod(dir, 0o755);
const realModels = setting('PARALENS_MODELS');
const modelsDir = realModels ? path.resolve(realModels) : path.join(dir, 'models');
if (!realModels) await writeTinyModelFolder(modelsDir);
const targets = new TargetTable();
console.log(
  `Load average at the start: ${loadavg()
    .map((x) => fmt(x, 1))
    .join(' ')} (2 cores)`,
);
console.log(
  `Models: ${realModels ? `${modelsDir} (PARALENS_MODELS)` : 'the tiny test models (set PARALENS_MODELS to measure real ones)'}`,
);

// ── 1. WordNet on PAWS ───────────────────────────────────────────────────────
const pawsDir = path.resolve(import.meta.dirname, '../../../shared/datasets/paws');
if (existsSync(pawsDir)) {
  const pairs = ['dev.tsv', 'test.tsv'].flatMap((f) =>
    readFileSync(path.join(pawsDir, f), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter((c) => c.length >= 3)
      .map((c) => [c[1]!, c[2]!] as const),
  );
  let t = performance.now();
  const wordnet = await openWordNetScorer();
  const loadS = (performance.now() - t) / 1000;
  t = performance.now();
  const cpu = process.cpuUsage();
  const reps = await wordnet.prepare(pairs.flat());
  let sum = 0;
  for (let k = 0; k < pairs.length; k += 1) sum += wordnet.score(reps[2 * k]!, reps[2 * k + 1]!);
  const s = (performance.now() - t) / 1000;
  const cpuS = cpuSeconds(process.cpuUsage(cpu));
  console.log(
    `\n1. WordNet on the ${fmt(pairs.length)} PAWS pairs: ${fmt(s, 1)} s (+ ${fmt(loadS, 1)} s to load WordNet), ${fmt(pairs.length / s)} pairs/s (${fmt(pairs.length / cpuS)} per CPU second), mean ${fmt(sum / pairs.length, 3)}, peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB, load average ${fmt(loadavg()[0]!, 1)}; target 5,000 pairs/s: ${pairs.length / s >= 5000 ? 'met' : 'missed'}`,
  );
  targets.atLeast('WordNet on PAWS ≥ 5,000 pairs/s', pairs.length / s, 5000, 'pairs/s');
  targets.atLeast('  the same per CPU second', pairs.length / cpuS, 5000, 'pairs/s');
} else {
  console.log(`\n1. WordNet on PAWS: skipped, ${pawsDir} is absent`);
}

// ── GloVe measures (their own function: lib/glove-bench.ts) ────────────────
await benchGlove(modelsDir, pawsDir, dir, targets);

// ── 2. Texts/s per measure, and the bare ONNX session on the same batches ─────
const fixture = path.join(dir, 'captions.jsonl');
await writeIpcFixture(fixture, { pairs: 3000, seed: 7 });
const texts = [
  ...new Set(
    readFileSync(fixture, 'utf8')
      .trim()
      .split('\n')
      .flatMap((l) => {
        const r = JSON.parse(l) as { first: { 'caption-text': string }; second: { 'caption-text': string } };
        return [r.first['caption-text'], r.second['caption-text']];
      }),
  ),
].slice(0, 2000);

async function bareSession(encoder: OnnxTextEncoder): Promise<number> {
  const batches: ReturnType<OnnxTextEncoder['tokenize']>[][] = [];
  const tokenized = texts.map((t) => encoder.tokenize(t)).sort((a, b) => a.ids.length - b.ids.length);
  for (let i = 0; i < tokenized.length; i += 32) batches.push(tokenized.slice(i, i + 32));
  const t = performance.now();
  for (const b of batches) await encoder.runBatch(b);
  return (performance.now() - t) / 1000;
}

console.log(
  `\n2. Texts/s on ${fmt(texts.length)} distinct caption-like texts (mean ${fmt(texts.reduce((n, t) => n + t.split(' ').length, 0) / texts.length, 1)} words), then pairs/s of scoring`,
);
const { scorers, unavailable } = await openScorers(['st', 'bertscore', 'wms', 'wordnet'], modelsDir);
for (const u of unavailable) console.log(`  ${u.measure.padEnd(10)} skipped: ${u.message}`);
async function timeScorer(scorer: TextScorer): Promise<void> {
  let t = performance.now();
  const reps = await scorer.prepare(texts);
  const prepS = (performance.now() - t) / 1000;
  t = performance.now();
  let n = 0;
  for (let i = 0; i + 1 < reps.length; i += 1) {
    scorer.score(reps[i], reps[i + 1]);
    n += 1;
  }
  const scoreS = (performance.now() - t) / 1000;
  let limit = '';
  if (scorer.measure === 'st' || scorer.measure === 'bertscore') {
    const status = inspectModel(modelsDir, scorer.measure);
    const model = scorer.measure === 'st' ? await SentenceModel.load(status) : await BertScoreModel.load(status);
    const bare = await bareSession(model.encoder);
    await model.close();
    limit = `; bare onnxruntime session on the same batches ${fmt(texts.length / bare)} texts/s → ours ${fmt(prepS / bare, 2)}× the model's own time`;
  }
  console.log(
    `  ${scorer.measure.padEnd(10)} ${fmt(texts.length / prepS).padStart(8)} texts/s, ${fmt(n / scoreS).padStart(9)} pairs/s scoring prepared texts${limit}`,
  );
}
for (const scorer of scorers) await timeScorer(scorer);
await closeScorers(scorers);

// ── 4. WordNet at scale ─────────────────────────────────────────────────────
async function wordnetAtScale(db: Database): Promise<void> {
  const pairs = Number(process.argv[3] ?? 100_000);
  const file = path.join(dir, 'captions-wordnet.jsonl');
  await writeIpcFixture(file, { pairs, seed: 23 });
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const r = JSON.parse(l) as { first: { 'caption-text': string }; second: { 'caption-text': string } };
      return [r.first['caption-text'], r.second['caption-text']] as const;
    });
  const scorer = await openWordNetScorer();
  let t = performance.now();
  const cpu = process.cpuUsage();
  const texts = [...new Set(rows.flat())];
  const prepared = await scorer.prepare(texts);
  const byText = new Map(texts.map((text, i) => [text, prepared[i]!]));
  for (const [a, b] of rows) scorer.score(byText.get(a)!, byText.get(b)!);
  const measureS = (performance.now() - t) / 1000;
  const cpuS = cpuSeconds(process.cpuUsage(cpu));
  console.log(
    `\n4. WordNet on ${fmt(rows.length)} generated caption pairs (${fmt(texts.length)} distinct texts), load average ${loadavg()
      .map((x) => fmt(x, 1))
      .join(' ')}`,
  );
  console.log(
    `  measure alone: ${fmt(measureS, 1)} s, ${fmt(rows.length / measureS)} pairs/s (${fmt(rows.length / cpuS)} per CPU second; each distinct text prepared once), peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB; target 5,000 pairs/s: ${rows.length / measureS >= 5000 ? 'met' : 'missed'}`,
  );
  targets.atLeast(`WordNet on ${fmt(rows.length)} captions ≥ 5,000 pairs/s`, rows.length / measureS, 5000, 'pairs/s');
  targets.atLeast('  the same per CPU second', rows.length / cpuS, 5000, 'pairs/s');
  const corpus = await createCorpus(db, { name: 'bench-wordnet', slug: 'bench-wordnet' });
  await runImport({ db, filePath: file, corpusId: corpus.id, followUpScoring: false });
  const job = await createScoringJob(db, {
    corpusId: corpus.id,
    createdById: null,
    measures: ['wordnet'],
    ownerId: await jobOwner(db),
  });
  t = performance.now();
  const report = await runScoring({ db, jobId: job.id, modelsDir });
  const jobS = (performance.now() - t) / 1000;
  console.log(
    `  scoring job: ${report.status.toLowerCase()} in ${fmt(jobS, 1)} s, ${fmt(report.pairsScored / jobS)} pairs/s, ${report.retries} retries; 300,000 pairs at this rate: ${fmt((300_000 / report.pairsScored) * jobS, 0)} s (target 120 s with the GloVe measures)`,
  );
}

// ── 3. A scoring job on an embedded PostgreSQL ──────────────────────────────
const jobPairs = Number(process.argv[2] ?? 20_000);
const corpusFile = path.join(dir, 'wikipedia-ipc-silver.jsonl');
await writeIpcFixture(corpusFile, { pairs: jobPairs, seed: 11 });
const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pgdata'), password: 'bench' });
try {
  await applyMigrations(server.url);
  const db = openDatabaseHandle(server.url);
  const corpus = await createCorpus(db, { name: 'bench', slug: 'bench' });
  const imported = await runImport({
    db,
    filePath: corpusFile,
    corpusId: corpus.id,
    followUpScoring: false,
  });
  const distinct = await db.text.count({ where: { corpusId: corpus.id } });
  const job = await createScoringJob(db, {
    corpusId: corpus.id,
    createdById: null,
    measures: ['st', 'bertscore', 'wms', 'wmsGlove', 'gloveCosine', 'wordnet'],
    ownerId: await jobOwner(db),
  });
  const t = performance.now();
  const report = await runScoring({ db, jobId: job.id, modelsDir });
  const s = (performance.now() - t) / 1000;
  console.log(
    `\n3. Scoring job, ${fmt(imported.imported)} generated Wikipedia-IPC pairs with ${fmt(distinct)} distinct texts, measures ${report.measures.join(', ')}: ${report.status.toLowerCase()} in ${fmt(s, 1)} s`,
  );
  console.log(
    `  ${fmt(report.pairsScored / s)} pairs/s; texts embedded ${fmt(report.textsEmbedded)} (distinct texts ${fmt(distinct)}, pairs ${fmt(report.pairsScored)}: each text embedded ${fmt(report.textsEmbedded / distinct, 2)} times, ${fmt(report.textsEmbedded / report.pairsScored, 2)} texts per pair instead of 2)`,
  );
  await wordnetAtScale(db);
  if (inspectGlove(modelsDir).ready) {
    const seconds = await benchAutoJob({
      db,
      pgDataDir: path.join(dir, 'pgdata'),
      modelsDir,
      workDir: dir,
      pairs: Number(process.argv[4] ?? 300_000),
    });
    if (seconds !== null) targets.atMost('automatic job on 300,000 captions within 120 s', seconds, 120, 's');
  } else {
    console.log(
      `\n5. The automatic job with the GloVe measures: skipped, no vectors in ${modelsDir} (\`paralens models add glove\`, then PARALENS_MODELS=<that model folder>)`,
    );
  }
  await releaseJobOwner(db); // stops the lease renewal before the server stops
  await db.close();
  targets.print();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
