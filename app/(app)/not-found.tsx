import { NOT_FOUND, StatusPage } from '@/components/ui/status-page';

/** Inside the signed-in shell, whose layout holds the page's `main`. */
export default function NotFound() {
  return (
    <StatusPage title={NOT_FOUND.title} landmark="section">
      {NOT_FOUND.text}
    </StatusPage>
  );
}
