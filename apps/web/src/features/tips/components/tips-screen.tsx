import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { HandCoins } from 'lucide-react';
import { TIPS_PAGING, apiPath, formatCents, majorToCents, salesPaths } from '@fa-clube/contract';
import type { Tip, TipsResponse } from '@fa-clube/contract';
import { Page, PageHeader } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { t } from '@/i18n/sales';
import { api } from '@/lib/api-client';
import { infinitePaging } from '@/lib/paging';
import { useSession } from '@/lib/session';

/** GET /tips/{ws}?page=&size= */
const fetchTips = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(salesPaths.workspaceTips, { ws }), {
    query: { page, size: TIPS_PAGING.size },
    schema: 'TipsResponse',
    signal,
  });

/**
 * /tips ('Gorjetas', issue 32): the current workspace's paid tips, newest first, with who sent
 * them, the amount, the message and when; for its owner and members. New ones arrive live in the
 * chat; this list is read again when the page opens.
 */
export function TipsScreen() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const query = useInfiniteQuery({
    queryKey: ['tips', ws ?? ''],
    queryFn: ({ pageParam, signal }) => fetchTips(ws!, pageParam, signal),
    ...infinitePaging(TIPS_PAGING, (page: TipsResponse) => page.tips),
    enabled: Boolean(ws),
  });
  return (
    <Page width="narrow">
      <PageHeader title={t.sales.tips.listTitle} description={t.sales.tips.listDescription} />
      <PagedList
        query={query}
        itemsOf={(page: TipsResponse) => page.tips}
        pageSize={TIPS_PAGING.size}
        errorLog="Falha ao carregar as gorjetas"
        empty={
          <EmptyState
            icon={HandCoins}
            title={t.sales.tips.empty}
            description={t.sales.tips.emptyText}
          />
        }
      >
        {(tips: Tip[]) => (
          <ul
            className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs"
            data-testid="tips-list"
          >
            {tips.map((tip) => (
              <li key={tip.id} className="flex gap-3 p-4" data-testid="tip-row">
                <Avatar name={tip.full_name} className="size-10 text-base" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="truncate font-semibold">{tip.full_name}</p>
                    <p className="shrink-0 font-semibold tabular-nums">
                      {formatCents(majorToCents(tip.value))}
                    </p>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {tip.username ? `@${tip.username} · ` : ''}
                    {format(new Date(tip.paid_at), "dd/MM/yyyy 'às' HH:mm", { locale: ptBR })}
                  </p>
                  {tip.message ? (
                    <p
                      className="mt-1 text-sm whitespace-pre-wrap"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {tip.message}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Page>
  );
}
