import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { fetchSubscribersCsv } from '../api/subscribers-api';
import { useCurrentWorkspace, usePendingCharges } from '../hooks/use-subscribers';
import { PaidSales } from './paid-sales';
import { PaymentReviews } from './payment-reviews';
import { PendingCharges } from './pending-charges';
import { SubscriberList } from './subscriber-list';
import { UnmatchedPix } from './unmatched-pix';

/** /subscribers: 'Assinantes' and 'Pagamentos pendentes', with the CSV export. */
export function SubscribersScreen() {
  const { id: ws, isOwner } = useCurrentWorkspace();
  return (
    <Page>
      <PageHeader
        title={t.subscriptions.subscribers.title}
        description={t.subscriptions.subscribers.description}
        actions={ws ? <ExportButton ws={ws} /> : null}
      />
      {ws ? (
        <SubscribersTabs ws={ws} isOwner={isOwner} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner className="size-6 text-primary" />
        </div>
      )}
    </Page>
  );
}

function SubscribersTabs({ ws, isOwner }: { ws: string; isOwner: boolean }) {
  const pending = usePendingCharges(ws);
  const pendingTotal = pending.data?.pages.at(-1)?.total ?? 0;
  // ?aba=pendentes opens 'Pagamentos pendentes' (the first screen's card, the e-mail digest)
  const [params] = useSearchParams();
  return (
    <Tabs defaultValue={params.get('aba') === 'pendentes' ? 'pending' : 'subscribers'}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="subscribers" className="sm:px-4">
          {t.subscriptions.subscribers.tabSubscribers}
        </TabsTrigger>
        <TabsTrigger value="pending" className="sm:px-4">
          {t.subscriptions.subscribers.tabPending}
          {pendingTotal > 0 ? (
            <Badge className="h-5 min-w-5 px-1.5 text-[11px]">{pendingTotal}</Badge>
          ) : null}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="subscribers" className="pt-2">
        <SubscriberList ws={ws} />
      </TabsContent>
      <TabsContent value="pending" className="pt-2">
        {isOwner ? <PaymentReviews ws={ws} /> : null}
        <PendingCharges ws={ws} isOwner={isOwner} />
        <UnmatchedPix ws={ws} isOwner={isOwner} />
        <PaidSales ws={ws} isOwner={isOwner} />
      </TabsContent>
    </Tabs>
  );
}

function ExportButton({ ws }: { ws: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchSubscribersCsv(ws), t.subscriptions.subscribers.exportFile);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} onClick={() => void run()}>
      {busy ? null : <Download aria-hidden />}
      {t.subscriptions.subscribers.exportCsv}
    </Button>
  );
}
