import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Any unknown address. */
export function NotFoundRoute() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <title>{`${t.notFound.title} · ${t.brand.name}`}</title>
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Compass className="size-7" aria-hidden />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-primary">{t.notFound.code}</p>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t.notFound.title}</h1>
        <p className="max-w-sm text-[15px] leading-relaxed text-muted-foreground">
          {t.notFound.text}
        </p>
      </div>
      <Button asChild>
        <Link to="/">{t.notFound.home}</Link>
      </Button>
    </div>
  );
}
