import { FORBIDDEN, StatusPage } from '@/components/ui/status-page';

/** Inside the signed-in shell, whose layout holds the page's `main`. */
export default function Forbidden() {
  return (
    <StatusPage title={FORBIDDEN.title} landmark="section">
      {FORBIDDEN.text}
    </StatusPage>
  );
}
