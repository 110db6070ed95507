import { SectionHeader } from '@/components/layout/page';
import { MembersSettings } from '@/features/members/components/members-settings';
import { t } from '@/i18n/pt-BR';

/** /settings/members ('Membros da Equipe'): invite form, members and pending invitations. */
export function SettingsMembersRoute() {
  return (
    <section>
      <title>{`${t.settings.members} · ${t.brand.name}`}</title>
      <SectionHeader title={t.settings.members} description={t.members.description} />
      <MembersSettings />
    </section>
  );
}
