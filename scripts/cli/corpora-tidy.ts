/**
 * `paralens corpora archive|restore|delete SLUG`: the corpus page's Archive, Restore and Delete from
 * the command line (lib/services/tidy/tidy-entries.ts, the same rules and audit entries, `"via": "cli"`, no actor).
 * `delete` without --yes only says what would go with the corpus, or why it cannot go.
 */
import { parseArgs } from 'node:util';
import { findCorpusByRef } from '@/lib/db/corpora/corpora';
import { describeCorpusDeletion } from '@/lib/db/corpora/corpus-lifecycle';
import { archiveCorpus, COMMAND_LINE, deleteCorpus } from '@/lib/services/tidy/tidy-entries';
import { corpusDeletionBlocker, corpusDeletionParts } from '@/lib/tidy/tidy-rules';
import { reportAppError } from './error-report';
import type { CliIo } from './io';
import { withDatabase } from './with-database';

export const TIDY_VERBS = ['archive', 'restore', 'delete'] as const;
type Verb = (typeof TIDY_VERBS)[number];

export const tidyUsage = `Tidying up:
  paralens corpora archive|restore SLUG
  paralens corpora delete SLUG [--yes]

archive hides a corpus from lists and pickers (its page, exports and dashboards stay reachable);
restore brings it back. delete removes it with its pairs, texts, jobs, exports (and their files)
and user measures in one transaction; it is refused while a campaign uses the corpus. Without
--yes, delete only prints what would go. Exit 0 / 1 (refused, no such corpus) / 2 (bad arguments).
`;

export function isTidyVerb(value: string | undefined): value is Verb {
  return (TIDY_VERBS as readonly string[]).includes(value ?? '');
}

export async function runTidy(verb: Verb, args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { yes: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`paralens corpora ${verb}: ${error instanceof Error ? error.message : String(error)}\n${tidyUsage}`);
    return 2;
  }
  const ref = parsed.positionals[0];
  if (parsed.positionals.length !== 1 || !ref || (parsed.values.yes && verb !== 'delete')) {
    io.stderr.write(`paralens corpora ${verb}: name one corpus by its slug or name\n${tidyUsage}`);
    return 2;
  }
  return withDatabase(io, async (db) => {
    const corpus = await findCorpusByRef(db, ref);
    if (!corpus) {
      io.stderr.write(`paralens corpora ${verb}: no corpus with the slug or name "${ref}"\n`);
      return 1;
    }
    try {
      if (verb !== 'delete') {
        await archiveCorpus(db, COMMAND_LINE, corpus.slug, verb === 'archive');
        io.stdout.write(`${verb === 'archive' ? 'Archived' : 'Restored'}: ${corpus.name} (${corpus.slug})\n`);
        return 0;
      }
      if (!parsed.values.yes) {
        const summary = await describeCorpusDeletion(db, corpus.id);
        const blocker = corpusDeletionBlocker(summary);
        const parts = corpusDeletionParts(summary);
        io.stdout.write(
          `Deleting ${corpus.name} (${corpus.slug}) would remove ${parts.length > 0 ? parts.join(', ') : 'nothing else'}.\n`,
        );
        io.stdout.write(blocker ? `${blocker}\n` : 'Run again with --yes to delete it.\n');
        return blocker ? 1 : 0;
      }
      const { deleted } = await deleteCorpus(db, COMMAND_LINE, corpus.slug);
      io.stdout.write(
        `Deleted: ${corpus.name} (${corpus.slug}) with ${corpusDeletionParts({ ...deleted, campaigns: [], activeJobs: 0 }).join(', ') || 'nothing else'}\n`,
      );
      return 0;
    } catch (error) {
      const code = reportAppError(io.stderr, `paralens corpora ${verb}`, error);
      if (code === null) throw error;
      return code;
    }
  });
}
