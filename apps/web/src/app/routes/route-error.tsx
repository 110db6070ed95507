import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Shown when a route throws while rendering. */
export function RouteError() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <TriangleAlert className="size-7" aria-hidden />
      </div>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t.routeError.title}</h1>
        <p className="max-w-sm text-[15px] text-muted-foreground">{t.routeError.text}</p>
      </div>
      <Button onClick={() => window.location.reload()}>{t.routeError.reload}</Button>
    </div>
  );
}
