import { MailOpen } from 'lucide-react';
import { Page, PageHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';

/** /invitation/:id: accept an invitation to a workspace team. */
export function InvitationRoute() {
  return (
    <Page width="narrow">
      <PageHeader title={t.pages.invitationTitle} />
      <UpcomingSection icon={<MailOpen className="size-5" aria-hidden />}>
        {t.pages.invitationDescription}
      </UpcomingSection>
    </Page>
  );
}
