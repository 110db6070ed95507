import { CircleAlert, CircleCheck, Landmark, Repeat, TriangleAlert, Unplug } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import type { OwnerConfirmation, PixConnection } from '@fa-clube/contract';
import { CopyButton } from '@/components/copy-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { automaticStanding, certificateStanding } from '../connection';
import { formatDate } from '../format';

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
import { useDeletePixConnection, usePixConnection } from '../hooks/use-plans-settings';
import { t } from '../strings';
import { useOwnerConfirmation } from './owner-confirmation';

const text = t.subscriptions.connection;

// the form (file reading, its schema) loads when the owner opens it
const PixConnectionForm = lazy(() =>
  import('./connection-form').then((m) => ({ default: m.PixConnectionForm })),
);

/**
 * Configurações › Planos, 'Conectar conta Pix (API do banco)': the workspace's own PSP account.
 * Not connected: what it brings and 'Conectar conta Pix' (owner; members read a note). Connected:
 * the account, the webhook URL to copy, since when, the certificate's expiry (warned 15 days
 * before) and whether Pix Automático is offered (or why not); the owner updates or disconnects.
 */
export function PixConnectionCard({
  ws,
  username,
  pixReady,
  readOnly,
}: {
  ws: string;
  username: string;
  /** The workspace's Pix key is saved (the PSP registers the webhook for it). */
  pixReady: boolean;
  readOnly: boolean;
}) {
  const query = usePixConnection(ws);
  const [editing, setEditing] = useState(false);
  const connection = query.data ?? null;

  return (
    <section
      aria-labelledby="pix-connection-title"
      className="rounded-xl border bg-card p-5 shadow-xs sm:p-6"
      data-testid="pix-connection"
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="flex max-w-2xl gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-[#1f8f83] dark:text-[#5fd6c8]">
            <Landmark className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1">
            <h3 id="pix-connection-title" className="text-base font-semibold tracking-tight">
              {connection ? text.titleConnected : text.title}
            </h3>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {connection ? text.textConnected : text.text}
            </p>
          </div>
        </div>
        {connection ? (
          <Badge variant="success">
            <CircleCheck aria-hidden />
            {text.connected}
          </Badge>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-destructive">
            {text.loadError} {errorMessage(query.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t.common.retry}
          </Button>
        </div>
      ) : editing ? (
        <Suspense fallback={<Skeleton className="h-96 w-full rounded-lg" />}>
          <PixConnectionForm
            ws={ws}
            username={username}
            saved={connection}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : connection ? (
        <ConnectionDetails
          ws={ws}
          username={username}
          connection={connection}
          readOnly={readOnly}
          onUpdate={() => setEditing(true)}
        />
      ) : (
        <NotConnected readOnly={readOnly} pixReady={pixReady} onConnect={() => setEditing(true)} />
      )}
    </section>
  );
}

function NotConnected({
  readOnly,
  pixReady,
  onConnect,
}: {
  readOnly: boolean;
  pixReady: boolean;
  onConnect: () => void;
}) {
  if (readOnly) return <p className="text-sm text-muted-foreground">{text.notConnected}</p>;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        {text.benefits.map((benefit) => (
          <li
            key={benefit}
            className="flex items-start gap-2 rounded-lg bg-muted/50 px-3 py-2.5 leading-snug"
          >
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success-text" aria-hidden />
            {benefit}
          </li>
        ))}
      </ul>
      {pixReady ? null : (
        <p id="pix-connection-blocked" className="text-[13px] text-muted-foreground">
          {text.needsPix}
        </p>
      )}
      <div className="flex justify-end">
        <Button
          className="w-full sm:w-auto"
          disabled={!pixReady}
          aria-describedby={pixReady ? undefined : 'pix-connection-blocked'}
          onClick={onConnect}
          // load the form while the pointer is on its way
          onPointerEnter={() => void import('./connection-form')}
        >
          <Landmark aria-hidden />
          {text.connect}
        </Button>
      </div>
    </div>
  );
}

function ConnectionDetails({
  ws,
  username,
  connection: c,
  readOnly,
  onUpdate,
}: {
  ws: string;
  username: string;
  connection: PixConnection;
  readOnly: boolean;
  onUpdate: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDeletePixConnection(ws, username);
  // the standing as of when the answer arrived is enough for a settings page
  const [now] = useState(() => Date.now());
  const certificate = certificateStanding(c.certificate_expires_at, now);
  const automatic = automaticStanding(c);
  const account = c.receiving_account;

  const confirm = useOwnerConfirmation(disconnect.isPending);

  const onDisconnect = (confirmation?: OwnerConfirmation) =>
    disconnect.mutate(confirmation, {
      onSuccess: () => {
        setConfirming(false);
        confirm.close();
        toast.success(text.disconnected);
      },
      onError: (error) => {
        setConfirming(false);
        // the owner's password when the sign-in is not recent, then the same request again
        if (confirm.ask(error, onDisconnect)) return;
        toast.error(errorMessage(error));
      },
    });

  return (
    <div className="grid gap-5">
      {certificate.kind === 'valid' ? null : (
        <Alert tone={certificate.kind === 'expired' ? 'danger' : 'warning'}>
          {certificate.kind === 'expired'
            ? text.certificateExpired
            : text.certificateExpiring(certificate.days)}
        </Alert>
      )}

      {c.reconciliation ? (
        <Alert tone={c.reconciliation.paused_until ? 'danger' : 'warning'}>
          <span data-testid="pix-reconciliation">
            {text.reconcileFailing(c.reconciliation.failures, c.reconciliation.last_error)}
            {c.reconciliation.paused_until
              ? ` ${text.reconcilePaused(formatDateTime(c.reconciliation.paused_until))}`
              : null}
          </span>
        </Alert>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-3">
        <Item label={text.details.apiUrl} wide>
          <span className="block truncate font-mono text-[13px]" title={c.api_url}>
            {c.api_url}
          </span>
        </Item>
        <Item label={text.details.clientId} wide>
          <span className="block truncate font-mono text-[13px]">{c.client_id}</span>
        </Item>
        <Item label={text.details.pixKey} wide>
          <span className="block truncate">{c.pix_key}</span>
        </Item>
        <Item label={text.details.connectedAt}>{formatDate(c.connected_at)}</Item>
        <Item label={text.details.certificate}>
          <span
            className={cn(
              'inline-flex items-center gap-1.5',
              certificate.kind === 'expired' && 'font-semibold text-destructive-text',
              certificate.kind === 'expiring' && 'font-semibold text-amber-700 dark:text-amber-400',
            )}
            data-testid="certificate-expiry"
          >
            {certificate.kind === 'valid' ? null : (
              <TriangleAlert className="size-3.5" aria-hidden />
            )}
            {formatDate(c.certificate_expires_at)}
          </span>
        </Item>
        <Item label={text.details.account} wide>
          {account
            ? text.details.accountValue(
                text.accountTypes[account.type],
                account.branch,
                account.number,
              )
            : text.details.accountNone}
        </Item>
      </dl>

      {/* the webhook URL ends with its secret: the owner's answer only (null for members) */}
      {c.webhook_url !== null && (
        <div className="grid gap-2">
          <label htmlFor="pix-webhook-url" className="text-sm font-medium">
            {text.details.webhook}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="pix-webhook-url"
              readOnly
              value={c.webhook_url}
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="pix-webhook-hint"
              className="font-mono text-[13px] md:text-[13px]"
            />
            <CopyButton
              text={c.webhook_url}
              label={text.details.copyWebhook}
              failedMessage={text.details.copyFailed}
              variant="outline"
              className="shrink-0"
            />
          </div>
          <p id="pix-webhook-hint" className="text-[13px] text-muted-foreground">
            {text.details.webhookHint}
          </p>
        </div>
      )}

      <div className="grid gap-2 rounded-lg border p-4" data-testid="pix-automatic">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          <Repeat className="size-4 text-primary" aria-hidden />
          {text.details.automatic}
          {automatic === 'available' ? (
            <Badge variant="success">{text.automaticOnBadge}</Badge>
          ) : (
            <Badge variant="secondary">{text.automaticOffBadge}</Badge>
          )}
        </p>
        <p className="text-[13px] leading-relaxed text-muted-foreground">
          {automatic === 'available'
            ? text.automaticOn
            : automatic === 'needs_account'
              ? text.automaticNeedsAccount
              : text.automaticNotEnabled}
        </p>
      </div>

      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Unplug aria-hidden />
            {text.disconnect}
          </Button>
          <Button onClick={onUpdate} onPointerEnter={() => void import('./connection-form')}>
            {text.update}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={disconnect.isPending}
        title={text.disconnectTitle}
        description={text.disconnectText}
        confirmLabel={text.disconnect}
        destructive
        onConfirm={() => onDisconnect()}
      />
      {confirm.dialog}
    </div>
  );
}

/** A detail; `wide` ones take the whole row on a phone (long values). */
function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1', wide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

function Alert({ tone, children }: { tone: 'warning' | 'danger'; children: ReactNode }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm leading-relaxed',
        tone === 'danger'
          ? 'border-destructive/30 bg-destructive/5'
          : 'border-amber-500/30 bg-amber-500/10',
      )}
    >
      {tone === 'danger' ? (
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      ) : (
        <TriangleAlert
          className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
          aria-hidden
        />
      )}
      <p>{children}</p>
    </div>
  );
}
