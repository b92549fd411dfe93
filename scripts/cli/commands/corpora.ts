/** `paralens corpora`: lists the corpora with their pair counts (archived ones with --all). */
import { parseArgs } from 'node:util';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { withDatabase } from '../with-database';
import { isTidyVerb, runTidy, tidyUsage } from '../corpora-tidy';

const usage = `Usage: paralens corpora [--all] [--json]

Lists every corpus with its slug, tier, pair count and licence; commands that take a corpus
accept its slug or its name. Archived corpora (archived on their page or with
PATCH /api/v1/corpora/{slug}) are left out unless --all is given. Uses DATABASE_URL, or the
embedded database in PARALENS_HOME (started for the command if the app is not running).

  --all    archived corpora too (marked in the table, "archived": true in JSON)
  --json   one JSON array instead of a table

${tidyUsage}`;

export async function run(args: string[], io: CliIo): Promise<number> {
  if (isTidyVerb(args[0])) return runTidy(args[0], args.slice(1), io);
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { json: { type: 'boolean' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    io.stderr.write(`paralens corpora: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  return withDatabase(io, async (db) => {
    const corpora = await listCorporaWithCounts(db, { includeArchived: values.all ?? false });
    if (values.json) {
      const rows = corpora.map((c) => ({
        name: c.name,
        slug: c.slug,
        tier: c.tier,
        pairs: c.pairCount,
        licence: c.licence,
        ...(values.all ? { archived: c.archivedAt !== null } : {}),
      }));
      io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    if (corpora.length === 0) {
      io.stdout.write('No corpora yet. Import one with `paralens import <file> --corpus <name>`.\n');
      return 0;
    }
    const rows = corpora.map((c) => [
      c.archivedAt ? `${c.name} (archived)` : c.name,
      c.slug,
      c.tier.toLowerCase(),
      c.pairCount.toLocaleString('en'),
      c.licence ?? '',
    ]);
    io.stdout.write(formatTable([['NAME', 'SLUG', 'TIER', 'PAIRS', 'LICENCE'], ...rows], [3]));
    return 0;
  });
}
