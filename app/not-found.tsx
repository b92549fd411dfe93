import { NOT_FOUND, StatusPage } from '@/components/ui/status-page';

/** Outside the signed-in shell (app/(app)/not-found.tsx is the one inside it). */
export default function NotFound() {
  return (
    <StatusPage title={NOT_FOUND.title} landmark="main">
      {NOT_FOUND.text}
    </StatusPage>
  );
}
