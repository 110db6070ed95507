import { UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** 'Perfil não encontrado': an unknown username. */
export function ProfileNotFound({ username }: { username: string }) {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`${t.content.profile.notFoundTitle} · ${t.brand.name}`}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <UserRoundX className="size-8" aria-hidden />
      </span>
      <div className="grid max-w-md gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t.content.profile.notFoundTitle}</h1>
        <p className="text-[15px] leading-relaxed text-muted-foreground">
          {t.content.profile.notFoundText(username)}
        </p>
      </div>
      <Button asChild className="mt-2">
        <Link to="/">{t.content.profile.goHome}</Link>
      </Button>
    </div>
  );
}
