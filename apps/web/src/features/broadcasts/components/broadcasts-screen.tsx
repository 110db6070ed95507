import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { Megaphone, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { BROADCASTS_PAGING, formatCents, majorToCents } from '@fa-clube/contract';
import type { Broadcast, BroadcastAudience, BroadcastsResponse } from '@fa-clube/contract';
import { Page, PageHeader } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { infinitePaging } from '@/lib/paging';
import { useSession } from '@/lib/session';
import { broadcastsKey, fetchBroadcasts, sendBroadcast } from '../api/broadcasts-api';
import { t } from '../strings';
import { draftFields, draftPriceOk, emptyDraft } from '../lib/draft';
import type { Draft } from '../lib/draft';
import { MessageDraftFields } from './message-draft';
import { WelcomeMessageCard } from './welcome-message-card';

const AUDIENCES: BroadcastAudience[] = [
  'subscribers',
  'subscribers:monthly',
  'subscribers:quarterly',
  'subscribers:yearly',
  'former_subscribers',
];
/** While one is being delivered, the list is read again this often. */
const SENDING_POLL_MS = 3000;

/**
 * /broadcasts ('Mensagem para todos', issue 32): the owner writes one message (a file and a price
 * optional) for an audience; it is delivered into each fan's conversation by the server's queue.
 * Then the welcome message each new fan gets, and what was sent, with its delivered / read /
 * bought counts and revenue (owner and members).
 */
export function BroadcastsScreen() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const isOwner = workspace?.is_owner ?? false;
  const query = useInfiniteQuery({
    queryKey: broadcastsKey(ws),
    queryFn: ({ pageParam, signal }) => fetchBroadcasts(ws!, pageParam, signal),
    ...infinitePaging(BROADCASTS_PAGING, (page: BroadcastsResponse) => page.broadcasts),
    enabled: Boolean(ws),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.broadcasts.some((b) => b.status === 'sending'))
        ? SENDING_POLL_MS
        : false,
  });
  return (
    <Page width="narrow">
      <PageHeader title={t.broadcasts.title} description={t.broadcasts.description} />
      <div className="grid gap-6">
        {isOwner && ws ? <BroadcastForm ws={ws} /> : null}
        <WelcomeMessageCard />
        <section className="grid gap-3" aria-labelledby="broadcasts-sent">
          <h2 id="broadcasts-sent" className="text-base font-semibold">
            {t.broadcasts.listTitle}
          </h2>
          <PagedList
            query={query}
            itemsOf={(page: BroadcastsResponse) => page.broadcasts}
            pageSize={BROADCASTS_PAGING.size}
            errorLog="Falha ao carregar as mensagens para todos"
            empty={
              <EmptyState
                icon={Megaphone}
                title={t.broadcasts.empty}
                description={t.broadcasts.emptyText}
              />
            }
          >
            {(items: Broadcast[]) => (
              <ul className="grid gap-3" data-testid="broadcasts-list">
                {items.map((b) => (
                  <BroadcastRow key={b.id} broadcast={b} />
                ))}
              </ul>
            )}
          </PagedList>
        </section>
      </div>
    </Page>
  );
}

function BroadcastForm({ ws }: { ws: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [audience, setAudience] = useState<BroadcastAudience>('subscribers');
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const canSend =
    !sending && (draft.text.trim().length > 0 || draft.file !== null) && draftPriceOk(draft);

  const submit = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      const fields = await draftFields(ws, draft, setProgress);
      const created = await sendBroadcast(ws, { ...fields, audience });
      toast.success(t.broadcasts.queued(created.recipients));
      setDraft(emptyDraft);
      void queryClient.invalidateQueries({ queryKey: broadcastsKey(ws) });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  return (
    <Card data-testid="broadcast-form">
      <CardHeader>
        <CardTitle>{t.broadcasts.formTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <MessageDraftFields draft={draft} onChange={setDraft} disabled={sending} />
          <div className="grid gap-2">
            <label htmlFor={`${id}-audience`} className="text-sm font-medium">
              {t.broadcasts.audience}
            </label>
            <NativeSelect
              id={`${id}-audience`}
              value={audience}
              disabled={sending}
              containerClassName="max-w-sm"
              onChange={(e) => setAudience(e.target.value as BroadcastAudience)}
            >
              {AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t.broadcasts.audiences[a]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {progress !== null ? (
              <span className="text-sm text-muted-foreground" role="status">
                {t.broadcasts.uploading(progress)}
              </span>
            ) : null}
            <Button type="submit" disabled={!canSend}>
              <Send aria-hidden />
              {sending ? t.broadcasts.sending : t.broadcasts.send}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function BroadcastRow({ broadcast: b }: { broadcast: Broadcast }) {
  const counts: [string, string][] = [
    [t.broadcasts.counts.recipients, String(b.recipients)],
    [t.broadcasts.counts.delivered, String(b.delivered)],
    [t.broadcasts.counts.read, String(b.read)],
    [t.broadcasts.counts.purchased, String(b.purchased)],
    [t.broadcasts.counts.revenue, formatCents(majorToCents(b.revenue))],
  ];
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="broadcast-row">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant={b.status === 'sent' ? 'secondary' : 'default'}>
          {b.status === 'sent' ? t.broadcasts.statusSent : t.broadcasts.statusSending}
        </Badge>
        <span>{t.broadcasts.audiences[b.audience]}</span>
        <span aria-hidden>·</span>
        <time dateTime={b.created_at}>
          {format(new Date(b.created_at), "dd/MM/yyyy 'às' HH:mm", { locale: ptBR })}
        </time>
        {b.attachment_kind ? (
          <>
            <span aria-hidden>·</span>
            <span>
              {b.attachment_kind === 'video' ? t.broadcasts.withVideo : t.broadcasts.withImage}
            </span>
          </>
        ) : null}
        {b.price !== null ? (
          <>
            <span aria-hidden>·</span>
            <span>{t.sales.locked.priced(formatCents(majorToCents(b.price)))}</span>
          </>
        ) : null}
      </div>
      {b.text ? (
        <p className="text-sm whitespace-pre-wrap" style={{ overflowWrap: 'anywhere' }}>
          {b.text}
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`count-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {b.skipped > 0 ? (
        <p className="text-xs text-muted-foreground">{t.broadcasts.skipped(b.skipped)}</p>
      ) : null}
    </li>
  );
}
