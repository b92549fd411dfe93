'use client';
import { renderDistributionsCsv, type Distributions } from '@/lib/dashboards/distributions';
import { saveBlob } from './file-download';

/** The page's numbers as CSV: one line per measure, group and histogram bin. */
export function DistributionsCsv({ data, fileName }: { data: Distributions; fileName: string }) {
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => saveBlob(new Blob([renderDistributionsCsv(data)], { type: 'text/csv' }), fileName)}
    >
      CSV
    </button>
  );
}
