import type { TidyTarget } from './tidy-target';
import { ArchiveButton } from './archive-button';

/** The banner of an archived corpus or campaign's page: what archiving means, and Restore. */
export function ArchivedNotice({ target, archivedAt }: { target: TidyTarget; archivedAt: string }) {
  const what = target.what;
  return (
    <div className="alert archived" role="status" data-testid="archived-notice">
      <span>
        Archived on {archivedAt.slice(0, 10)}: hidden from the {what === 'corpus' ? 'corpus' : 'campaign'} lists and pickers;
        still here, in exports and in dashboards reached by their URL.
      </span>
      <ArchiveButton target={target} archived />
    </div>
  );
}
