import { ShoppingBag } from 'lucide-react';
import { Page, PageHeader } from '@/components/layout/page';
import { EmptyState } from '@/components/ui/empty-state';
import { t } from '@/i18n/sales';
import { useSession } from '@/lib/session';
import { usePurchasedPosts } from '../hooks/use-purchases';
import { PostList } from './post-list';

/**
 * /purchases ('Minhas compras', issue 32): the posts the caller bought, newest first, unlocked
 * whatever the subscription, as cards like the feed's.
 */
export function MyPurchasesScreen() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const query = usePurchasedPosts(true);
  return (
    <Page width="narrow">
      <PageHeader title={t.sales.purchases.title} description={t.sales.purchases.description} />
      <PostList
        query={query}
        ws={ws}
        empty={
          <EmptyState
            icon={ShoppingBag}
            title={t.sales.purchases.empty}
            description={t.sales.purchases.emptyText}
          />
        }
      />
    </Page>
  );
}
