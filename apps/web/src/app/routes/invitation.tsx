import { useParams } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { InvitationPage } from '@/features/invitations/components/invitation-page';
import { t } from '@/features/invitations/strings';

/**
 * /invitation/:id (login required: a signed-out visitor goes to /login, or on to /signup, with
 * return_to back here): see the invitation to a workspace team and accept it.
 */
export function InvitationRoute() {
  const { id = '' } = useParams();
  return (
    <Page width="narrow">
      <PageHeader title={t.invitation.title} />
      <InvitationPage key={id} id={id} />
    </Page>
  );
}
