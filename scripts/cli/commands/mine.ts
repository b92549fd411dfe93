/**
 * `paralens mine DUMP --corpus NAME`: mines caption pairs from a Wikipedia dump into a corpus, the
 * pipeline of the EACL 2023 paper (sec. 3, Table 3) as described in docs/mining.md.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MINING_SETTING_FLAGS, miningSettingsSchema, type MiningSettings } from '@/lib/mining/mining-options';
import { plainError } from '@/lib/validation/plain-errors';
import { runMining, type MiningEvent, type MiningReport } from '@/lib/services/mining/run-mining';
import { startMapWorkers } from '@/lib/jobs/mining/worker-pool';
import type { CliIo } from '../io';
import { renderProgressLine } from '../progress-bar';
import { withDatabase } from '../with-database';
import { firstUnreadable } from '../input-files';
import { formatFunnel } from '../mine-report';

const usage = `Usage: paralens mine <dump> --corpus <name> [options]
       paralens mine --from-references <file> --corpus <name> [options]

Reads a MediaWiki XML export (.xml, .xml.bz2, or a multistream .xml.bz2 with --index), keeps the
articles (namespace 0, no redirects), extracts every image reference with its caption and alt text,
applies the paper's filters in PostgreSQL and imports the surviving pairs into the corpus (created
when missing) with every measure. An interrupted run continues when the same command is run again.

  --corpus <name>          corpus to import into (required)
  --index <file>           multistream index (…-multistream-index.txt[.bz2]): parallel chunks, resumable
  --tier <tier>            gold (Table 4 sentence rules, default) or silver (captions with a verb)
  --min-refs <n>           fewest references an image may have (default 2)
  --max-refs <n>           most references an image may have (default 10; the paper's bronze tier used 180)
  --workers <n>            map workers (default: the number of cores, ${availableParallelism()} here)
  --mode <mode>            fixed (default) or paper: reproduce the original's quirks (docs/mining.md)
  --silver-rule <rule>     has-verb (the paper, default) or no-verb (the original VerbHeuristic as written)
  --from-references <file> skip the map: load reference rows written by \`paralens mine-map\`
  --fresh                  start over even when an interrupted run of this dump exists

Exit code 0 when the run finished (pairs imported, or none survived), 1 when it failed (the message
names the place; nothing is published), 2 for bad arguments.
`;

const options = {
  corpus: { type: 'string' },
  index: { type: 'string' },
  tier: { type: 'string' },
  'min-refs': { type: 'string' },
  'max-refs': { type: 'string' },
  workers: { type: 'string' },
  mode: { type: 'string' },
  'silver-rule': { type: 'string' },
  'from-references': { type: 'string' },
  fresh: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A whole-number flag as a number; anything else stays text, which the schema refuses with the flag's name. */
function wholeNumber(value: string | undefined): number | string | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : value;
}

/** The settings through the schema the web app's form uses (lib/mining/mining-options.ts); an error names the flag. */
function parseSettings(v: Record<string, string | boolean | undefined>): Required<MiningSettings> {
  const text = (key: string) => v[key] as string | undefined;
  const input = {
    tier: text('tier'),
    minRefs: wholeNumber(text('min-refs')),
    maxRefs: wholeNumber(text('max-refs')),
    mode: text('mode'),
    silverRule: text('silver-rule'),
    workers: wholeNumber(text('workers')) ?? availableParallelism(),
  };
  const parsed = miningSettingsSchema.safeParse(input, { error: plainError });
  if (parsed.success) return { ...parsed.data, workers: parsed.data.workers ?? availableParallelism() };
  const issue = parsed.error.issues[0]!;
  const key = issue.path[0] as keyof MiningSettings;
  const given = input[key];
  throw new Error(`${MINING_SETTING_FLAGS[key]} ${issue.message}${given === undefined ? '' : `, found "${given}"`}`);
}

