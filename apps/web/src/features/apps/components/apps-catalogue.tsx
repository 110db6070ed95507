import type { App } from '@fa-clube/contract';
import { ArrowRight, Check, Fingerprint, Mail } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useApps, useSetAppInstalled } from '../hooks/use-apps';
import { APP_SCREENS } from '../screens';
import { t } from '../strings';

const ICONS: Record<App['label'], LucideIcon> = { trueid: Fingerprint, 'email-marketing': Mail };

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/** Configurações › Apps: one card per app with what it does and, for the owner, its switch. */
export function AppsCatalogue() {
  const { query, workspaceId, isOwner } = useApps();
  const toggle = useSetAppInstalled(workspaceId);

  if (query.isError)
    return <LoadError message={t.apps.loadError} onRetry={() => void query.refetch()} />;

  const onToggle = (app: App, installed: boolean) =>
    toggle.mutate(
      { label: app.label, installed },
      {
        onSuccess: () =>
          toast.success(installed ? t.apps.didInstall(app.name) : t.apps.didUninstall(app.name)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {query.isSuccess && !isOwner ? <Note>{t.apps.ownerOnly}</Note> : null}
      <ul aria-label={t.apps.listLabel} className="grid gap-4 lg:grid-cols-2">
        {query.isPending
          ? [0, 1].map((i) => (
              <li key={i}>
                <Card className="gap-4 px-6">
                  <Skeleton className="h-6 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-5/6" />
                  <Skeleton className="h-20 w-full" />
                </Card>
              </li>
            ))
          : query.data.apps.map((app) => (
              <li key={app.label} className="grid">
                <AppCard
                  app={app}
                  isOwner={isOwner}
                  pending={toggle.isPending && toggle.variables?.label === app.label}
                  onToggle={(installed) => onToggle(app, installed)}
                />
              </li>
            ))}
      </ul>
    </div>
  );
}

function AppCard({
  app,
  isOwner,
  pending,
  onToggle,
}: {
  app: App;
  isOwner: boolean;
  pending: boolean;
  onToggle: (installed: boolean) => void;
}) {
  const Icon = ICONS[app.label];
  const headingId = `app-${app.label}-name`;
  return (
    <Card className="gap-5 px-5 sm:px-6" aria-labelledby={headingId} role="group">
      <div className="flex items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <h2 id={headingId} className="text-base leading-tight font-semibold">
            {app.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={app.installed ? 'success' : 'secondary'}>
              {app.installed ? t.apps.installed : t.apps.notInstalled}
            </Badge>
            {app.installed && app.installed_at ? (
              <span className="text-xs text-muted-foreground">
                {t.apps.installedSince(dateFormat.format(new Date(app.installed_at)))}
              </span>
            ) : null}
          </div>
        </div>
        {isOwner ? (
          <Switch
            checked={app.installed}
            disabled={pending}
            onCheckedChange={onToggle}
            aria-label={t.apps.switchLabel(app.name)}
          />
        ) : null}
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">{app.description}</p>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t.apps.whatItDoesTitle}</h3>
        <ul className="grid gap-1.5 text-sm leading-relaxed">
          {t.apps.whatItDoes[app.label].map((line) => (
            <li key={line} className="flex gap-2">
              <Check className="mt-1 size-3.5 shrink-0 text-primary" aria-hidden />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </div>
      {app.installed ? (
        <div className="mt-auto flex justify-end">
          <Button asChild variant="outline" size="sm">
            <Link to={APP_SCREENS[app.label]} aria-label={`${t.apps.open} ${app.name}`}>
              {t.apps.open}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
