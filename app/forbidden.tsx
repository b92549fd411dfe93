import { FORBIDDEN, StatusPage } from '@/components/ui/status-page';

/** Outside the signed-in shell (app/(app)/forbidden.tsx is the one inside it). */
export default function Forbidden() {
  return (
    <StatusPage title={FORBIDDEN.title} landmark="main">
      {FORBIDDEN.text}
    </StatusPage>
  );
}