function progressPrinter(io: CliIo) {
  const started = Date.now();
  let drawn = false;
  const draw = (line: string) => {
    if (!io.isTTY) return;
    io.stderr.write(`\r${line}\x1b[K`);
    drawn = true;
  };
  return {
    onEvent(event: MiningEvent) {
      if (event.type === 'started') {
        io.stderr.write(
          `Mining run #${event.runId}: ${event.chunksTotal} chunk${event.chunksTotal === 1 ? '' : 's'}${event.resumed ? ' (continuing an interrupted run)' : ''}${event.redone ? `, ${event.redone} to redo` : ''}\n`,
        );
      } else if (event.type === 'map') {
        const p = event.progress;
        const rate = p.mbPerSecond === null ? '' : `  ${p.mbPerSecond.toFixed(1)} MB/s XML`;
        draw(
          `${renderProgressLine({ label: `map ${p.chunksDone}/${p.chunksTotal}`, done: p.bytesDone, total: p.bytesTotal, records: p.references, elapsedMs: Date.now() - started })}${rate}`,
        );
      } else if (event.type === 'phase') {
        if (drawn) io.stderr.write('\n');
        drawn = false;
        io.stderr.write(
          `${event.phase === 'reduce' ? 'Reducing in PostgreSQL (funnel, pairs) …' : 'Importing the pairs (every measure) …'}\n`,
        );
      } else {
        const p = event.progress;
        draw(
          renderProgressLine({
            label: p.phase,
            done: p.bytesRead,
            total: p.totalBytes,
            records: p.records,
            elapsedMs: Date.now() - started,
          }),
        );
      }
    },
    end() {
      if (drawn) io.stderr.write('\n');
    },
  };
}

function printReport(io: CliIo, report: MiningReport, corpusName: string): void {
  const lines = [`${report.status === 'SUCCEEDED' ? 'Mined' : 'Mining failed'}${report.runId ? ` (run #${report.runId})` : ''}`];
  if (report.map)
    lines.push(
      `  pages ${report.map.pages.toLocaleString('en')}, references ${report.map.references.toLocaleString('en')}, XML ${(report.map.xmlBytes / 1e6).toFixed(1)} MB${report.map.mbPerSecond ? ` at ${report.map.mbPerSecond.toFixed(1)} MB/s` : ''}`,
    );
  if (report.funnel.length > 0) lines.push('', ...formatFunnel(report.funnel), '');
  const publish = report.publish;
  if (publish?.report)
    lines.push(
      `  corpus "${publish.corpus?.name ?? corpusName}": ${publish.report.imported.toLocaleString('en')} pairs imported, ${publish.report.duplicates.toLocaleString('en')} duplicates`,
    );
  lines.push(
    `  seconds: map ${report.seconds.map.toFixed(1)}, reduce ${report.seconds.reduce.toFixed(1)}, import ${report.seconds.publish.toFixed(1)}, total ${report.seconds.total.toFixed(1)}`,
  );
  if (report.message) lines.push(`  ${report.message}`);
  (report.status === 'FAILED' ? io.stderr : io.stdout).write(`${lines.join('\n')}\n`);
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  let settings;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    const v = parsed.values;
    const dump = parsed.positionals[0];
    if (v.help) {
      io.stdout.write(usage);
      return 0;
    }
    if (!v.corpus) throw new Error('--corpus is required');
    if (parsed.positionals.length > 1) throw new Error('only one dump at a time');
    if (!dump === !v['from-references'])
      throw new Error(dump ? 'give either a dump or --from-references, not both' : 'a dump (or --from-references) is required');
    if (v.index && !dump) throw new Error('--index goes with a dump');
    settings = {
      dumpPath: dump ? path.resolve(dump) : null,
      indexPath: v.index ? path.resolve(v.index) : null,
      referencesPath: v['from-references'] ? path.resolve(v['from-references']) : null,
      corpusName: v.corpus,
      ...parseSettings(v),
      fresh: Boolean(v.fresh),
    };
  } catch (error) {
    io.stderr.write(`paralens mine: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const config = settings;
  const unreadable = await firstUnreadable([
    [config.dumpPath, 'the dump'],
    [config.indexPath, 'the index'],
    [config.referencesPath, 'the references file'],
  ]);
  if (unreadable) {
    io.stderr.write(`paralens mine: ${unreadable}; nothing was started.\n`);
    return 2;
  }
  return withDatabase(io, async (db) => {
    let cancelled = false;
    const onSignal = () => {
      if (cancelled) process.exit(130);
      cancelled = true;
      io.stderr.write('\nStopping after the chunks in progress are dropped … (Ctrl-C again to quit at once)\n');
    };
    process.on('SIGINT', onSignal);
    const printer = progressPrinter(io);
    try {
      const report = await runMining({
        db,
        startWorkers: startMapWorkers,
        ...config,
        onEvent: (e) => printer.onEvent(e),
        isCancelled: () => cancelled,
      });
      printer.end();
      printReport(io, report, config.corpusName);
      return report.status === 'SUCCEEDED' ? 0 : 1;
    } finally {
      process.off('SIGINT', onSignal);
    }
  });
}
