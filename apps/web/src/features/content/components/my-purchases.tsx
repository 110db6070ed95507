import { MessageCircle, ShoppingBag } from 'lucide-react';
import { formatCents, isLockedChatAttachment, majorToCents } from '@fa-clube/contract';
import type { MessagePurchase } from '@fa-clube/contract';
import { Link } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { t } from '@/i18n/sales';
import { useSession } from '@/lib/session';
import { usePurchases } from '../hooks/use-purchases';
import { PostList } from './post-list';

/** Where a bought message opens: its conversation, scrolled to it (messages-screen.tsx). */
const purchasedMessageHref = (p: MessagePurchase) =>
  `/messages/${p.workspace.id}/${p.chat_id}?mensagem=${p.item_id}`;

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' });

/** A bought chat message: the creator, its text and file, what was paid, and the way to the chat. */
function PurchasedMessage({ purchase }: { purchase: MessagePurchase }) {
  const { message, workspace } = purchase;
  const attachment = message.attachment;
  const media = attachment && !isLockedChatAttachment(attachment) ? attachment : null;
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex items-center gap-3">
        <Avatar src={workspace.avatar_url} name={workspace.label} className="size-9" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{workspace.label}</p>
          <p className="truncate text-xs text-muted-foreground">
            {t.sales.purchases.messageFrom(workspace.username)} ·{' '}
            <time dateTime={purchase.purchased_at}>
              {dateFormat.format(new Date(purchase.purchased_at))}
            </time>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
          {t.sales.purchases.paid(formatCents(majorToCents(purchase.value)))}
        </span>
      </div>
      {message.text ? <p className="text-sm whitespace-pre-wrap">{message.text}</p> : null}
      {media ? (
        media.kind === 'video' ? (
          <video
            src={media.url}
            controls
            preload="metadata"
            className="max-h-80 w-full rounded-xl bg-black"
          />
        ) : (
          <img
            src={media.url}
            alt={t.sales.purchases.messageImage(workspace.label)}
            loading="lazy"
            className="max-h-80 w-auto max-w-full rounded-xl object-contain"
          />
        )
      ) : null}
      <div>
        <Button asChild variant="outline" size="sm">
          <Link to={purchasedMessageHref(purchase)}>
            <MessageCircle aria-hidden />
            {t.sales.purchases.openChat}
          </Link>
        </Button>
      </div>
    </li>
  );
}

/**
 * /purchases ('Minhas compras', issue 32): the posts the caller bought, as cards like the
 * feed's, and the chat messages they bought (each opens its conversation at that message);
 * unlocked whatever the subscription.
 */
export function MyPurchasesScreen() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const query = usePurchases(true);
  const messages = query.data?.pages.flatMap((p) => p.messages) ?? [];
  const empty = (
    <EmptyState
      icon={ShoppingBag}
      title={t.sales.purchases.empty}
      description={t.sales.purchases.emptyText}
    />
  );
  return (
    <Page width="narrow">
      <PageHeader title={t.sales.purchases.title} description={t.sales.purchases.description} />
      {messages.length > 0 ? (
        <section aria-labelledby="purchased-messages" className="mb-6 grid gap-3">
          <h2 id="purchased-messages" className="text-base font-semibold">
            {t.sales.purchases.messages}
          </h2>
          <ul className="grid gap-3" data-testid="purchased-messages">
            {messages.map((p) => (
              <PurchasedMessage key={p.item_id} purchase={p} />
            ))}
          </ul>
          <h2 className="mt-3 text-base font-semibold">{t.sales.purchases.posts}</h2>
        </section>
      ) : null}
      <PostList
        query={query}
        ws={ws}
        empty={
          messages.length > 0 ? (
            <p className="text-sm text-muted-foreground">{t.sales.purchases.noPosts}</p>
          ) : (
            empty
          )
        }
      />
    </Page>
  );
}
