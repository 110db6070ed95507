import type { EmailCampaign } from '@fa-clube/contract';
import { ArrowLeft, Mail, MailX, Settings2 } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SettingsPage } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { hasErrorCode } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCampaigns, useCampaignsWorkspace, useSendingSettings } from '../hooks/use-campaigns';
import { t } from '../strings';
import { ContactsSection } from './contacts-section';

// the dialog (Radix Dialog, its form) loads when it opens, not with the page
// the compose form (react-hook-form, zod) is fetched beside the campaigns, not with the page
const loadCompose = () => import('./compose-form').then((m) => ({ default: m.ComposeCard }));
const ComposeCard = lazy(loadCompose);

const SettingsDialog = lazy(() =>
  import('./settings-dialog').then((m) => ({ default: m.SettingsDialog })),
);

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * /settings/apps/email-marketing: the owner composes and sends; everyone on the team sees the
 * campaigns with their queued / sent / failed / unsubscribed counts, live while sending.
 */
export function CampaignsScreen() {
  const { ws, isOwner } = useCampaignsWorkspace();
  const campaigns = useCampaigns(ws);
  const notInstalled = hasErrorCode(campaigns.error, 'APP_NOT_INSTALLED');
  const settings = useSendingSettings(ws ?? '', Boolean(ws) && isOwner && campaigns.isSuccess);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (isOwner) void loadCompose();
  }, [isOwner]);

  return (
    <SettingsPage title={t.campaigns.title} description={t.campaigns.description}>
      <div className="-mt-2 mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/settings/apps"
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'w-fit')}
        >
          <ArrowLeft aria-hidden />
          {t.campaigns.back}
        </Link>
        {isOwner && settings.data ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Settings2 aria-hidden />
            {t.campaigns.settings}
          </Button>
        ) : null}
      </div>
      {editing && ws && settings.data ? (
        <Suspense fallback={null}>
          <SettingsDialog ws={ws} settings={settings.data} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {!ws || campaigns.isPending ? (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : notInstalled ? (
        <EmptyState
          icon={MailX}
          title={t.campaigns.notInstalledTitle}
          description={t.campaigns.notInstalledText}
          action={
            <Link to="/settings/apps" className={buttonVariants({ variant: 'outline' })}>
              {t.campaigns.openApps}
            </Link>
          }
        />
      ) : campaigns.isError ? (
        <LoadError message={t.campaigns.loadError} onRetry={() => void campaigns.refetch()} />
      ) : (
        <div className="grid gap-8">
          {isOwner ? (
            <Suspense fallback={<Skeleton className="h-96 rounded-xl" />}>
              <ComposeCard ws={ws} />
            </Suspense>
          ) : null}
          <ContactsSection ws={ws} isOwner={isOwner} />
          <section aria-labelledby="campaigns-title" className="grid gap-3">
            <h2 id="campaigns-title" className="font-semibold">
              {t.campaigns.listTitle}
            </h2>
            {campaigns.data.campaigns.length === 0 ? (
              <EmptyState
                icon={Mail}
                title={t.campaigns.emptyTitle}
                description={t.campaigns.emptyText}
              />
            ) : (
              <ul className="grid gap-3" aria-label={t.campaigns.listTitle}>
                {campaigns.data.campaigns.map((c) => (
                  <CampaignRow key={c.id} campaign={c} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </SettingsPage>
  );
}

const STATUS_VARIANT = {
  queued: 'secondary',
  sending: 'brand',
  sent: 'success',
  failed: 'destructive',
} as const;

function CampaignRow({ campaign }: { campaign: EmailCampaign }) {
  const counts = (['queued', 'sent', 'failed', 'unsubscribed'] as const).map((key) => ({
    key,
    label: t.campaigns.counts[key],
    value: campaign[key],
  }));
  return (
    <li
      aria-label={campaign.subject}
      data-testid="campaign-row"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-medium">{campaign.subject}</p>
          <p className="text-[13px] text-muted-foreground tabular-nums">
            {dateFormat.format(new Date(campaign.created_at))}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[campaign.status]}>
          {t.campaigns.status[campaign.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map((c) => (
          <div
            key={c.key}
            className="rounded-lg bg-muted/60 px-3 py-2"
            data-testid={`count-${c.key}`}
          >
            <dt className="text-[12px] text-muted-foreground">{c.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{c.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
