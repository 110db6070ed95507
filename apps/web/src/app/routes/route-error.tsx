import { TriangleAlert } from 'lucide-react';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Shown when the frame around the pages throws while rendering (each page has its own, PageError). */
export function RouteError() {
  return (
    <StatusScreen
      icon={TriangleAlert}
      tone="destructive"
      title={t.routeError.title}
      text={t.routeError.text}
      action={<Button onClick={() => window.location.reload()}>{t.routeError.reload}</Button>}
      documentTitle={false}
      className="min-h-dvh"
    />
  );
}
