import { ArchiveButton } from './archive-button';

/** The banner of an archived corpus or campaign's page: what archiving means, and Restore. */
export function ArchivedNotice({ what, archivedAt, url }: { what: 'corpus' | 'campaign'; archivedAt: string; url: string }) {
  return (
    <div className="alert archived" role="status" data-testid="archived-notice">
      <span>
        Archived on {archivedAt.slice(0, 10)}: hidden from the {what === 'corpus' ? 'corpus' : 'campaign'} lists and pickers;
        still here, in exports and in dashboards reached by their URL.
      </span>
      <ArchiveButton url={url} archived what={what} />
    </div>
  );
}
