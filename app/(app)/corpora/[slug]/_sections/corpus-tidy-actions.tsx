import type { CurrentUser } from '@/lib/auth/session-user';
import { database } from '@/lib/db/database';
import { describeCorpusDeletion, findCorpusForTidy } from '@/lib/db/corpora/corpus-lifecycle';
import { canDelete, corpusDeletionBlocker, corpusDeletionParts } from '@/lib/tidy/tidy-rules';
import { ArchiveButton } from '@/components/tidy/archive-button';
import { DeleteDialog } from '@/components/tidy/delete-dialog';

/** Archive or restore, and delete (with what goes with it), in the corpus page's header. */
export async function CorpusTidyActions({ slug, user }: { slug: string; user: CurrentUser }) {
  const db = database();
  const corpus = await findCorpusForTidy(db, slug);
  if (!corpus) return null;
  const summary = await describeCorpusDeletion(db, corpus.id);
  const target = { what: 'corpus', slug: corpus.slug } as const;
  return (
    <span className="row tidy-actions">
      {!corpus.archivedAt && <ArchiveButton target={target} archived={false} />}
      <DeleteDialog
        target={target}
        name={corpus.name}
        afterUrl="/corpora"
        parts={corpusDeletionParts(summary)}
        blocker={corpusDeletionBlocker(summary)}
        mayDelete={canDelete(user, corpus.createdById)}
      />
    </span>
  );
}
