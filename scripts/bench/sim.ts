/**
 * `npm run bench:sim [-- --pairs N]`: throughput of the similarity measures.
 * (a) computeMeasures in-process on deterministic caption-like pairs (seeded), next to a
 *     baseline that only does the CLI's JSON parse + stringify per line;
 * (b) the real `node scripts/paralens.mjs sim` process reading the same pairs as JSON Lines
 *     from a file, with its peak RSS (GNU time's %M, else VmHWM polled from /proc).
 * Figures are wall-clock pairs/s; the machine may be shared, so CPU-seconds are printed too.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeMeasures } from '@/lib/measures/measures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const pairsArg = args.indexOf('--pairs');
const PAIRS = pairsArg >= 0 ? Number(args[pairsArg + 1]) : 200_000;

const WORDS = `the a of in on at with and by from to during after before near his her their its this
bridge river church castle station harbour street museum garden tower village market portrait statue painting
building mountain valley lake island bird horse train ship aircraft engine locomotive cathedral temple palace
monument fountain square festival parade concert team player match stadium school college library hospital
factory mill farm field forest beach coast lighthouse canal road highway tram bus car truck bicycle soldier
officer king queen president minister artist painter writer poet singer actor family children crowd workers
visitors members students view map plan drawing sketch photograph postcard poster flag coin stamp medal uniform
built designed painted photographed opened closed restored destroyed damaged rebuilt founded named located shown
seen taken depicted pictured featuring showing standing sitting walking playing holding wearing carrying leading
crossing entering leaving flying sailing north south east west old new historic ancient modern early late former
original main central large small great high long red blue green white black golden wooden stone brick iron`.split(/\s+/);

/** mulberry32: small, fast, deterministic. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Caption-like pairs of 10-20 words: b reuses, reorders and replaces parts of a. */
function generatePairs(count: number, seed: number): [string, string][] {
  const random = createRandom(seed);
  const word = () => WORDS[Math.floor(random() ** 2 * WORDS.length)]!; // skewed like real text
  const sentence = (words: string[]) => {
    const text = words.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + (random() < 0.7 ? '.' : '');
  };
  const pairs: [string, string][] = [];
  for (let i = 0; i < count; i += 1) {
    const a = Array.from({ length: 10 + Math.floor(random() * 11) }, word);
    if (random() < 0.3) a.splice(Math.floor(random() * a.length), 0, String(1850 + Math.floor(random() * 170)));
    const b = a.filter(() => random() < 0.7).map((w) => (random() < 0.25 ? word() : w));
    while (b.length < 10) b.splice(Math.floor(random() * (b.length + 1)), 0, word());
    if (random() < 0.5) b.reverse();
    pairs.push([sentence(a), sentence(b)]);
  }
  return pairs;
}

function measure(label: string, work: () => number, count: number): number {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const checksum = work();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const rate = count / seconds;
  console.log(
    `${label.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(9)} pairs/s` +
      `  (${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU, checksum ${checksum.toFixed(3)})`,
  );
  return rate;
}

interface ChildRun {
  seconds: number;
  peakRssMb: number | null;
  exitCode: number | null;
}

async function runChild(inputPath: string, outputPath: string, timePath: string): Promise<ChildRun> {
  const input = openSync(inputPath, 'r');
  const output = openSync(outputPath, 'w');
  const useGnuTime = existsSync('/usr/bin/time');
  const command = useGnuTime ? '/usr/bin/time' : process.execPath;
  const commandArgs = [
    ...(useGnuTime ? ['-f', '%M', '-o', timePath, process.execPath] : []),
    join(ROOT, 'scripts/paralens.mjs'),
    'sim',
  ];
  const start = performance.now();
  const child = spawn(command, commandArgs, { cwd: ROOT, stdio: [input, output, 'inherit'] });
  let polledPeakKb = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /VmHWM:\s+(\d+) kB/.exec(status);
      if (match) polledPeakKb = Math.max(polledPeakKb, Number(match[1]));
    } catch {
      // the process is gone
    }
  }, 50);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearInterval(poll);
  const seconds = (performance.now() - start) / 1000;
  closeSync(input);
  closeSync(output);
  let peakKb = polledPeakKb;
  if (useGnuTime && existsSync(timePath)) peakKb = Number(readFileSync(timePath, 'utf8').trim().split('\n').pop());
  return { seconds, peakRssMb: peakKb > 0 ? peakKb / 1024 : null, exitCode };
}

async function main(): Promise<void> {
  console.log(`bench:sim — ${PAIRS.toLocaleString('en-US')} caption-like pairs (seed 2023), Node ${process.version}`);
  const pairs = generatePairs(PAIRS, 2023);
  const words = pairs.reduce((sum, [a, b]) => sum + a.split(' ').length + b.split(' ').length, 0);
  console.log(`mean words per caption: ${(words / (2 * PAIRS)).toFixed(1)}`);
  const lines = pairs.map(([a, b], i) => JSON.stringify({ id: i, a, b }));

  for (const [a, b] of pairs.slice(0, 20_000)) computeMeasures(a, b); // warm-up
  console.log('\n(a) in-process');
  const baseline = measure(
    'JSON parse + stringify only (baseline)',
    () => {
      let sum = 0;
      for (const line of lines) {
        const record = JSON.parse(line) as { id: number; a: string; b: string };
        sum += JSON.stringify({ id: record.id, n: record.a.length + record.b.length }).length;
      }
      return sum / lines.length;
    },
    PAIRS,
  );
  const inProcess = measure(
    'computeMeasures (paper defaults)',
    () => {
      let sum = 0;
      for (const [a, b] of pairs) sum += computeMeasures(a, b).rouge1;
      return sum;
    },
    PAIRS,
  );
  console.log(`computeMeasures costs ${(baseline / inProcess).toFixed(2)}x the JSON baseline per pair`);

  const dir = mkdtempSync(join(tmpdir(), 'paralens-bench-sim-'));
  try {
    const inputPath = join(dir, 'pairs.jsonl');
    const outputPath = join(dir, 'scores.jsonl');
    writeFileSync(inputPath, lines.join('\n') + '\n');
    writeFileSync(join(dir, 'empty.jsonl'), '');
    console.log(`\n(b) node scripts/paralens.mjs sim < ${(statSync(inputPath).size / 1e6).toFixed(1)} MB of JSON Lines`);
    const startup = await runChild(join(dir, 'empty.jsonl'), join(dir, 'empty.out'), join(dir, 'empty.time'));
    const child = await runChild(inputPath, outputPath, join(dir, 'time.txt'));
    const outputLines = readFileSync(outputPath, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0).length;
    const rate = PAIRS / child.seconds;
    const steady = PAIRS / Math.max(1e-9, child.seconds - startup.seconds);
    console.log(`exit code ${String(child.exitCode)}, ${outputLines.toLocaleString('en-US')} output lines`);
    console.log(`wall ${child.seconds.toFixed(2)} s (startup alone ${startup.seconds.toFixed(2)} s)`);
    console.log(
      `paralens sim: ${Math.round(rate).toLocaleString('en-US')} pairs/s including startup, ` +
        `${Math.round(steady).toLocaleString('en-US')} pairs/s excluding it`,
    );
    console.log(
      `peak RSS of the child: ${child.peakRssMb === null ? 'n/a' : `${child.peakRssMb.toFixed(0)} MB`} ` +
        `(empty input: ${startup.peakRssMb === null ? 'n/a' : `${startup.peakRssMb.toFixed(0)} MB`})`,
    );
    console.log(`CLI / in-process throughput: ${(steady / inProcess).toFixed(2)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
