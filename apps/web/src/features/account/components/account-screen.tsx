import type { ReactNode } from 'react';
import { Page, PageHeader } from '@/components/layout/page';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/me';
import { t } from '../strings';
import {
  AvatarSection,
  DataSection,
  DeleteSection,
  EmailSection,
  NameSection,
  PasswordSection,
  SessionsSection,
} from './account-sections';

/**
 * 'Minha conta': photo, name, e-mail, password, sessions, other features' preferences
 * (`preferences`: the chat's 'Avisos por e-mail'), the data export and deletion.
 */
export function AccountScreen({ preferences }: { preferences?: ReactNode }) {
  const me = useMe();
  return (
    <Page width="narrow">
      <PageHeader title={t.account.title} description={t.account.description} />
      {me.isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label={t.common.loading}>
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : me.isError ? (
        <LoadError message={t.common.genericError} onRetry={() => void me.refetch()} />
      ) : (
        <div className="grid gap-6">
          <AvatarSection me={me.data} />
          <NameSection key={me.data.full_name} me={me.data} />
          <EmailSection me={me.data} />
          <PasswordSection />
          <SessionsSection />
          {preferences}
          <DataSection />
          <DeleteSection />
        </div>
      )}
    </Page>
  );
}
