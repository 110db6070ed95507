import { UserRound } from 'lucide-react';
import { useParams } from 'react-router';
import { Page, PageHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';
import { useSession } from '@/lib/session';

/**
 * /profile (the signed-in user's own profile) and /profile/:username. Not guarded: visitors
 * see the public profile and the plans.
 */
export function ProfileRoute() {
  const { username: param } = useParams();
  const { workspace } = useSession();
  const username = param || workspace?.username || '';
  return (
    <Page>
      <PageHeader
        title={t.pages.profileTitle}
        description={username ? `@${username}` : t.pages.profileOwn}
      />
      <UpcomingSection icon={<UserRound className="size-5" aria-hidden />}>
        {t.pages.profileDescription}
      </UpcomingSection>
    </Page>
  );
}
