/** What the job lists (imports, scoring, exports) show for every job: its status label and its "#id · … · when · who" line. */
export type JobStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export const jobStatusLabels: Record<JobStatus, string> = {
  QUEUED: 'waiting',
  RUNNING: 'running',
  SUCCEEDED: 'done',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

interface Props {
  id: number;
  createdAt: string | Date;
  createdBy?: string | null;
  /** shown between the number and the time (the import's format) */
  detail?: string;
}

export function JobMeta({ id, createdAt, createdBy, detail }: Props) {
  return (
    <div className="small muted">
      #{id} · {detail !== undefined ? `${detail} · ` : ''}
      {new Date(createdAt).toLocaleString('en')}
      {createdBy ? ` · ${createdBy}` : ''}
    </div>
  );
}
