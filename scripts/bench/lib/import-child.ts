/**
 * Runs one import in its own process for `npm run bench:import`, so its peak memory is measured
 * alone: argv = database URL, file, corpus id. Prints the report and the peak RSS as JSON.
 */
import { openDatabaseHandle } from '@/lib/db/database';
import { runImport } from '@/lib/services/imports/run-import';

const [url, file, corpusId] = process.argv.slice(2);
if (!url || !file || !corpusId) throw new Error('usage: import-child <url> <file> <corpusId>');
const db = openDatabaseHandle(url);
const started = performance.now();
const report = await runImport({ db, filePath: file, corpusId: Number(corpusId) });
const seconds = (performance.now() - started) / 1000;
await db.close();
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({ report, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`,
);
process.exit(0);
