'use client';
/** Hidden fields with the explorer's current layout (the table changes it in the address bar without a request). */
import { useSearchParams } from 'next/navigation';
import { layoutEntries } from '@/lib/explore/explorer-view';

export function LayoutFields() {
  const current = useSearchParams();
  return (
    <>
      {layoutEntries(current).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
