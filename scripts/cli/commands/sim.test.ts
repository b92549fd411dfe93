/**
 * The `paralens sim` contract (docs/metrics.md#paralens-sim): exact output keys in order, one
 * line per input line in input order, error lines with line numbers, exit codes 0/1/2, the
 * options, and backpressure. Expected values: EACL 2023 paper Table 5 (Easter postcard pair:
 * ROUGE-1 0.53, ROUGE-L 0.13, BLEU 0.14, syn 0.27) and NLTK 3.8 (method 7 BLEU of identical
 * texts 1.1167...).
 */
import { spawnSync } from 'node:child_process';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../memory-io';
import { run } from './sim';

const CONTRACT_KEYS = ['id', 'rouge1', 'rougeL', 'bleu', 'syn', 'levenshtein', 'ngramOverlap', 'lcpOverlap', 'sumo'];
const EASTER = { a: 'An Easter postcard from 1907 depicting a rabbit.', b: 'A 1907 postcard featuring the Easter Bunny.' };

async function runSim(stdin: string, args: string[] = []): Promise<{ code: number; lines: string[]; stderr: string }> {
  const { code, stdout, stderr } = await runInMemory(run, args, stdin);
  return { code, lines: stdout.split('\n').filter((line) => line.length > 0), stderr };
}

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
const round2 = (x: unknown) => Math.round((x as number) * 100) / 100;

