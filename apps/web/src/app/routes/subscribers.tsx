import { Users } from 'lucide-react';
import { Page, PageHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';

/** /subscribers ('Assinantes'). */
export function SubscribersRoute() {
  return (
    <Page>
      <PageHeader title={t.pages.subscribersTitle} />
      <UpcomingSection icon={<Users className="size-5" aria-hidden />}>
        {t.pages.subscribersDescription}
      </UpcomingSection>
    </Page>
  );
}
