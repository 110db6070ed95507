import { useParams } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { VerificationScreen } from '@/features/apps/components/verification-screen';
import { t } from '@/features/apps/strings';

/** /verification/:username: the fan's identity and age check before subscribing. */
export function VerificationRoute() {
  const { username = '' } = useParams();
  return (
    <Page width="narrow">
      <PageHeader title={t.verification.title} description={`@${username}`} />
      <VerificationScreen key={username} username={username} />
    </Page>
  );
}
