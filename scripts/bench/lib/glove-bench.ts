/**
 * bench:score, the GloVe measures (wmsGlove, gloveCosine): load time and memory of the vectors of
 * `paralens models add glove` in the model folder, then pairs/s of each measure on the PAWS pairs
 * and on 100,000 generated caption pairs, each distinct text prepared once (as a scoring job does).
 * Targets: vectors loaded in under 2 s and 150 MB; both measures on 100,000 pairs within 60 s.
 * Peak RSS of the process after each measure is printed too.
 */
import { fmt } from './format';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspectGlove, loadGloveVectors } from '@/lib/models/glove-vectors';
import { openGloveCosineScorer, openWmsGloveScorer, type TextScorer } from '@/lib/models/text-scorers';
import { writeIpcFixture } from './ipc-fixture';
import type { TargetTable } from './targets';

type Pairs = ReadonlyArray<readonly [string, string]>;

async function scorePairs(scorer: TextScorer, pairs: Pairs): Promise<{ seconds: number; mean: number }> {
  const t = performance.now();
  const distinct = [...new Set(pairs.flat())];
  const reps = await scorer.prepare(distinct);
  const index = new Map(distinct.map((text, i) => [text, reps[i]]));
  let sum = 0;
  for (const [a, b] of pairs) sum += scorer.score(index.get(a), index.get(b));
  return { seconds: (performance.now() - t) / 1000, mean: sum / pairs.length };
}

export async function benchGlove(modelsDir: string, pawsDir: string, workDir: string, targets: TargetTable): Promise<void> {
  const status = inspectGlove(modelsDir);
  if (!status.ready) {
    console.log(
      `\nGloVe measures: skipped, no vectors in ${status.folder} (\`paralens models add glove\`, then PARALENS_MODELS=<that model folder>)`,
    );
    return;
  }
  const rss = process.memoryUsage().rss;
  const t = performance.now();
  const vectors = loadGloveVectors(modelsDir);
  const loadS = (performance.now() - t) / 1000;
  const grown = (process.memoryUsage().rss - rss) / 1e6;
  console.log(
    `\nGloVe measures (${vectors.manifest.package} ${vectors.manifest.version}, ${fmt(vectors.size)} words × ${vectors.dimension})`,
  );
  console.log(
    `  vectors loaded in ${fmt(loadS, 2)} s, resident memory +${fmt(grown)} MB (process ${fmt(process.memoryUsage().rss / 1e6)} MB); targets under 2 s and 150 MB: ${loadS < 2 && grown < 150 ? 'met' : 'missed'}`,
  );
  targets.atMost('GloVe vectors loaded in under 2 s', loadS, 2, 's', 2);
  targets.atMost('GloVe vectors under 150 MB (RSS growth)', grown, 150, 'MB', 0);
  const sets: Array<[string, Pairs]> = [];
  if (existsSync(pawsDir)) {
    const paws = ['dev.tsv', 'test.tsv'].flatMap((f) =>
      readFileSync(path.join(pawsDir, f), 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t'))
        .filter((c) => c.length >= 3)
        .map((c) => [c[1]!, c[2]!] as const),
    );
    sets.push([`${fmt(paws.length)} PAWS pairs`, paws]);
  }
  const file = path.join(workDir, 'glove-captions.jsonl');
  await writeIpcFixture(file, { pairs: 100_000, seed: 5 });
  const captions = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const r = JSON.parse(l) as { first: { 'caption-text': string }; second: { 'caption-text': string } };
      return [r.first['caption-text'], r.second['caption-text']] as const;
    });
  sets.push([`${fmt(captions.length)} generated caption pairs`, captions]);
  for (const [name, pairs] of sets) {
    for (const scorer of [openWmsGloveScorer(vectors), openGloveCosineScorer(vectors)]) {
      const { seconds, mean } = await scorePairs(scorer, pairs);
      const target =
        pairs.length >= 100_000
          ? `; target 100,000 pairs in 60 s: ${seconds * (100_000 / pairs.length) <= 60 ? 'met' : 'missed'}`
          : '';
      if (pairs.length >= 100_000)
        targets.atMost(`${scorer.measure} on 100,000 caption pairs within 60 s`, seconds * (100_000 / pairs.length), 60, 's');
      console.log(
        `  ${scorer.measure.padEnd(12)} ${name}: ${fmt(seconds, 1)} s, ${fmt(pairs.length / seconds)} pairs/s, mean ${fmt(mean, 3)}, peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB${target}`,
      );
    }
  }
}
