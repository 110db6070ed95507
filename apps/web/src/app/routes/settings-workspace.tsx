import { UserRoundPen } from 'lucide-react';
import { SectionHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';

/** /settings/workspace ('Perfil'): cover, avatar, appearance, name, username, description. */
export function SettingsWorkspaceRoute() {
  return (
    <section>
      <title>{`${t.settings.workspace} · ${t.brand.name}`}</title>
      <SectionHeader title={t.settings.workspace} />
      <UpcomingSection icon={<UserRoundPen className="size-5" aria-hidden />}>
        {t.settings.workspaceDescription}
      </UpcomingSection>
    </section>
  );
}
