import { UsersRound } from 'lucide-react';
import { SectionHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';

/** /settings/members ('Membros da Equipe'): invite form, members and pending invitations. */
export function SettingsMembersRoute() {
  return (
    <section>
      <title>{`${t.settings.members} · ${t.brand.name}`}</title>
      <SectionHeader title={t.settings.members} />
      <UpcomingSection icon={<UsersRound className="size-5" aria-hidden />}>
        {t.settings.membersDescription}
      </UpcomingSection>
    </section>
  );
}
