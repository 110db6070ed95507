import { SettingsPage } from '@/components/layout/page';
import { MembersSettings } from '@/features/members/components/members-settings';
import { t } from '@/features/members/strings';

/** /settings/members ('Membros da Equipe'): invite form, members and pending invitations. */
export function SettingsMembersRoute() {
  return (
    <SettingsPage title={t.settings.members} description={t.members.description}>
      <MembersSettings />
    </SettingsPage>
  );
}
