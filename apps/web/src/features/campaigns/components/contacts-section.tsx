import type { EmailContact } from '@fa-clube/contract';
import { Search, Trash2, Upload, Users } from 'lucide-react';
import { Suspense, lazy, useDeferredValue, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardPager } from '@/components/ui/card-pager';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useContacts, useDeleteContact } from '../hooks/use-campaigns';
import { t } from '../strings';

// the dialog (its form and the CSV reader) loads when it opens, not with the page
const ImportContactsDialog = lazy(() =>
  import('./import-contacts-dialog').then((m) => ({ default: m.ImportContactsDialog })),
);

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/**
 * 'Contatos importados': the people outside the platform who agreed to receive the workspace's
 * e-mails, with how and when; the owner imports and deletes, the team reads.
 */
export function ContactsSection({ ws, isOwner }: { ws: string; isOwner: boolean }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const list = useContacts(ws, page, q);
  const remove = useDeleteContact(ws);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<EmailContact | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.size)) : 1;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(t.contacts.removed);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby="contacts-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-0.5">
          <h2 id="contacts-title" className="font-semibold">
            {t.contacts.title}
            {list.data && list.data.total > 0 && !q ? (
              <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">
                {t.contacts.total(list.data.total)}
              </span>
            ) : null}
          </h2>
          <p className="text-[13px] text-muted-foreground">{t.contacts.description}</p>
        </div>
        {isOwner ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setImporting(true)}
          >
            <Upload aria-hidden />
            {t.contacts.import}
          </Button>
        ) : null}
      </div>

      {list.isError ? (
        <LoadError message={t.contacts.loadError} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : list.data.total === 0 && !q ? (
        <EmptyState icon={Users} title={t.contacts.emptyTitle} description={t.contacts.emptyText} />
      ) : (
        <Card className="gap-0 py-0">
          <div className="border-b px-4 py-3 sm:px-5">
            <label className="relative block max-w-sm">
              <span className="sr-only">{t.contacts.search}</span>
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                placeholder={t.contacts.searchPlaceholder}
                maxLength={100}
                className="pl-9"
              />
            </label>
          </div>
          {list.data.contacts.length === 0 ? (
            <p className="px-5 py-8 text-center text-sm text-muted-foreground">
              {t.contacts.noMatch}
            </p>
          ) : (
            <ul aria-label={t.contacts.listLabel} className="divide-y">
              {list.data.contacts.map((c) => (
                <li
                  key={c.id}
                  aria-label={c.email}
                  className="flex items-center gap-3 px-4 py-3 sm:px-5"
                >
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="flex min-w-0 items-center gap-2">
                      <span className="truncate font-medium">{c.name ?? c.email}</span>
                      {c.unsubscribed ? (
                        <Badge variant="secondary" className="shrink-0">
                          {t.contacts.unsubscribed}
                        </Badge>
                      ) : c.confirmed_at ? (
                        <Badge variant="success" className="shrink-0">
                          {t.contacts.confirmed}
                        </Badge>
                      ) : (
                        <Badge
                          variant="outline"
                          className="shrink-0"
                          title={t.contacts.pendingHint}
                        >
                          {t.contacts.pending}
                        </Badge>
                      )}
                    </p>
                    <p className="truncate text-[13px] text-muted-foreground">
                      {c.name ? `${c.email} · ` : ''}
                      {t.contacts.consent(
                        t.contacts.methods[c.opt_in.method],
                        dateFormat.format(new Date(c.opt_in.at)),
                      )}
                    </p>
                  </div>
                  {isOwner ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t.contacts.remove(c.email)}
                      onClick={() => setRemoving(c)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <CardPager page={page} pages={pages} onPage={setPage} />
        </Card>
      )}

      {importing ? (
        <Suspense fallback={null}>
          <ImportContactsDialog ws={ws} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        pending={remove.isPending}
        title={t.contacts.removeTitle}
        description={t.contacts.removeText(removing?.email ?? '')}
        confirmLabel={t.contacts.removeConfirm}
        destructive
        onConfirm={confirmRemove}
      />
    </section>
  );
}