describe('paralens sim', () => {
  it('scores each record with exactly the contract keys, in order (paper Table 5 values)', async () => {
    const { code, lines, stderr } = await runSim(jsonl({ id: 'easter', ...EASTER }, { id: 7, a: 'x', b: 'x' }));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(first)).toEqual(CONTRACT_KEYS);
    expect(first.id).toBe('easter');
    expect([first.rouge1, first.rougeL, first.bleu, first.syn].map(round2)).toEqual([0.53, 0.13, 0.14, 0.27]);
    expect(JSON.parse(lines[1]!)).toMatchObject({ id: 7, rouge1: 1, levenshtein: 0 });
  });

  it('reports malformed lines with their line number, keeps order and exits 1; skips blank lines', async () => {
    const input = jsonl(
      { id: 1, ...EASTER },
      '',
      'not json',
      { id: 'x', a: 3 },
      '[1, 2]',
      { a: 'q', b: 'q' },
      { id: 2, ...EASTER },
    );
    const { code, lines } = await runSim(input);
    expect(code).toBe(1);
    const out = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out.map((o) => o.id)).toEqual([1, null, 'x', null, null, 2]);
    expect(out[1]!.error).toMatch(/^line 3: invalid JSON/);
    expect(out[2]!.error).toBe('line 4: a must be a string; b is missing');
    expect(out[3]!.error).toBe('line 5: expected a JSON object with id, a and b');
    expect(out[4]!.error).toBe('line 6: id is missing');
    expect(Object.keys(out[1]!)).toEqual(['id', 'error']);
  });

  it('accepts CRLF line ends, a byte-order mark and a last line without newline', async () => {
    const input = '\ufeff' + JSON.stringify({ id: 1, ...EASTER }) + '\r\n' + JSON.stringify({ id: 2, a: 'a', b: 'b' });
    const { code, lines } = await runSim(input);
    expect(code).toBe(0);
    expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([1, 2]);
  });

  it('passes the options to the measures', async () => {
    const same = jsonl({ id: 1, a: 'the cat sat on the mat', b: 'the cat sat on the mat' });
    const clipped = JSON.parse((await runSim(same)).lines[0]!) as { bleu: number };
    const unclipped = JSON.parse((await runSim(same, ['--no-clip'])).lines[0]!) as { bleu: number };
    expect(clipped.bleu).toBe(1);
    expect(unclipped.bleu).toBeCloseTo(1.1167470964180197, 12);

    const cased = jsonl({ id: 1, a: 'The Dogs', b: 'the dog' });
    expect(JSON.parse((await runSim(cased)).lines[0]!)).toMatchObject({ rouge1: 1 });
    expect(JSON.parse((await runSim(cased, ['--no-stem'])).lines[0]!)).toMatchObject({ rouge1: 0.5 });
    expect(JSON.parse((await runSim(cased, ['--tokenize', 'whitespace', '--no-stem'])).lines[0]!)).toMatchObject({ rouge1: 0 });

    const short = jsonl({ id: 1, a: 'let it go', b: 'let go it' });
    const method0 = JSON.parse((await runSim(short, ['--bleu-smoothing', '0', '--bleu-direction', 'a-to-b'])).lines[0]!) as {
      bleu: number;
    };
    expect(method0.bleu / 1.821831989445342e-231).toBeCloseTo(1, 12); // NLTK 3.8, no smoothing
    expect(JSON.parse((await runSim(short, ['--bleu-smoothing', '6'])).lines[0]!)).toMatchObject({ bleu: null, syn: null });
  });

  it('--language chooses the tokenizer of a corpus in that language (en: the paper’s)', async () => {
    // rouge-score: las organizaciones dirig / la organizaci n dirig; Spanish Snowball: las organiz dirig / la organiz dirig
    const spanish = jsonl({ id: 1, a: 'Las organizaciones dirigían', b: 'La organización dirige' });
    expect(JSON.parse((await runSim(spanish)).lines[0]!)).toMatchObject({ rouge1: 0.25 });
    expect((JSON.parse((await runSim(spanish, ['--language', 'es'])).lines[0]!) as { rouge1: number }).rouge1).toBeCloseTo(
      2 / 3,
      12,
    );
    expect((await runSim(jsonl({ id: 1, ...EASTER }), ['--language', 'en'])).lines).toEqual(
      (await runSim(jsonl({ id: 1, ...EASTER }))).lines,
    );
  });

  it.each([
    ['--bleu-smoothing', '8'],
    ['--bleu-smoothing', '1.5'],
    ['--tokenize', 'nltk'],
    ['--tokenize', 'unicode'],
    ['--language', 'spanish'],
    ['--language', 'es', '--tokenize', 'rouge'],
    ['--bleu-direction', 'b-to-a'],
    ['--frobnicate'],
    ['extra'],
  ])('bad arguments exit 2 with a message: %s %s', async (...args) => {
    const { code, lines, stderr } = await runSim(jsonl({ id: 1, ...EASTER }), args);
    expect(code).toBe(2);
    expect(lines).toEqual([]);
    expect(stderr).toMatch(/^paralens sim: .+\nRun `paralens sim --help` for usage\.\n$/);
  });

  it('--help prints the usage and exits 0', async () => {
    const { code, lines } = await runSim('', ['--help']);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Usage: paralens sim/);
  });

  it('waits for a slow consumer instead of buffering the whole output', async () => {
    const stdin = new PassThrough();
    let received = '';
    let maxBuffered = 0;
    const stdout: Writable = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.toString();
        setTimeout(callback, 1);
      },
    });
    const watch = setInterval(() => (maxBuffered = Math.max(maxBuffered, stdout.writableLength)), 0);
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ id: i, ...EASTER })).join('\n');
    stdin.end(lines);
    const code = await run([], { stdin, stdout, stderr: new PassThrough(), isTTY: false, stdinIsTTY: false });
    clearInterval(watch);
    expect(code).toBe(0);
    const ids = received
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(received.length).toBeGreaterThan(1_000_000);
    expect(maxBuffered).toBeLessThan(200 * 1024);
  });

  it('runs as a real process: node scripts/paralens.mjs sim', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const result = spawnSync(process.execPath, ['scripts/paralens.mjs', 'sim'], {
      cwd: root,
      input: jsonl({ id: 'e2e', ...EASTER }, 'oops'),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const [scored, error] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(scored!)).toEqual(CONTRACT_KEYS);
    expect(round2(scored!.rouge1)).toBe(0.53);
    expect(error).toMatchObject({ id: null });
    expect(error!.error).toMatch(/^line 2: /);
  });
});
