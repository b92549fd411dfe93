/**
 * Runs one export in its own process for `npm run bench:export`, so its peak memory is measured
 * alone: argv = database URL, corpus slug, format, output path. Prints the result, the peak RSS and
 * the CPU time as JSON.
 */
import { openDatabaseHandle } from '@/lib/db/database';
import { resolveCorpusSource } from '@/lib/db/exports/export-sources';
import { runExport } from '@/lib/services/exports/run-export';
import type { ExportFormatName } from '@/lib/export/export-options';

const [url, slug, format, outPath] = process.argv.slice(2);
if (!url || !slug || !format || !outPath) throw new Error('usage: export-child <url> <corpus slug> <format> <out>');
const db = openDatabaseHandle(url);
const source = await resolveCorpusSource(db, slug);
if (!source) throw new Error(`no corpus ${slug}`);
const result = await runExport({
  db,
  source,
  format: format as ExportFormatName,
  parts: ['texts', 'measures'],
  outPath,
});
await db.close();
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({ result, peakRssMb: process.resourceUsage().maxRSS / 1024, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`,
);
process.exit(0);
